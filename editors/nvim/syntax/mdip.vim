" Vim syntax file for the mdip order notation (grammar/README.md). Used when tree-sitter
" highlighting is not enabled for the buffer.
if exists('b:current_syntax')
  finish
endif

syntax case ignore

syntax match mdipProvince /\v[[:alnum:].'’]+(-\a[[:alnum:].'’]*)*/ contained
syntax match mdipSeason /\v(\d|:)@<!\d+:\d+\d@!/
syntax match mdipArrow /\v-\>|(^|\s)\zs-\ze(\s|$)/
syntax keyword mdipUnitType a f army fleet
syntax keyword mdipKeyword hold holds h supports support s convoys convoy c retreats retreat r
syntax keyword mdipKeyword disbands disband d builds build b removes remove waives waive to via
syntax match mdipCoast /\v\(\s*\a[[:alpha:] ]*\)|\/\s*\a+/
syntax match mdipOutcome /\v\=\>\s*\S*/ contains=mdipOutcomeWord,mdipOutcomeArrow
syntax match mdipOutcomeArrow /=>/ contained
syntax keyword mdipOutcomeWord succeeds fails illegal contained
syntax match mdipHeader /\v^\s*((waives?|builds?|removes?|disbands?|retreats?|b|d|r|a|f|army|fleet)>)@![[:alnum:].'’-]+(\s+\d+:\d+)?\s*:?\s*(#.*)?$/ contains=mdipPower,mdipSeason,mdipComment
syntax match mdipPower /\v^\s*\zs[[:alnum:].'’-]+/ contained
syntax match mdipPowerPrefix /\v^\s*\zs[[:alnum:].'’-]+\ze\s*:\s/
syntax match mdipDirective /\v^\s*\@(rules|start|unit|owns|phase|turn|season|record|dislodged|standoff|game|expect)>/
syntax match mdipBadDirective /\v^\s*\@(rules|start|unit|owns|phase|turn|season|record|dislodged|standoff|game|expect)@![^ \t#]*/
syntax keyword mdipExpectation unit dislodged empty seasons timelines heads owner winner error warning
syntax match mdipComment /#.*$/ contains=@Spell

highlight default link mdipComment Comment
highlight default link mdipKeyword Keyword
highlight default link mdipUnitType Type
highlight default link mdipArrow Operator
highlight default link mdipSeason Number
highlight default link mdipCoast Constant
highlight default link mdipOutcomeArrow Operator
highlight default link mdipOutcomeWord Constant
highlight default link mdipOutcome Error
highlight default link mdipPower Identifier
highlight default link mdipPowerPrefix Identifier
highlight default link mdipDirective PreProc
highlight default link mdipBadDirective Error
highlight default link mdipExpectation Keyword

let b:current_syntax = 'mdip'
