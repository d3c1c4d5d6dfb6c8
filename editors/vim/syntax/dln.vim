" Vim syntax file
" Language:    DLN, the Diloti notation (grammar/dln.lark; docs/notation.md)
" Colours the same kinds as the Pygments lexer dln/views/lexer.py.

if exists("b:current_syntax")
  finish
endif

syn case match

" [Event "Club night"]
syn match  dlnTag      /^\s*\[[A-Za-z_][A-Za-z0-9_]*\s\+"\%([^"\\]\|\\.\)*"\s*\]/ contains=dlnTagName,dlnString
syn match  dlnTagName  /\[\zs[A-Za-z_][A-Za-z0-9_]*/ contained
syn region dlnString   start=/"/ skip=/\\./ end=/"/ contained oneline

" Comments: {…} may span lines and escapes \{ \} \\; ; runs to the end of the line.
syn region dlnComment  start=/{/ skip=/\\[{}\\]/ end=/}/ contains=dlnEscape
syn match  dlnEscape   /\\[{}\\]/ contained
syn match  dlnLineComment /;.*$/

syn keyword dlnKeyword round setup dealer deal table deck turn captured xeris last seen rest redeal score group of

" Seats and sides, a hand's seat (N:), move numbers, values and counts.
syn match  dlnSeat     /\<\%(NS\|EW\|[NESW]\)\>/
syn match  dlnNumber   /\<\d\+\.\=/
syn match  dlnNumber   /\<\d\+s\>/
" Cards (after the numbers: where both match, the one defined last wins): 10d 9c As Td, suit letters in either case or the suit symbols.
syn match  dlnCard     /\<\%(10\|[2-9AJQKT]\)[cdhsCDHS]\>/
syn match  dlnCard     /\%(10\|[2-9AJQKT]\)[♣♦♥♠]/
" x captures, = declares, + joins, * marks a xeri.
syn match  dlnOperator /\<x\>/
syn match  dlnOperator /[=+*]/
" Glyphs and numbered glyphs; in a hand line a lone ? is an unknown card, drawn the same way.
syn match  dlnGlyph    /!!\|??\|!?\|?!\|!\|?/
syn match  dlnGlyph    /\$\d\+/
syn match  dlnParen    /[()\[\]]/

hi def link dlnTag         Delimiter
hi def link dlnTagName     Identifier
hi def link dlnString      String
hi def link dlnComment     Comment
hi def link dlnLineComment Comment
hi def link dlnEscape      SpecialChar
hi def link dlnKeyword     Keyword
hi def link dlnCard        Constant
hi def link dlnSeat        Type
hi def link dlnNumber      Number
hi def link dlnOperator    Operator
hi def link dlnGlyph       PreProc
hi def link dlnParen       Delimiter

let b:current_syntax = "dln"
