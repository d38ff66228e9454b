-- mdip for Neovim: starts the mdip language server (`mdip lsp`) for .mdip buffers.
--
--   require('mdip').setup({ cmd = { 'mdip', 'lsp' } })
--
-- Neovim 0.11+ uses vim.lsp.config/vim.lsp.enable, 0.8+ vim.lsp.start, and 0.7
-- vim.lsp.start_client + vim.lsp.buf_attach_client.

local M = {}

local defaults = {
  -- The server command: the mdip executable (on PATH or a path) and its arguments.
  cmd = { 'mdip', 'lsp' },
  -- Files or folders whose nearest parent directory is the root of the workspace.
  root_markers = { '.git', 'Cargo.toml' },
  -- Start the server when an .mdip buffer is opened.
  autostart = true,
  -- Passed to the server as `settings` and `init_options`.
  settings = {},
  init_options = {},
  -- Optional on_attach(client, bufnr).
  on_attach = nil,
  -- Optional capabilities (e.g. from a completion plugin).
  capabilities = nil,
  -- Highlight with tree-sitter (Neovim 0.9+) when the mdip parser is installed
  -- (parser/mdip.so on 'runtimepath'; see README.md); otherwise syntax/mdip.vim is used.
  treesitter = true,
}

M.config = vim.deepcopy(defaults)

-- The id of the client started on Neovim 0.7 (one client for all buffers).
local legacy_client_id = nil

local function notify(msg, level)
  vim.notify('mdip: ' .. msg, level or vim.log.levels.INFO)
end

--- The root directory of a buffer: the nearest parent with a root marker, else the file's folder.
function M.root_dir(bufnr)
  local name = vim.api.nvim_buf_get_name(bufnr)
  local dir = name ~= '' and vim.fn.fnamemodify(name, ':p:h') or vim.fn.getcwd()
  for _, marker in ipairs(M.config.root_markers or {}) do
    local found = vim.fn.finddir(marker, dir .. ';')
    if found ~= '' then
      -- A directory: ':p' ends it with a slash, which the first ':h' removes.
      return vim.fn.fnamemodify(found, ':p:h:h')
    end
    found = vim.fn.findfile(marker, dir .. ';')
    if found ~= '' then
      return vim.fn.fnamemodify(found, ':p:h')
    end
  end
  return dir
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

local function client_config(bufnr)
  return {
    name = 'mdip',
    cmd = M.config.cmd,
    root_dir = M.root_dir(bufnr),
    settings = M.config.settings,
    init_options = M.config.init_options,
    on_attach = M.config.on_attach,
    capabilities = M.config.capabilities,
  }
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

local function create_commands()
  vim.api.nvim_create_user_command('MdipRestart', function()
    M.restart()
  end, { desc = 'Restart the mdip language server' })
  vim.api.nvim_create_user_command('MdipReport', function()
    M.report()
  end, { desc = 'Run mdip check on the current file' })
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
  M.config = vim.tbl_deep_extend('force', vim.deepcopy(defaults), opts or {})
  create_commands()
  local use_enable = M.config.autostart and vim.lsp.config ~= nil and vim.lsp.enable ~= nil
  if use_enable then
    -- Neovim 0.11+: the built-in configuration starts and attaches the server.
    vim.lsp.config('mdip', {
      cmd = M.config.cmd,
      filetypes = { 'mdip' },
      root_markers = M.config.root_markers,
      settings = M.config.settings,
      init_options = M.config.init_options,
      on_attach = M.config.on_attach,
      capabilities = M.config.capabilities,
    })
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
