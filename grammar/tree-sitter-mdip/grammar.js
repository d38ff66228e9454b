/**
 * @file Tree-sitter grammar for the mdip order notation (grammar/README.md is the contract).
 * @license MIT OR Apache-2.0
 */

/* eslint-disable no-undef */
// @ts-check

/**
 * A case-insensitive regular expression for a keyword.
 * @param {string} word
 */
function ci(word) {
  return new RegExp(
    word
      .split('')
      .map((c) => (/[a-z]/i.test(c) ? `[${c.toLowerCase()}${c.toUpperCase()}]` : c.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
      .join(''),
  );
}

/**
 * A keyword: case-insensitive in the text, shown as its lower-case spelling in the tree.
 * @param {string} word
 */
function kw(word) {
  return alias(ci(word), word.toLowerCase());
}

/**
 * A keyword that wins over a word where both may come (`from` after the unit of `@dislodged`).
 * @param {string} word
 */
function strongKw(word) {
  return alias(token(prec(2, ci(word))), word.toLowerCase());
}

/** Keywords that may stand in for one another. */
function kws(...words) {
  return choice(...words.map(kw));
}

module.exports = grammar({
  name: 'mdip',

  externals: ($) => [$._newline],

  extras: ($) => [/[ \t\r\f\v\ufeff\p{Zs}]/, $.comment],

  word: ($) => $._word,

  conflicts: ($) => [
    // A line that starts with a word may begin a new block (a header) or be an order with its
    // power in front (`England: F lon - yor`); the next tokens decide.
    [$.block],
    // `@expect owner <province> <power>`: the last word is the power.
    [$.name],
    // `A bud-gal`: the hyphen joins the word (one name) or is the arrow of players' shorthand;
    // the shorthand wins where the order can end there (dynamic precedence).
    [$._hyphenated],
  ],

  rules: {
    source_file: ($) => seq(repeat($._line), repeat($.block)),

    block: ($) => seq(field('header', $.block_header), $._newline, repeat($._line)),

    block_header: ($) =>
      choice(
        seq(field('power', $.power), optional(field('season', choice($.season, $.season_words))), optional(':')),
        seq(field('season', $.season_words), optional(':')),
      ),

    // A season of a standard game in words: `Spring 1901`, `Autumn 1901`, or jDip's and DAIDE's
    // compact form with the phase, `S1901M`, `F1901R`, `W1901A`.
    season_words: ($) =>
      choice(
        seq(kws('spring', 'fall', 'autumn', 'winter'), field('year', $.integer)),
        token(prec(2, /[sSfFwW][0-9]+[mMrRaAbB]/)),
      ),

    _line: ($) => seq(optional(choice($.order, $.directive)), $._newline),

    // ---- Orders ----------------------------------------------------------------------------

    order: ($) =>
      seq(
        optional(seq(field('power', $.power), ':')),
        choice($.hold, $.move, $.support, $.convoy, $.retreat, $.disband, $.build, $.remove, $.waive),
        optional(field('outcome', $.outcome)),
      ),

    hold: ($) => seq(field('unit', $.unit), optional(kws('hold', 'holds', 'h'))),

    move: ($) =>
      choice(
        seq(field('unit', $.unit), $._arrow, field('destination', $.location), optional($.via_convoy)),
        $._shorthand,
      ),

    // Players' shorthand (grammar/README.md §3): a hyphen with no space around it, where the
    // order could end, is the arrow of a move (`A bud-gal`, `F stp/sc-bot`). The parser of
    // crates/mdip-syntax reads it so until the map says the word is one name (`F Mid-Atlantic`),
    // which a grammar cannot know; the reading as one name stays possible and loses.
    _shorthand: ($) =>
      prec.dynamic(
        1,
        seq(field('unit', $.unit), alias($._hyphen, '-'), field('destination', $._shorthand_location), optional($.via_convoy)),
      ),

    _shorthand_location: ($) => alias($._shorthand_loc, $.location),

    _shorthand_loc: ($) => field('province', alias($._shorthand_province, $.province)),

    _shorthand_province: ($) =>
      seq(field('name', alias($._shorthand_name, $.name)), optional(field('coast', $.coast))),

    _shorthand_name: ($) => seq($._joined, repeat(seq($._hyphen, $._joined))),

    via_convoy: ($) => seq(kw('via'), kws('convoy')),

    support: ($) =>
      seq(
        field('unit', $.unit),
        kws('supports', 'support', 's'),
        choice(
          seq(field('supported', $.unit), optional(seq($._arrow, field('destination', $.location)))),
          prec.dynamic(1, seq(field('supported', $.unit), alias($._hyphen, '-'), field('destination', $._shorthand_location))),
        ),
      ),

    convoy: ($) =>
      seq(
        field('unit', $.unit),
        kws('convoys', 'convoy', 'c'),
        field('convoyed', $.unit),
        choice(
          seq($._arrow, field('destination', $.location)),
          seq(alias($._hyphen, '-'), field('destination', $._shorthand_location)),
        ),
      ),

    retreat: ($) =>
      choice(
        seq(field('unit', $.unit), kws('retreats', 'retreat', 'r'), optional($._arrow), field('destination', $.location)),
        seq(kws('retreats', 'retreat', 'r'), field('unit', $.unit), $._arrow, field('destination', $.location)),
        prec.dynamic(
          1,
          seq(kws('retreats', 'retreat', 'r'), field('unit', $.unit), alias($._hyphen, '-'), field('destination', $._shorthand_location)),
        ),
      ),

    disband: ($) =>
      choice(
        seq(field('unit', $.unit), kws('disbands', 'disband', 'd')),
        seq(kws('disbands', 'disband', 'd'), field('unit', $.unit)),
        // `Disband gol`: the unit standing there, written without its type.
        prec.dynamic(-1, seq(kws('disbands', 'disband', 'd'), field('unit', alias($.location, $.unit)))),
      ),

    build: ($) =>
      choice(
        seq(kws('builds', 'build', 'b'), field('unit', $.unit)),
        seq(field('unit', $.unit), kws('builds', 'build', 'b')),
      ),

    remove: ($) =>
      choice(
        seq(kws('removes', 'remove'), field('unit', $.unit)),
        seq(field('unit', $.unit), kws('removes', 'remove')),
        // `Remove gol`: the unit standing there, written without its type.
        prec.dynamic(-1, seq(kws('removes', 'remove'), field('unit', alias($.location, $.unit)))),
      ),

    waive: (_) => kws('waives', 'waive'),

    _arrow: (_) => choice('-', '->', kw('to')),

    outcome: (_) => seq('=>', field('result', kws('succeeds', 'fails', 'illegal', 'any'))),

    // ---- Units, places, names --------------------------------------------------------------

    unit: ($) =>
      seq(field('type', $.unit_type), field('province', $.province), optional(field('season', $.season))),

    unit_type: (_) => kws('a', 'f', 'army', 'fleet'),

    location: ($) => seq(field('province', $.province), optional(field('season', $.season))),

    province: ($) => seq(field('name', $.name), optional(field('coast', $.coast))),

    name: ($) => repeat1($._hyphenated),

    // In a list of provinces without commas, a name takes every word it can.
    _greedy_name: ($) => prec.right(repeat1($._hyphenated)),

    _greedy_province: ($) =>
      seq(field('name', alias($._greedy_name, $.name)), optional(field('coast', $.coast))),

    coast: ($) =>
      choice(seq('(', alias(repeat1($._word), $.coast_name), ')'), seq('/', alias($._word, $.coast_name))),

    power: ($) => $._hyphenated,

    // `X:Y`: turn X in timeline Y.
    season: (_) => /[0-9]+:[0-9]+/,

    // A word as crates/mdip-syntax/src/lexer.rs reads it: letters, digits, `.`, `'`, and `-`
    // inside the word (`Mid-Atlantic`, `St.`). Its pieces are tokens of their own, joined by
    // hyphens with no space around them, so that a hyphen may instead be the arrow of players'
    // shorthand (`A bud-gal`).
    _hyphenated: ($) => seq($._word, repeat(seq($._hyphen, $._joined))),

    _word: (_) => /[\p{L}\p{N}\p{M}][\p{L}\p{N}\p{M}.']*/,

    // A piece of a word after a hyphen, and that hyphen: no space before either.
    _joined: (_) => token.immediate(/[\p{L}\p{N}\p{M}][\p{L}\p{N}\p{M}.']*/),

    _hyphen: (_) => token.immediate('-'),

    integer: (_) => /[0-9]+/,

    comment: (_) => token(seq('#', /[^\r\n]*/)),

    // ---- Directives ------------------------------------------------------------------------

    directive: ($) =>
      choice(
        $.map_directive,
        $.rules_directive,
        $.start_directive,
        $.unit_directive,
        $.owns_directive,
        $.phase_directive,
        $.turn_directive,
        $.season_directive,
        $.record_directive,
        $.dislodged_directive,
        $.standoff_directive,
        $.game_directive,
        $.expect_directive,
      ),

    rules_directive: ($) =>
      seq(
        alias(ci('@rules'), '@rules'),
        field('value', alias($._word, $.value)),
        // The second word of a rule set (`5dd strict`), then options and their choices
        // (`convoy-intent any-fleet`): words, checked by the analysis against the rule table.
        repeat(field('option', alias($._hyphenated, $.value))),
      ),

    // `@map ancient-mediterranean`, `@map "./my-variant"`: the map the file is played on, a
    // built-in map's name or a variant folder in double quotes; the rest of the line, as the
    // parser reads it (an unknown name is the analysis' E0205, not a syntax error).
    map_directive: ($) =>
      seq(
        alias(ci('@map'), '@map'),
        field('value', choice(alias(/"[^"\r\n]*"/, $.path), alias(/[^\s#"][^\r\n#]*/, $.value))),
      ),

    start_directive: ($) => seq(alias(ci('@start'), '@start'), field('value', alias($._word, $.value))),

    unit_directive: ($) =>
      seq(alias(ci('@unit'), '@unit'), field('power', $.power), field('unit', $.unit)),

    owns_directive: ($) =>
      seq(
        alias(ci('@owns'), '@owns'),
        field('power', $.power),
        repeat(seq(field('province', alias($._greedy_province, $.province)), optional(','))),
        optional(field('season', $.season)),
      ),

    // `@phase adjustment 2:0 2:1`: the seasons name the boards of a starting adjustment phase.
    phase_directive: ($) =>
      seq(
        alias(ci('@phase'), '@phase'),
        field('value', alias($._word, $.value)),
        repeat(seq(field('season', $.season), optional(','))),
      ),

    // `@season 1:1 from 0:0`: a season that exists before the first step.
    season_directive: ($) =>
      seq(
        alias(ci('@season'), '@season'),
        field('season', $.season),
        optional(seq(strongKw('from'), field('from', $.season))),
      ),

    // `@record Germany: A Munich 0:0 - Tyrolia => fails`: a stored order of a past season.
    record_directive: ($) => seq(alias(ci('@record'), '@record'), field('order', $.order)),

    turn_directive: ($) => seq(alias(ci('@turn'), '@turn'), field('value', $.integer)),

    // `@dislodged Austria A Tyrolia from Munich by convoy` (setup of a retreat phase).
    dislodged_directive: ($) =>
      seq(
        alias(ci('@dislodged'), '@dislodged'),
        field('power', $.power),
        field('unit', $.unit),
        optional(seq(strongKw('from'), field('from', $.province))),
        optional(seq(strongKw('by'), kw('convoy'))),
      ),

    // `@game 6.A.1`: a new game; its name is the rest of the line.
    game_directive: ($) => seq(alias(ci('@game'), '@game'), optional(field('name', alias(/[^\s#][^\r\n#]*/, $.value)))),

    standoff_directive: ($) =>
      seq(
        alias(ci('@standoff'), '@standoff'),
        repeat(seq(field('province', alias($._greedy_province, $.province)), optional(','))),
      ),

    expect_directive: ($) =>
      seq(
        alias(ci('@expect'), '@expect'),
        choice(
          seq(kw('unit'), field('power', $.power), field('unit', $.unit)),
          // `@expect has [Power] A Munich 1:0`: the unit stands there, whatever else does.
          seq(kw('has'), optional(field('power', $.power)), field('unit', $.unit)),
          seq(kw('dislodged'), field('power', $.power), field('unit', $.unit)),
          // `@expect dislodged except disbanded`: units with nowhere to retreat are not listed.
          seq(kw('dislodged'), strongKw('except'), kw('disbanded')),
          seq(
            kw('retreats'),
            field('power', $.power),
            field('unit', $.unit),
            ':',
            choice(strongKw('none'), seq(field('province', $.province), repeat(seq(',', field('province', $.province))))),
          ),
          seq(kw('empty'), field('season', $.season)),
          seq(kw('seasons'), repeat(field('season', $.season))),
          seq(kw('timelines'), repeat(field('timeline', $.integer))),
          seq(kw('heads'), repeat(field('season', $.season))),
          seq(kw('owner'), field('province', $.province), field('power', $.power), optional(field('season', $.season))),
          seq(kw('winner'), field('power', $.power)),
          seq(kws('error', 'warning'), field('code', alias($._word, $.code))),
        ),
      ),
  },
});
