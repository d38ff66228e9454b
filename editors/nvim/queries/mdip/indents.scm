; Every line of an .mdip file starts at column 0: headers, orders and directives are never nested,
; so a new line keeps no indentation.
[
  (block_header)
  (order)
  (directive)
] @indent.zero
