; Syntax highlighting of .mdip files. Capture names follow the common tree-sitter conventions
; (nvim-treesitter, Helix, Zed), with fallbacks understood by the tree-sitter CLI.

(comment) @comment

; Order keywords.
[
  "hold" "holds" "h"
  "supports" "support" "s"
  "convoys" "convoy" "c"
  "retreats" "retreat" "r"
  "disbands" "disband" "d"
  "builds" "build" "b"
  "removes" "remove"
  "waives" "waive"
  "to"
  "via"
] @keyword

; Move arrows.
["-" "->"] @operator

; Unit types.
(unit_type) @type.builtin

; Powers: block headers, the power in front of an order, powers in directives.
((power) @constant.builtin
  (#match? @constant.builtin "^[nN][oO][nN][eE]$"))
((power) @module
  (#not-match? @module "^[nN][oO][nN][eE]$"))

; Provinces and coasts.
(province name: (name) @variable)
(coast_name) @property

; Seasons (`X:Y`, `Spring 1901`, `S1901M`) and plain numbers.
(season) @number
(season_words) @number
(season_words ["spring" "fall" "autumn" "winter"] @number)
(integer) @number

; Expected outcomes: `=> succeeds`, `=> fails`, `=> illegal`, `=> any`.
(outcome "=>" @operator)
(outcome ["succeeds" "fails" "illegal" "any"] @constant.builtin)

; Directives.
[
  "@map" "@rules" "@start" "@unit" "@owns" "@phase" "@turn" "@season" "@record" "@dislodged" "@standoff"
  "@game" "@expect"
] @keyword.directive
[
  "unit" "has" "dislodged" "retreats" "empty" "seasons" "timelines" "heads" "owner" "winner" "error"
  "warning"
] @keyword
(dislodged_directive ["from" "by" "convoy"] @keyword)
(season_directive "from" @keyword)
(expect_directive ["except" "disbanded"] @keyword)
(expect_directive "none" @constant.builtin)
(value) @constant
(path) @string.special.path
(code) @string.special

; Punctuation.
["(" ")"] @punctuation.bracket
[":" "," "/"] @punctuation.delimiter

