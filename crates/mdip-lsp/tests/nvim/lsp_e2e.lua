-- End-to-end test of the mdip language server with a real Neovim (0.7 or later), no plugin:
--
--   MDIP=path/to/mdip nvim --headless -n -i NONE -u NONE -c 'luafile lsp_e2e.lua'
--
-- Starts `$MDIP lsp` on a sample file and checks: a diagnostic for an unknown province, a
-- hover on a unit, a completion item, and that an edit clears the diagnostic. Writes one line
-- per check to standard output and exits with status 0 when all pass, 1 otherwise.
-- MDIP_E2E_DIR names a folder for the sample (default: a temporary one).

local passed = 0

local function out(line)
  io.stdout:write(line .. '\n')
  io.stdout:flush()
end

local function finish(code)
  out(string.format('nvim e2e: %d passed, %s', passed, code == 0 and 'all ok' or 'FAILED'))
  vim.cmd(code == 0 and 'qall!' or 'cquit! 1')
end

local function check(name, ok, detail)
  if ok then
    passed = passed + 1
    out('ok   ' .. name)
  else
    out('FAIL ' .. name .. (detail and (': ' .. tostring(detail)) or ''))
    finish(1)
    error('stop')
  end
end

local function run()
  local exe = os.getenv('MDIP')
  check('$MDIP names the server', exe ~= nil and exe ~= '' and vim.fn.executable(exe) == 1, exe)
  local dir = os.getenv('MDIP_E2E_DIR')
  if dir == nil or dir == '' then
    dir = vim.fn.tempname()
  end
  vim.fn.mkdir(dir, 'p')
  local file = dir .. '/e2e.mdip'
  vim.fn.writefile({
    '# The end-to-end sample: line 5 names an unknown province.',
    'Germany 0:0',
    'A Munich hold',
    'A Berlin - Kiel',
    'A Atlantis hold',
  }, file)
  vim.cmd('edit ' .. vim.fn.fnameescape(file))
  local bufnr = vim.api.nvim_get_current_buf()
  local uri = vim.uri_from_bufnr(bufnr)

  local config = { name = 'mdip-e2e', cmd = { exe, 'lsp' }, root_dir = dir }
  local client_id
  if vim.lsp.start then
    client_id = vim.lsp.start(config, { bufnr = bufnr })
  else
    client_id = vim.lsp.start_client(config)
    vim.lsp.buf_attach_client(bufnr, client_id)
  end
  check('the client starts', client_id ~= nil)
  local attached = vim.wait(20000, function()
    local client = vim.lsp.get_client_by_id(client_id)
    return client ~= nil and client.initialized ~= false and vim.lsp.buf_is_attached(bufnr, client_id)
  end, 50)
  check('the server attaches', attached)

  local function unknown_province()
    local found = {}
    for _, d in ipairs(vim.diagnostic.get(bufnr)) do
      if d.lnum == 4 and tostring(d.code or (d.user_data and d.user_data.lsp and d.user_data.lsp.code) or '') == 'E0202' then
        table.insert(found, d)
      end
    end
    return found
  end
  local function all_diagnostics()
    local all = {}
    for _, d in ipairs(vim.diagnostic.get(bufnr)) do
      table.insert(all, string.format('%d:%s %s', d.lnum + 1, tostring(d.code), d.message))
    end
    return table.concat(all, ' | ')
  end
  check('a diagnostic for the unknown province', vim.wait(20000, function()
    return #unknown_province() > 0
  end, 50), all_diagnostics())
  local d = unknown_province()[1]
  check('its range covers the name', d.col == 2 and d.end_col == 10, vim.inspect(d))

  local function request(method, params)
    local responses = vim.lsp.buf_request_sync(bufnr, method, params, 15000) or {}
    for _, res in pairs(responses) do
      if res.result ~= nil then
        return res.result
      end
    end
    return nil
  end

  local hover = request('textDocument/hover', { textDocument = { uri = uri }, position = { line = 2, character = 3 } })
  local text = hover and hover.contents and (hover.contents.value or hover.contents) or ''
  check('a hover on a unit', type(text) == 'string' and text:find('A Munich', 1, true) ~= nil
    and text:find('German', 1, true) ~= nil, vim.inspect(hover))

  -- Completion after "A " on a new line: Germany's armies in 0:0.
  vim.api.nvim_buf_set_lines(bufnr, 5, 5, false, { 'A ' })
  local result = request('textDocument/completion', { textDocument = { uri = uri }, position = { line = 5, character = 2 } })
  local labels = {}
  for _, item in ipairs((result and (result.items or result)) or {}) do
    labels[item.label] = true
  end
  check('a completion item', labels['Munich'] == true and labels['Berlin'] == true, vim.inspect(result))
  vim.api.nvim_buf_set_lines(bufnr, 5, 6, false, {})

  -- An edit that fixes the province clears the diagnostic.
  vim.api.nvim_buf_set_text(bufnr, 4, 2, 4, 10, { 'Ruhr' })
  check('an edit clears the diagnostic', vim.wait(20000, function()
    return #unknown_province() == 0
  end, 50), all_diagnostics())
  check('the buffer reads as expected', vim.api.nvim_buf_get_lines(bufnr, 4, 5, false)[1] == 'A Ruhr hold')

  vim.lsp.stop_client(client_id)
  vim.wait(3000, function()
    return vim.lsp.get_client_by_id(client_id) == nil
  end, 50)
  finish(0)
end

-- A last resort if something hangs.
vim.defer_fn(function()
  out('FAIL timeout')
  vim.cmd('cquit! 2')
end, 100000)

local ok, err = pcall(run)
if not ok and not tostring(err):match('stop$') then
  out('FAIL error: ' .. tostring(err))
  finish(1)
end
