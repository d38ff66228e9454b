-- Run by run.sh inside `nvim --headless -u NONE`. Prints one line per check and exits with
-- status 1 on the first failure.

local passed, skipped = 0, 0

local function finish(code)
  io.stdout:write(string.format('%d passed, %d failed%s\n', passed, code == 0 and 0 or 1,
    skipped > 0 and string.format(', %d skipped', skipped) or ''))
  io.stdout:flush()
  vim.cmd(code == 0 and 'qall!' or 'cquit! 1')
end

local function check(name, ok, detail)
  if ok then
    passed = passed + 1
    io.stdout:write('ok   ' .. name .. '\n')
  else
    io.stdout:write('FAIL ' .. name .. (detail and (': ' .. detail) or '') .. '\n')
    finish(1)
    error('stop')
  end
end

local function run()
  vim.cmd('filetype plugin indent on')
  vim.cmd('syntax on')
  local sample = os.getenv('MDIP_NVIM_SAMPLE')
  vim.cmd('edit ' .. vim.fn.fnameescape(sample))
  local bufnr = vim.api.nvim_get_current_buf()

  check('filetype is mdip', vim.bo.filetype == 'mdip', 'got ' .. vim.bo.filetype)
  check('commentstring is "# %s"', vim.bo.commentstring == '# %s', 'got ' .. vim.bo.commentstring)
  check('syntax is loaded', vim.b.current_syntax == 'mdip', tostring(vim.b.current_syntax))
  check('queries are shipped', #vim.api.nvim_get_runtime_file('queries/mdip/highlights.scm', false) == 1)

  if os.getenv('MDIP_NVIM_PARSER') then
    local ts = vim.treesitter
    local add = (ts.language and ts.language.add) or ts.require_language
    check('the tree-sitter parser loads', pcall(add, 'mdip'))
    local tree = ts.get_parser(bufnr, 'mdip'):parse()[1]
    check('the sample parses without errors', not tree:root():has_error())
    local parse_query = (ts.query and ts.query.parse) or ts.parse_query
    for _, name in ipairs({ 'highlights', 'folds', 'indents' }) do
      local file = vim.api.nvim_get_runtime_file('queries/mdip/' .. name .. '.scm', false)[1]
      local ok, err = pcall(parse_query, 'mdip', table.concat(vim.fn.readfile(file), '\n'))
      check('queries/mdip/' .. name .. '.scm is valid', ok, tostring(err))
    end
  else
    skipped = skipped + 1
    io.stdout:write('skip tree-sitter checks: no C compiler\n')
  end

  local mdip = require('mdip')
  check('setup() without a server binary does not fail', pcall(mdip.setup, { cmd = { '/nonexistent/mdip', 'lsp' }, autostart = false }))
  check(':MdipRestart and :MdipReport exist', vim.fn.exists(':MdipRestart') == 2 and vim.fn.exists(':MdipReport') == 2)
  check('root_dir falls back to the file folder', mdip.root_dir(bufnr) == vim.fn.fnamemodify(sample, ':p:h'), mdip.root_dir(bufnr))

  local exe = os.getenv('MDIP')
  if exe == nil or exe == '' then
    skipped = skipped + 1
    io.stdout:write('skip LSP checks: $MDIP is not set (MDIP=path/to/mdip editors/nvim/test/run.sh)\n')
    finish(0)
    return
  end

  mdip.setup({ cmd = { exe, 'lsp' } })
  -- Re-trigger FileType so that every Neovim version takes the same path.
  vim.cmd('edit!')
  bufnr = vim.api.nvim_get_current_buf()
  local attached = vim.wait(15000, function()
    return #mdip.clients(bufnr) > 0 and mdip.clients(bufnr)[1].initialized ~= false
  end, 100)
  check('the server attaches', attached)

  local function unknown_province_diagnostics()
    local found = {}
    for _, d in ipairs(vim.diagnostic.get(bufnr)) do
      if d.lnum == 4 and (tostring(d.code or ''):match('^E02') or d.message:lower():match('province')) then
        table.insert(found, d)
      end
    end
    return found
  end
  local got = vim.wait(15000, function()
    return #unknown_province_diagnostics() > 0
  end, 100)
  local all = {}
  for _, d in ipairs(vim.diagnostic.get(bufnr)) do
    table.insert(all, string.format('%d:%s %s', d.lnum + 1, tostring(d.code), d.message))
  end
  check('a diagnostic for the unknown province appears', got, 'diagnostics: ' .. table.concat(all, ' | '))

  -- Hover over "Munich" (line 3).
  vim.api.nvim_win_set_cursor(0, { 3, 3 })
  local params = vim.lsp.util.make_position_params()
  local hover = vim.lsp.buf_request_sync(bufnr, 'textDocument/hover', params, 10000) or {}
  local hover_text = nil
  for _, res in pairs(hover) do
    if res.result and res.result.contents then
      local lines = vim.lsp.util.convert_input_to_markdown_lines(res.result.contents)
      hover_text = table.concat(lines, '\n')
    end
  end
  check('a hover is returned', hover_text ~= nil and hover_text:match('%S') ~= nil, vim.inspect(hover))

  -- Completion after "A Ber" on a new line.
  vim.api.nvim_buf_set_lines(bufnr, 5, 5, false, { 'A Ber' })
  vim.api.nvim_win_set_cursor(0, { 6, 5 })
  params = vim.lsp.util.make_position_params()
  params.context = { triggerKind = 1 }
  local completion = vim.lsp.buf_request_sync(bufnr, 'textDocument/completion', params, 10000) or {}
  local items = {}
  for _, res in pairs(completion) do
    local result = res.result or {}
    for _, item in ipairs(result.items or result) do
      table.insert(items, item.label)
    end
  end
  check('a completion item is returned', #items > 0, vim.inspect(completion))
  vim.api.nvim_buf_set_lines(bufnr, 5, 6, false, {})

  -- Fixing the province clears its diagnostic.
  vim.api.nvim_buf_set_lines(bufnr, 4, 5, false, { 'A Ruhr hold' })
  local cleared = vim.wait(15000, function()
    return #unknown_province_diagnostics() == 0
  end, 100)
  check('an edit clears the diagnostic', cleared)

  for _, client in ipairs(mdip.clients()) do
    client.stop()
  end
  vim.wait(2000, function()
    return #mdip.clients() == 0
  end, 50)
  finish(0)
end

local ok, err = pcall(run)
if not ok and err ~= 'stop' and not tostring(err):match('stop$') then
  io.stdout:write('FAIL error: ' .. tostring(err) .. '\n')
  finish(1)
end
