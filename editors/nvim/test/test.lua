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

-- Runs :checkhealth mdip and returns its report as one string (closing the tab it opens).
local function checkhealth()
  local win, tab = vim.api.nvim_get_current_win(), vim.api.nvim_get_current_tabpage()
  vim.cmd('silent checkhealth mdip')
  local text = table.concat(vim.api.nvim_buf_get_lines(0, 0, -1, false), '\n')
  if vim.api.nvim_get_current_tabpage() ~= tab then
    vim.cmd('tabclose!')
  elseif vim.api.nvim_get_current_win() ~= win then
    vim.cmd('close!')
  end
  vim.api.nvim_set_current_win(win)
  return text
end

local function check_health(text, expect)
  check(':checkhealth mdip runs without errors', not text:match('Failed to run healthcheck') and not text:match('No healthcheck found')
    and text:match('mdip: language server') ~= nil, text)
  for _, pattern in ipairs(expect) do
    check(':checkhealth mdip mentions ' .. pattern, text:find(pattern, 1, true) ~= nil, text)
  end
end

local function has_value(list, value)
  for _, v in ipairs(list or {}) do
    if v == value or (type(v) == 'table' and has_value(v, value)) then
      return true
    end
  end
  return false
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

  -- lsp/mdip.lua, the configuration for Neovim 0.11's vim.lsp.enable('mdip'), before any setup().
  local lsp_files = vim.api.nvim_get_runtime_file('lsp/mdip.lua', true)
  check('lsp/mdip.lua is shipped', #lsp_files == 1, vim.inspect(lsp_files))
  local loaded, config = pcall(dofile, lsp_files[1])
  check('lsp/mdip.lua returns a table', loaded and type(config) == 'table', tostring(config))
  check('lsp/mdip.lua: cmd is { "mdip", "lsp" }', vim.deep_equal(config.cmd, { 'mdip', 'lsp' }), vim.inspect(config.cmd))
  check('lsp/mdip.lua: filetypes is { "mdip" }', vim.deep_equal(config.filetypes, { 'mdip' }), vim.inspect(config.filetypes))
  check('lsp/mdip.lua: root_markers without Cargo.toml', type(config.root_markers) == 'table' and #config.root_markers > 0
    and not has_value(config.root_markers, 'Cargo.toml'), vim.inspect(config.root_markers))
  check('lsp/mdip.lua: root_dir and on_attach are functions', type(config.root_dir) == 'function' and type(config.on_attach) == 'function')
  local root = nil
  config.root_dir(bufnr, function(dir)
    root = dir
  end)
  check('lsp/mdip.lua: root_dir without a marker is the file folder', root == vim.fn.fnamemodify(sample, ':p:h'), tostring(root))

  -- The Mason package description is valid YAML with the fields Mason needs.
  local mason = vim.fn.fnamemodify(vim.api.nvim_get_runtime_file('lsp/mdip.lua', false)[1], ':h:h') .. '/mason/package.yaml'
  vim.fn.system({ 'python3', '-c', 'import yaml' })
  if vim.fn.executable('python3') == 1 and vim.v.shell_error == 0 then
    local script = table.concat({
      'import sys, yaml',
      'p = yaml.safe_load(open(sys.argv[1]))',
      'assert p["name"] == "mdip", p.get("name")',
      'assert p["description"] and p["languages"], p',
      'assert p["licenses"] == ["MIT", "Apache-2.0"], p["licenses"]',
      'assert p["categories"] == ["LSP"], p["categories"]',
      'assert p["source"]["id"].startswith("pkg:cargo/mdip-cli@"), p["source"]',
      'assert p["bin"] == {"mdip": "cargo:mdip"}, p["bin"]',
      'assert "example" not in str(p.get("homepage", "")), p["homepage"]',
    }, '\n')
    local out = vim.fn.system({ 'python3', '-c', script, mason })
    check('mason/package.yaml is valid YAML with name, licenses, source and bin', vim.v.shell_error == 0, out)
  else
    skipped = skipped + 1
    io.stdout:write('skip mason/package.yaml check: python3 with yaml (python3-yaml) is not installed\n')
  end

  local mdip = require('mdip')
  check('setup() without a server binary does not fail', pcall(mdip.setup, { cmd = { '/nonexistent/mdip', 'lsp' }, autostart = false }))
  check(':MdipRestart, :MdipReport and :MdipRender exist', vim.fn.exists(':MdipRestart') == 2 and vim.fn.exists(':MdipReport') == 2
    and vim.fn.exists(':MdipRender') == 2)
  check('root_dir falls back to the file folder', mdip.root_dir(bufnr) == vim.fn.fnamemodify(sample, ':p:h'), mdip.root_dir(bufnr))
  local project = vim.fn.fnamemodify(sample, ':p:h') .. '/project'
  vim.fn.mkdir(project .. '/.git', 'p')
  vim.fn.mkdir(project .. '/orders', 'p')
  local nested = vim.fn.bufadd(project .. '/orders/nested.mdip')
  check('root_dir finds the .git folder above the file', mdip.root_dir(nested) == project, mdip.root_dir(nested))
  check('root_dir with a marker list of equal priority', mdip.root_dir(nested, { { 'none', '.git' } }) == project, mdip.root_dir(nested, { { 'none', '.git' } }))
  vim.cmd('bwipeout! ' .. nested)

  local parser_loads = os.getenv('MDIP_NVIM_PARSER') and "parser 'mdip' loads" or "parser 'mdip'"
  check_health(checkhealth(), { "'/nonexistent/mdip' is not found", 'Neovim ' .. vim.version().major .. '.', parser_loads, 'highlights.scm' })

  local exe = os.getenv('MDIP')
  if exe == nil or exe == '' then
    skipped = skipped + 1
    io.stdout:write('skip LSP checks: $MDIP is not set (MDIP=path/to/mdip editors/nvim/test/run.sh)\n')
    finish(0)
    return
  end

  local function attached_client()
    return vim.wait(15000, function()
      return #mdip.clients(bufnr) > 0 and mdip.clients(bufnr)[1].initialized ~= false
    end, 100)
  end
  local function stopped()
    for _, client in ipairs(mdip.clients()) do
      client.stop()
    end
    return vim.wait(5000, function()
      return #mdip.clients() == 0
    end, 50)
  end
  local inlay_hints = vim.fn.has('nvim-0.10') == 1 and vim.lsp.inlay_hint and vim.lsp.inlay_hint.is_enabled
  local function check_inlay_hints(how)
    if inlay_hints then
      check('inlay hints are enabled on attach (' .. how .. ')', vim.wait(2000, function()
        return vim.lsp.inlay_hint.is_enabled({ bufnr = bufnr })
      end, 50))
    else
      skipped = skipped + 1
      io.stdout:write('skip inlay hints (' .. how .. '): Neovim ' .. tostring(vim.version().major) .. '.'
        .. tostring(vim.version().minor) .. ' has none (0.10+)\n')
    end
  end

  -- Neovim 0.11+: a plain vim.lsp.enable('mdip') with lsp/mdip.lua, as a user without setup().
  if vim.lsp.config and vim.lsp.enable then
    package.loaded['mdip'] = nil
    mdip = require('mdip')
    vim.lsp.config('mdip', { cmd = { exe, 'lsp' } })
    vim.lsp.enable('mdip')
    vim.cmd('edit!')
    bufnr = vim.api.nvim_get_current_buf()
    check("vim.lsp.enable('mdip') attaches the server", attached_client())
    local client = mdip.clients(bufnr)[1]
    check("vim.lsp.enable('mdip'): the root is the file folder", client.config.root_dir == vim.fn.fnamemodify(sample, ':p:h'),
      tostring(client.config.root_dir))
    check_inlay_hints('vim.lsp.enable')
    vim.lsp.enable('mdip', false)
    check("vim.lsp.enable('mdip', false) stops the server", stopped())
    if inlay_hints then
      vim.lsp.inlay_hint.enable(false, { bufnr = bufnr })
    end
  else
    skipped = skipped + 1
    io.stdout:write("skip vim.lsp.enable('mdip'): Neovim 0.11+ only\n")
  end

  mdip.setup({ cmd = { exe, 'lsp' } })
  -- Re-trigger FileType so that every Neovim version takes the same path.
  vim.cmd('edit!')
  bufnr = vim.api.nvim_get_current_buf()
  check('the server attaches', attached_client())
  check_inlay_hints('setup()')
  local caps = mdip.clients(bufnr)[1].server_capabilities or {}
  if inlay_hints and vim.lsp.inlay_hint.get and caps.inlayHintProvider then
    check("the server's inlay hints are shown", vim.wait(10000, function()
      return #vim.lsp.inlay_hint.get({ bufnr = bufnr }) > 0
    end, 100))
  else
    skipped = skipped + 1
    io.stdout:write('skip inlay hints shown: ' .. (inlay_hints and 'the server has none' or 'Neovim 0.10+ only') .. '\n')
  end
  local expect = { "server binary '" .. exe .. "' found", 'mdip client(s) running' }
  local version = vim.fn.systemlist({ exe, '--version' })[1] or ''
  if vim.v.shell_error == 0 and version:match('^mdip ') then
    table.insert(expect, 'version: ' .. version)
  end
  check_health(checkhealth(), expect)

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
  local encoding = mdip.clients(bufnr)[1].offset_encoding
  local params = vim.lsp.util.make_position_params(0, encoding)
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
  params = vim.lsp.util.make_position_params(0, encoding)
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

  -- :MdipRender's request: the SVG of the season under the cursor, written to a file.
  local commands = ((caps.executeCommandProvider or {}).commands) or {}
  if has_value(commands, 'mdip.render') then
    mdip.config.render_open = false
    local written = nil
    vim.api.nvim_win_set_cursor(0, { 3, 0 })
    mdip.render(nil, function(path)
      written = path
    end)
    check('mdip.render writes an SVG file', vim.wait(15000, function()
      return written ~= nil
    end, 100))
    local svg = table.concat(vim.fn.readfile(written), '\n')
    check('the file is the SVG of a board', svg:match('^<svg') ~= nil and svg:find('class="board', 1, true) ~= nil, svg:sub(1, 200))
    local page = table.concat(vim.fn.readfile(written .. '.html'), '\n')
    check('beside it, a page with the navigable picture', page:find('class MultiverseView', 1, true) ~= nil and page:find('<template id="svg"><svg', 1, true) ~= nil, page:sub(1, 200))
  else
    skipped = skipped + 1
    io.stdout:write('skip :MdipRender: the server has no mdip.render command\n')
  end

  -- Fixing the province clears its diagnostic.
  vim.api.nvim_buf_set_lines(bufnr, 4, 5, false, { 'A Ruhr hold' })
  local cleared = vim.wait(15000, function()
    return #unknown_province_diagnostics() == 0
  end, 100)
  check('an edit clears the diagnostic', cleared)

  stopped()
  finish(0)
end

local ok, err = pcall(run)
if not ok and err ~= 'stop' and not tostring(err):match('stop$') then
  io.stdout:write('FAIL error: ' .. tostring(err) .. '\n')
  finish(1)
end
