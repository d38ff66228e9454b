" Settings for .mdip buffers.
if exists('b:did_ftplugin')
  finish
endif
let b:did_ftplugin = 1

setlocal commentstring=#\ %s
setlocal comments=:#
setlocal iskeyword=@,48-57,_,192-255,-,.,'
setlocal formatoptions-=t formatoptions+=croql

let b:undo_ftplugin = 'setlocal commentstring< comments< iskeyword< formatoptions<'
