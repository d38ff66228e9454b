-- mdip for Neovim: starts the mdip language server (`mdip lsp`) for .mdip buffers.
--
--   require('mdip').setup({ cmd = { 'mdip', 'lsp' } })
--
-- or, on Neovim 0.11+, without setup(): vim.lsp.enable('mdip') (lsp/mdip.lua returns
-- require('mdip').lsp_config(), the same client configuration setup() uses).
--
-- Neovim 0.11+ uses vim.lsp.config/vim.lsp.enable, 0.8+ vim.lsp.start, and 0.7
-- vim.lsp.start_client + vim.lsp.buf_attach_client. Inlay hints are turned on (0.10+).

local M = {}

local defaults = {
  -- The server command: the mdip executable (on PATH or a path) and its arguments.
  cmd = { 'mdip', 'lsp' },
  -- Files or folders whose nearest parent directory is the root of the workspace (one server
  -- per root); with none of them above the file, its own folder. An entry may itself be a list
  -- of markers of equal priority (the nearest of them wins).
  root_markers = { '.git' },
  -- Start the server when an .mdip buffer is opened.
  autostart = true,
  -- Passed to the server as `settings` and `init_options`.
  settings = {},
  init_options = {},
  -- Optional on_attach(client, bufnr).
  on_attach = nil,
  -- Optional capabilities (e.g. from a completion plugin).
  capabilities = nil,
  -- Show the server's inlay hints (order outcomes) in .mdip buffers (Neovim 0.10+).
  inlay_hints = true,
  -- Highlight with tree-sitter (Neovim 0.9+) when the mdip parser is installed
  -- (parser/mdip.so on 'runtimepath'; see README.md); otherwise syntax/mdip.vim is used.
  treesitter = true,
  -- How :MdipRender shows the picture it wrote: true opens it with the system's viewer
  -- (vim.ui.open on 0.10+, else xdg-open or open), false only says where it is, or a
  -- function(path).
  render_open = true,
  -- Open the picture as a local HTML page in the browser, in the navigable component of the
  -- playground and VS Code (zoom, pan, fit; web/src/multiverse-view.js of the repository;
  -- no link back to the buffer), instead of the bare SVG.
  render_html = true,
}

M.defaults = defaults
M.config = vim.deepcopy(defaults)
-- Whether setup() has been called (read by :checkhealth mdip).
M.setup_called = false

-- The id of the client started on Neovim 0.7 (one client for all buffers).
local legacy_client_id = nil

local function notify(msg, level)
  vim.notify('mdip: ' .. msg, level or vim.log.levels.INFO)
end

local uv = vim.uv or vim.loop

-- The nearest directory from `dir` upwards holding one of `names`, or nil.
local function find_up(dir, names)
  local current = dir
  while current and current ~= '' do
    for _, name in ipairs(names) do
      if uv.fs_stat(current .. '/' .. name) then
        return current
      end
    end
    local parent = vim.fn.fnamemodify(current, ':h')
    if parent == current then
      return nil
    end
    current = parent
  end
  return nil
end

--- The root directory of a buffer: the nearest parent holding a root marker (`markers`, else
--- the configured root_markers; earlier markers win over later ones), else the file's folder.
function M.root_dir(bufnr, markers)
  bufnr = (bufnr == nil or bufnr == 0) and vim.api.nvim_get_current_buf() or bufnr
  local name = vim.api.nvim_buf_get_name(bufnr)
  local dir = name ~= '' and vim.fn.fnamemodify(name, ':p:h') or vim.fn.getcwd()
  for _, marker in ipairs(markers or M.config.root_markers or {}) do
    local found = find_up(dir, type(marker) == 'table' and marker or { marker })
    if found then
      return found
    end
  end
  return dir
end

--- Turns on inlay hints for a buffer where the editor has them (Neovim 0.10+). Returns whether
--- it did. Call it from your own on_attach if you replace the one of lsp_config().
function M.enable_inlay_hints(bufnr)
  local inlay_hint = vim.lsp.inlay_hint
  if vim.fn.has('nvim-0.10') ~= 1 or type(inlay_hint) ~= 'table' or type(inlay_hint.enable) ~= 'function' then
    return false
  end
  return (pcall(inlay_hint.enable, true, { bufnr = bufnr }))
end

local function call_all(callbacks, ...)
  if type(callbacks) == 'function' then
    callbacks(...)
  elseif type(callbacks) == 'table' then
    for _, callback in ipairs(callbacks) do
      callback(...)
    end
  end
end

--- The client configuration of the mdip server, built from `opts` (default: the options of the
--- last setup(), else the defaults). The one source of truth: setup() passes it to
--- vim.lsp.config('mdip', ...) (0.11+) or vim.lsp.start (older), and lsp/mdip.lua returns it for
--- a plain vim.lsp.enable('mdip'). A new table on every call.
function M.lsp_config(opts)
  -- Without opts (lsp/mdip.lua), the root markers are read from the resolved configuration.
  local follow_resolved = opts == nil
  opts = opts or M.config
  local user_on_attach = opts.on_attach
  local inlay_hints = opts.inlay_hints ~= false
  local config = {
    cmd = vim.deepcopy(opts.cmd),
    filetypes = { 'mdip' },
    root_markers = vim.deepcopy(opts.root_markers),
    settings = vim.deepcopy(opts.settings or {}),
    init_options = vim.deepcopy(opts.init_options or {}),
    capabilities = opts.capabilities,
  }
  -- Neovim 0.11's root_dir(bufnr, on_dir): like root_markers (read from the resolved
  -- vim.lsp.config['mdip'], so that vim.lsp.config('mdip', { root_markers = ... }) counts), but
  -- without a marker the file's folder instead of no root. Older versions get a string instead.
  config.root_dir = function(bufnr, on_dir)
    local markers = config.root_markers
    if follow_resolved and vim.lsp.config then
      local ok, resolved = pcall(function()
        return vim.lsp.config.mdip
      end)
      if ok and type(resolved) == 'table' and resolved.root_markers then
        markers = resolved.root_markers
      end
    end
    on_dir(M.root_dir(bufnr, markers))
  end
  config.on_attach = function(client, bufnr)
    if inlay_hints then
      M.enable_inlay_hints(bufnr)
    end
    -- A configuration in lsp/ replaces the on_attach of vim.lsp.config('*', ...): call it too.
    if vim.lsp.config then
      local ok, common = pcall(function()
        return vim.lsp.config['*']
      end)
      if ok and type(common) == 'table' and common.on_attach ~= config.on_attach then
        call_all(common.on_attach, client, bufnr)
      end
    end
    call_all(user_on_attach, client, bufnr)
  end
  return config
end

local function executable_ok()
  local exe = M.config.cmd and M.config.cmd[1]
  if not exe or vim.fn.executable(exe) ~= 1 then
    notify(
      string.format("the server '%s' is not executable; set cmd in require('mdip').setup()", tostring(exe)),
      vim.log.levels.WARN
    )
    return false
  end
  return true
end

-- The configuration for vim.lsp.start / vim.lsp.start_client (no filetypes, a string root).
local function client_config(bufnr)
  local config = M.lsp_config(M.config)
  config.name = 'mdip'
  config.root_dir = M.root_dir(bufnr)
  config.filetypes = nil
  config.root_markers = nil
  return config
end

--- Starts (or reuses) the server and attaches it to a buffer.
function M.start(bufnr)
  bufnr = (bufnr == nil or bufnr == 0) and vim.api.nvim_get_current_buf() or bufnr
  if not executable_ok() then
    return nil
  end
  if vim.lsp.start then
    return vim.lsp.start(client_config(bufnr), { bufnr = bufnr })
  end
  -- Neovim 0.7: one client, attached to every .mdip buffer.
  if legacy_client_id == nil or vim.lsp.get_client_by_id(legacy_client_id) == nil then
    legacy_client_id = vim.lsp.start_client(client_config(bufnr))
    if legacy_client_id == nil then
      notify('the server could not be started', vim.log.levels.ERROR)
      return nil
    end
  end
  vim.lsp.buf_attach_client(bufnr, legacy_client_id)
  return legacy_client_id
end

--- The mdip clients attached to a buffer (or all of them).
function M.clients(bufnr)
  local result = {}
  local all = vim.lsp.get_clients and vim.lsp.get_clients() or vim.lsp.get_active_clients()
  for _, client in ipairs(all) do
    if client.name == 'mdip' and (bufnr == nil or vim.lsp.buf_is_attached(bufnr, client.id)) then
      table.insert(result, client)
    end
  end
  return result
end

--- Stops the mdip clients and starts them again for every loaded .mdip buffer.
function M.restart()
  for _, client in ipairs(M.clients()) do
    client.stop()
  end
  legacy_client_id = nil
  vim.defer_fn(function()
    for _, buf in ipairs(vim.api.nvim_list_bufs()) do
      if vim.api.nvim_buf_is_loaded(buf) and vim.bo[buf].filetype == 'mdip' then
        M.start(buf)
      end
    end
  end, 500)
end

--- Runs `mdip check` on the current file and shows its output in a scratch buffer.
function M.report()
  local file = vim.api.nvim_buf_get_name(0)
  if file == '' then
    notify('save the buffer first', vim.log.levels.WARN)
    return
  end
  if vim.bo.modified then
    vim.cmd('write')
  end
  local exe = M.config.cmd[1]
  local output = vim.fn.systemlist({ exe, 'check', file })
  local code = vim.v.shell_error
  table.insert(output, 1, '$ ' .. exe .. ' check ' .. vim.fn.fnamemodify(file, ':~:.'))
  table.insert(output, 2, '')
  table.insert(output, '')
  table.insert(output, code == 0 and 'mdip check: no errors (exit code 0).' or ('mdip check: exit code ' .. code .. '.'))
  vim.cmd('botright new')
  local buf = vim.api.nvim_get_current_buf()
  vim.api.nvim_buf_set_lines(buf, 0, -1, false, output)
  vim.bo[buf].buftype = 'nofile'
  vim.bo[buf].bufhidden = 'wipe'
  vim.bo[buf].swapfile = false
  vim.bo[buf].modifiable = false
  vim.api.nvim_buf_set_name(buf, 'mdip-report://' .. file)
end

-- Opens a file with the system's viewer.
local function open_file(path)
  local open = M.config.render_open
  if type(open) == 'function' then
    return open(path)
  end
  if open == false then
    return
  end
  if vim.ui and vim.ui.open then
    vim.ui.open(path)
  elseif vim.fn.has('mac') == 1 then
    vim.fn.jobstart({ 'open', path }, { detach = true })
  elseif vim.fn.executable('xdg-open') == 1 then
    vim.fn.jobstart({ 'xdg-open', path }, { detach = true })
  else
    notify('no viewer found; open ' .. path .. ' yourself', vim.log.levels.WARN)
  end
end

-- The navigable component: web/src/multiverse-view.js of the repository the plugin lives in
-- (editors/nvim), its one source; a packaged plugin may carry it as assets/multiverse-view.js.
local function component()
  local here = debug.getinfo(1, 'S').source:gsub('^@', '')
  local root = vim.fn.fnamemodify(here, ':p:h:h:h')
  for _, path in ipairs({
    root .. '/assets/multiverse-view.js',
    root .. '/../../web/src/multiverse-view.js',
  }) do
    if vim.fn.filereadable(path) == 1 then
      return table.concat(vim.fn.readfile(path), '\n')
    end
  end
  error('multiverse-view.js not found')
end

-- Writes `svg_path`.html: the SVG inside the navigable component, one self-contained local
-- page (its script inline, as a module). Returns its path, or nil when the component is missing.
local function html_page(svg_path, svg)
  local ok, code = pcall(component)
  if not ok then
    return nil
  end
  code = code:gsub('\nexport class ', '\nclass ')
  local html = table.concat({
    '<!DOCTYPE html><html lang="en"><head><meta charset="UTF-8"><title>mdip picture</title>',
    '<style>html,body{height:100%;margin:0}#view{height:100%}</style></head><body>',
    '<template id="svg">', svg, '</template><div id="view"></div>',
    '<script type="module">', code,
    '\nconst v = new MultiverseView(document.getElementById("view"));',
    '\nv.setSvg(document.getElementById("svg").innerHTML, { fit: true });\n</script></body></html>',
  })
  local page = svg_path .. '.html'
  vim.fn.writefile(vim.split(html, '\n', { plain = true }), page, 'b')
  return page
end

--- Asks the server for the picture of the current buffer (its command `mdip.render`), writes
--- the SVG to a temporary file and opens it (see `render_open`). `what`: nil or '' for the
--- board of the season under the cursor, 'multiverse' for the grid of every season, or a
--- season 'X:Y'. `on_done(path)` is called with the file written.
function M.render(what, on_done)
  local bufnr = vim.api.nvim_get_current_buf()
  local client = M.clients(bufnr)[1]
  if client == nil then
    notify('no mdip server is attached to this buffer', vim.log.levels.WARN)
    return
  end
  local second
  if what == nil or what == '' then
    -- The server reads the line; column 0 needs no position encoding.
    second = { line = vim.api.nvim_win_get_cursor(0)[1] - 1, character = 0 }
  else
    second = what
  end
  local params = { command = 'mdip.render', arguments = { vim.uri_from_bufnr(bufnr), second } }
  local function handler(err, result)
    if err then
      notify('render: ' .. tostring(err.message or vim.inspect(err)), vim.log.levels.ERROR)
      return
    end
    if type(result) ~= 'string' then
      notify('render: the server returned no picture', vim.log.levels.ERROR)
      return
    end
    local path = vim.fn.tempname() .. '.svg'
    vim.fn.writefile(vim.split(result, '\n', { plain = true }), path, 'b')
    local page = M.config.render_html and html_page(path, result) or nil
    notify('board written to ' .. (page or path))
    open_file(page or path)
    if on_done then
      on_done(path)
    end
  end
  if vim.fn.has('nvim-0.11') == 1 then
    client:request('workspace/executeCommand', params, handler, bufnr)
  else
    client.request('workspace/executeCommand', params, handler, bufnr)
  end
end

local function create_commands()
  vim.api.nvim_create_user_command('MdipRestart', function()
    M.restart()
  end, { desc = 'Restart the mdip language server' })
  vim.api.nvim_create_user_command('MdipReport', function()
    M.report()
  end, { desc = 'Run mdip check on the current file' })
  vim.api.nvim_create_user_command('MdipRender', function(args)
    M.render(args.args)
  end, {
    nargs = '?',
    desc = 'Show the board of the season under the cursor (or: multiverse, X:Y) as SVG',
    complete = function()
      return { 'multiverse' }
    end,
  })
end

--- Starts tree-sitter highlighting for a buffer if it is wanted and the parser is installed.
function M.start_treesitter(bufnr)
  local language = vim.treesitter.language
  if not M.config.treesitter or not vim.treesitter.start or not (language and language.add) then
    return false
  end
  -- vim.treesitter.start raises an error when no mdip parser is installed.
  return (pcall(vim.treesitter.start, bufnr, 'mdip'))
end

--- Configures the plugin; see the defaults above.
function M.setup(opts)
  opts = opts or {}
  M.config = vim.tbl_deep_extend('force', vim.deepcopy(defaults), opts)
  -- Lists are replaced, not merged index by index.
  for _, key in ipairs({ 'cmd', 'root_markers' }) do
    if opts[key] ~= nil then
      M.config[key] = vim.deepcopy(opts[key])
    end
  end
  M.setup_called = true
  -- ftdetect/mdip.vim does this too; this also covers 'runtimepath' changed after startup.
  if vim.filetype and vim.filetype.add then
    vim.filetype.add({ extension = { mdip = 'mdip' } })
  end
  create_commands()
  local use_enable = M.config.autostart and vim.lsp.config ~= nil and vim.lsp.enable ~= nil
  if use_enable then
    -- Neovim 0.11+: the built-in configuration starts and attaches the server.
    -- Merged over lsp/mdip.lua (the same table, built from the defaults).
    vim.lsp.config('mdip', M.lsp_config(M.config))
    vim.lsp.enable('mdip')
  end
  local function on_buffer(buf)
    M.start_treesitter(buf)
    if M.config.autostart and not use_enable then
      M.start(buf)
    end
  end
  local group = vim.api.nvim_create_augroup('mdip', { clear = true })
  vim.api.nvim_create_autocmd('FileType', {
    group = group,
    pattern = 'mdip',
    callback = function(args)
      on_buffer(args.buf)
    end,
  })
  -- Buffers opened before setup().
  for _, buf in ipairs(vim.api.nvim_list_bufs()) do
    if vim.api.nvim_buf_is_loaded(buf) and vim.bo[buf].filetype == 'mdip' then
      on_buffer(buf)
    end
  end
end

return M
