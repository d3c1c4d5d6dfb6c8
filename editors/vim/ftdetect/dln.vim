" DLN, the Diloti notation (https://github.com/dln/dln): *.dln files.
autocmd BufNewFile,BufRead *.dln setfiletype dln
