" .mdip files: Diplomacy and 5D Diplomacy order files.
autocmd BufRead,BufNewFile *.mdip setfiletype mdip
