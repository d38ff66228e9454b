-- The mdip language server for Neovim 0.11+'s built-in configuration:
--
--   vim.lsp.enable('mdip')
--
-- starts `mdip lsp` for .mdip buffers (filetype mdip), rooted at the nearest folder holding
-- `.git`, else the file's own folder, with inlay hints on. Override any field with
-- vim.lsp.config('mdip', { cmd = { '/path/to/mdip', 'lsp' } }). The table comes from
-- require('mdip').lsp_config(), which require('mdip').setup() uses too.
return require('mdip').lsp_config()
