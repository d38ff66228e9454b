-- :checkhealth mdip — the server binary and its version, what this Neovim supports, and the
-- tree-sitter parser and queries.

local M = {}

-- vim.health.start/ok/... (0.9+), vim.health.report_* (0.8), require('health').report_* (0.7).
local function reporter(name)
  local h = vim.health
  if type(h) == 'table' then
    if type(h[name]) == 'function' then
      return h[name]
    end
    if type(h['report_' .. name]) == 'function' then
      return h['report_' .. name]
    end
  end
  local ok, legacy = pcall(require, 'health')
  if ok and type(legacy) == 'table' and type(legacy['report_' .. name]) == 'function' then
    return legacy['report_' .. name]
  end
  return function(msg)
    print(name .. ': ' .. msg)
  end
end

local start, ok, info, warn, fail = reporter('start'), reporter('ok'), reporter('info'), reporter('warn'), reporter('error')

local build_parser = 'cc -shared -fPIC -O2 -I grammar/tree-sitter-mdip/src grammar/tree-sitter-mdip/src/parser.c '
  .. 'grammar/tree-sitter-mdip/src/scanner.c -o ~/.local/share/nvim/site/parser/mdip.so'

local function version_string()
  local v = vim.version()
  return string.format('%d.%d.%d', v.major, v.minor, v.patch)
end

-- The client configuration in force (cmd, root_markers), and where it comes from.
local function configured(mdip)
  -- On 0.11+ the server is started from the resolved vim.lsp.config['mdip'] (lsp/mdip.lua, merged
  -- with setup() and any vim.lsp.config('mdip', ...)), unless setup() turned autostart off.
  if vim.lsp.config and (not mdip.setup_called or mdip.config.autostart) then
    local got, resolved = pcall(function()
      return vim.lsp.config.mdip
    end)
    if got and type(resolved) == 'table' and resolved.cmd then
      return resolved, "vim.lsp.config['mdip']"
    end
  end
  if mdip.setup_called then
    return mdip.config, "require('mdip').setup()"
  end
  return mdip.config, 'the default'
end

local function check_server(mdip)
  start('mdip: language server')
  local config, source = configured(mdip)
  local cmd = config.cmd
  if type(cmd) == 'function' then
    info('cmd (from ' .. source .. ') is a function; the binary is not checked')
    return
  end
  if type(cmd) ~= 'table' or type(cmd[1]) ~= 'string' or cmd[1] == '' then
    fail('no server command (cmd from ' .. source .. '): ' .. vim.inspect(cmd), {
      "set it: require('mdip').setup({ cmd = { 'mdip', 'lsp' } })",
    })
    return
  end
  local exe = cmd[1]
  info('cmd (from ' .. source .. '): ' .. table.concat(cmd, ' '))
  local path = vim.fn.exepath(exe)
  if path == '' then
    fail(string.format("the server binary '%s' is not found or not executable", exe), {
      'build and install it from the repository: cargo install --path crates/mdip-cli',
      'or point the plugin at a build: '
        .. "require('mdip').setup({ cmd = { '/path/to/target/release/mdip', 'lsp' } })",
      "(with vim.lsp.enable: vim.lsp.config('mdip', { cmd = { '/path/to/mdip', 'lsp' } }))",
    })
    return
  end
  ok(string.format("server binary '%s' found: %s", exe, path))

  local output = vim.fn.systemlist({ path, '--version' })
  local code = vim.v.shell_error
  local first = output[1] or ''
  if code == 0 and first:match('^mdip%s') then
    ok('version: ' .. first)
  elseif code == 0 and first:match('%S') then
    warn(string.format("'%s --version' printed '%s', not 'mdip <version>'", path, first), {
      'is cmd the mdip binary of this repository?',
    })
  else
    warn(string.format("'%s --version' failed (exit code %d)%s", path, code,
      first ~= '' and (': ' .. first) or ''), {
      'an mdip binary prints "mdip <version>"; is cmd the right program?',
    })
  end

  local markers = config.root_markers or {}
  info('root markers: ' .. (#markers > 0 and vim.inspect(markers) or 'none')
    .. '; without one above the file, its folder is the root')

  local clients = mdip.clients()
  if #clients > 0 then
    local roots = {}
    for _, client in ipairs(clients) do
      table.insert(roots, tostring(client.config and client.config.root_dir))
    end
    ok(string.format('%d mdip client(s) running, root(s): %s', #clients, table.concat(roots, ', ')))
  else
    info('no mdip client is running (open a .mdip file)')
  end
end

local function check_neovim(mdip)
  start('mdip: Neovim')
  local version = version_string()
  if vim.fn.has('nvim-0.7') == 1 then
    ok('Neovim ' .. version)
  else
    fail('Neovim ' .. version .. ': the plugin needs Neovim 0.7 or newer')
  end

  local lsp_files = vim.api.nvim_get_runtime_file('lsp/mdip.lua', true)
  if vim.lsp.config ~= nil and vim.lsp.enable ~= nil then
    if #lsp_files > 0 then
      ok("vim.lsp.enable('mdip') is supported; the configuration: " .. table.concat(lsp_files, ', '))
    else
      warn("vim.lsp.enable is supported, but no lsp/mdip.lua is on 'runtimepath'", {
        "add the plugin folder (editors/nvim) to 'runtimepath'",
      })
    end
    if type(vim.lsp.is_enabled) == 'function' then
      if vim.lsp.is_enabled('mdip') then
        ok("the mdip configuration is enabled")
      else
        info("the mdip configuration is not enabled: vim.lsp.enable('mdip') or require('mdip').setup()")
      end
    end
  else
    info("vim.lsp.enable needs Neovim 0.11; on " .. version .. " require('mdip').setup() starts the server"
      .. (vim.lsp.start and ' (vim.lsp.start)' or ' (vim.lsp.start_client)'))
  end

  local inlay = vim.lsp.inlay_hint
  if vim.fn.has('nvim-0.10') == 1 and type(inlay) == 'table' and type(inlay.enable) == 'function' then
    if mdip.setup_called and mdip.config.inlay_hints == false then
      info('inlay hints are supported, and turned off (setup({ inlay_hints = false }))')
    else
      ok('inlay hints are supported and turned on for mdip buffers')
    end
  else
    warn('inlay hints (order outcomes shown after each order) need Neovim 0.10 or newer', {
      'upgrade Neovim to see them; everything else works on ' .. version,
    })
  end
end

-- Loads the mdip parser; returns ok, error message.
local function load_parser()
  local ts = vim.treesitter
  if ts.language and ts.language.add then
    local called, res, err = pcall(ts.language.add, 'mdip')
    if not called then
      return false, tostring(res)
    end
    if res == nil and err ~= nil then
      return false, tostring(err)
    end
    return res ~= false, nil
  end
  local require_language = (ts.language and ts.language.require_language) or ts.require_language
  if require_language then
    local called, res = pcall(require_language, 'mdip')
    return called and res ~= false, not called and tostring(res) or nil
  end
  return false, 'this Neovim has no vim.treesitter.language'
end

local function check_treesitter()
  start('mdip: tree-sitter')
  local parsers = vim.api.nvim_get_runtime_file('parser/mdip.*', true)
  local loaded, err = false, nil
  if #parsers == 0 then
    warn("no tree-sitter parser 'mdip' (parser/mdip.so on 'runtimepath'); highlighting uses syntax/mdip.vim", {
      'compile it once from the repository: mkdir -p ~/.local/share/nvim/site/parser && ' .. build_parser,
    })
  else
    loaded, err = load_parser()
    if loaded then
      ok("tree-sitter parser 'mdip' loads: " .. parsers[1])
    else
      fail("tree-sitter parser 'mdip' does not load: " .. parsers[1] .. ': ' .. tostring(err), {
        'compile it again with this Neovim installed: ' .. build_parser,
      })
    end
  end
  if loaded then
    if vim.treesitter.start then
      ok('tree-sitter highlighting is used for mdip buffers (unless setup({ treesitter = false }))')
    else
      info('tree-sitter highlighting needs Neovim 0.9; syntax/mdip.vim is used')
    end
  end

  local query = vim.treesitter.query or {}
  local get = query.get or query.get_query
  for _, name in ipairs({ 'highlights', 'folds', 'indents' }) do
    local files = vim.api.nvim_get_runtime_file('queries/mdip/' .. name .. '.scm', true)
    if #files == 0 then
      warn('queries/mdip/' .. name .. ".scm is not on 'runtimepath'", {
        "add the plugin folder (editors/nvim) to 'runtimepath'",
      })
    elseif loaded and get then
      local parsed, perr = pcall(get, 'mdip', name)
      if parsed then
        ok('queries/mdip/' .. name .. '.scm is valid: ' .. files[1])
      else
        fail('queries/mdip/' .. name .. '.scm does not parse: ' .. tostring(perr), {
          'the parser and the queries come from different versions of the grammar; rebuild the parser',
        })
      end
    else
      ok('queries/mdip/' .. name .. '.scm found (not checked without the parser): ' .. files[1])
    end
  end
end

function M.check()
  local mdip = require('mdip')
  check_server(mdip)
  check_neovim(mdip)
  check_treesitter()
end

return M
