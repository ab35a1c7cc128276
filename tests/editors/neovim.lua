-- Headless Neovim (>= 0.7, built-in client, vim.lsp.start_client) against `docref serve`:
-- open a file, wait for docref's diagnostics, hover the first one, apply "Fix this docstring"
-- on it, save, and wait for the re-check.  The outcome is written as JSON for the test to read.
-- The same client set-up is what docs/editors.md tells Neovim users to write.
local out_path = os.getenv("DOCREF_EDITOR_OUT")
local target = os.getenv("DOCREF_EDITOR_FILE")
local root = os.getenv("DOCREF_EDITOR_ROOT")
local python = os.getenv("DOCREF_PYTHON")
local result = { steps = {} }

local function finish()
  local f = assert(io.open(out_path, "w"))
  f:write(vim.fn.json_encode(result))
  f:close()
  vim.cmd("qall!")
end

local function step(name) table.insert(result.steps, name) end

local ok, err = pcall(function()
  local client_id = vim.lsp.start_client({
    name = "docref",
    cmd = { python, "-m", "docref", "serve" },
    root_dir = root,
  })
  assert(client_id, "the client did not start")
  step("started")
  vim.cmd("edit " .. vim.fn.fnameescape(target))
  local bufnr = vim.api.nvim_get_current_buf()
  vim.lsp.buf_attach_client(bufnr, client_id)
  local client = vim.lsp.get_client_by_id(client_id)

  local function lsp_diagnostics()
    local found = {}
    for _, d in ipairs(vim.diagnostic.get(bufnr)) do
      local lsp = (d.user_data and d.user_data.lsp) or {}
      -- Neovim keeps the protocol's extra fields (code, data) in user_data.lsp; rebuild the
      -- diagnostic the server sent so the code action request carries it back intact
      local sent = vim.tbl_extend("force", lsp, {
        range = { start = { line = d.lnum, character = d.col },
                  ["end"] = { line = d.end_lnum or d.lnum, character = d.end_col or d.col } },
        message = d.message, severity = d.severity, source = d.source,
      })
      table.insert(found, { line = d.lnum, col = d.col, message = d.message,
                            code = lsp.code or d.code, lsp = sent })
    end
    return found
  end

  assert(vim.wait(60000, function() return #vim.diagnostic.get(bufnr) > 0 end, 50),
         "no diagnostics within 60 s")
  local before = lsp_diagnostics()
  result.before = before
  step("diagnostics")

  -- the finding to hover and fix: the first on the lowest line
  table.sort(before, function(a, b) return a.line < b.line end)
  local chosen = before[1]
  result.chosen = chosen
  local position = { line = chosen.line, character = chosen.col }
  local text_document = { uri = vim.uri_from_bufnr(bufnr) }
  local hover = client.request_sync("textDocument/hover",
    { textDocument = text_document, position = position }, 20000, bufnr)
  assert(hover and hover.result, "no hover: " .. vim.inspect(hover))
  local contents = hover.result.contents
  result.hover = type(contents) == "table" and (contents.value or vim.inspect(contents)) or contents
  step("hover")

  local actions = client.request_sync("textDocument/codeAction", {
    textDocument = text_document,
    range = chosen.lsp.range,
    context = { diagnostics = { chosen.lsp } },
  }, 20000, bufnr)
  assert(actions and actions.result, "no code actions: " .. vim.inspect(actions))
  local fix
  for _, action in ipairs(actions.result) do
    result.titles = result.titles or {}
    table.insert(result.titles, action.title)
    if action.title == "Fix this docstring" then fix = action end
  end
  assert(fix, "no 'Fix this docstring' action")
  if not fix.edit and not fix.command then
    local resolved = client.request_sync("codeAction/resolve", fix, 60000, bufnr)
    fix = resolved and resolved.result or fix
  end
  if fix.edit then
    vim.lsp.util.apply_workspace_edit(fix.edit, client.offset_encoding or "utf-16")
  elseif fix.command then
    -- the server answers with workspace/applyEdit, which Neovim's default handler applies
    client.request_sync("workspace/executeCommand", fix.command, 60000, bufnr)
  end
  step("fixed")
  vim.cmd("write")
  local fixed_line = chosen.line
  local function still_there()
    for _, d in ipairs(lsp_diagnostics()) do
      if d.message == chosen.message then return true end
    end
    return false
  end
  assert(vim.wait(60000, function() return not still_there() end, 50),
         "the fixed finding is still reported after the save")
  result.after = lsp_diagnostics()
  result.fixed_line = fixed_line
  step("rechecked")
  vim.lsp.stop_client(client_id)
end)
if not ok then result.error = tostring(err) end
finish()
