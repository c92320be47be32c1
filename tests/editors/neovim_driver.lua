-- Drives a headless Neovim through what a user does with `templating server`, with the LSP
-- set up by the init.lua the test wrote from docs/editors.md. Works from Neovim 0.7 on.
--
-- Environment: TEMPLATING_PROJECT (the project folder), TEMPLATING_RESULT (a JSON file the
-- observations are written to). Every step records what it saw; the Python test judges.

local project = os.getenv("TEMPLATING_PROJECT")
local result_file = os.getenv("TEMPLATING_RESULT")
local seen = { steps = {} }
local TIMEOUT = 20000
vim.o.hidden = true -- leave an edited buffer for another, as jumping to a definition does

local function record(name, value)
  seen[name] = value
  table.insert(seen.steps, name)
end

local function diagnostics(buffer)
  local found = {}
  for _, item in ipairs(vim.diagnostic.get(buffer)) do
    local code = item.code or (item.user_data and item.user_data.lsp and item.user_data.lsp.code)
    table.insert(found, { code = code, line = item.lnum + 1, column = item.col + 1 })
  end
  table.sort(found, function(a, b)
    return a.line < b.line or (a.line == b.line and a.column < b.column)
  end)
  return found
end

local function has_code(buffer, code)
  for _, item in ipairs(diagnostics(buffer)) do
    if item.code == code then
      return true
    end
  end
  return false
end

local function finish()
  local file = io.open(result_file, "w")
  file:write(vim.fn.json_encode(seen))
  file:close()
  vim.cmd("qa!")
end

local function step(name, work)
  local ok, problem = pcall(work)
  if not ok then
    record("error", name .. ": " .. tostring(problem))
    finish()
  end
end

-- Open the agent module: the server starts and publishes its diagnostics.
step("open", function()
  vim.cmd("edit " .. project .. "/agent.py")
  local buffer = vim.api.nvim_get_current_buf()
  record("attached", vim.wait(TIMEOUT, function()
    return #vim.lsp.get_active_clients({ bufnr = buffer }) > 0
  end, 20))
  vim.wait(TIMEOUT, function() return has_code(buffer, "TPL001") end, 20)
  record("opened", diagnostics(buffer))
end)

-- Hover on `{user:name}` (line 4): what `K` shows.
step("hover", function()
  vim.api.nvim_win_set_cursor(0, { 4, 50 })
  vim.lsp.buf.hover()
  local text = ""
  vim.wait(TIMEOUT, function()
    for _, window in ipairs(vim.api.nvim_list_wins()) do
      if vim.api.nvim_win_get_config(window).relative ~= "" then
        text = table.concat(vim.api.nvim_buf_get_lines(vim.api.nvim_win_get_buf(window), 0, -1, false), "\n")
        return true
      end
    end
    return false
  end, 20)
  record("hover", text)
  for _, window in ipairs(vim.api.nvim_list_wins()) do
    if vim.api.nvim_win_get_config(window).relative ~= "" then
      vim.api.nvim_win_close(window, true)
    end
  end
end)

-- Type: delete the first and last brace of `{{plan}}` with `x`, as a user would.
step("type", function()
  local buffer = vim.api.nvim_get_current_buf()
  local line = vim.api.nvim_buf_get_lines(buffer, 3, 4, false)[1]
  local start = line:find("{{plan}}", 1, true)
  vim.api.nvim_win_set_cursor(0, { 4, start - 1 })
  vim.cmd("normal! x")
  vim.api.nvim_win_set_cursor(0, { 4, start + 5 })
  vim.cmd("normal! x")
  record("typed_line", vim.api.nvim_buf_get_lines(buffer, 3, 4, false)[1])
  vim.wait(TIMEOUT, function() return not has_code(buffer, "TPL001") end, 20)
  record("after_typing", diagnostics(buffer))
  vim.cmd("silent undo")
  vim.cmd("silent undo")
  vim.wait(TIMEOUT, function() return has_code(buffer, "TPL001") end, 20)
end)

-- The value reading of TPL001 (one of its two unsafe fixes), applied as the code action menu would.
step("code_action", function()
  local buffer = vim.api.nvim_get_current_buf()
  local target
  for _, item in ipairs(vim.diagnostic.get(buffer)) do
    if (item.code or "") == "TPL001" then
      target = item
    end
  end
  local position = { line = target.lnum, character = target.col }
  local params = {
    textDocument = { uri = vim.uri_from_bufnr(buffer) },
    range = { start = position, ["end"] = position },
    context = { diagnostics = vim.lsp.diagnostic.get_line_diagnostics(buffer, target.lnum) },
  }
  local answers = vim.lsp.buf_request_sync(buffer, "textDocument/codeAction", params, TIMEOUT) or {}
  local titles, chosen = {}, nil
  for _, answer in pairs(answers) do
    for _, action in ipairs(answer.result or {}) do
      table.insert(titles, action.title)
      if action.title:find("Replace with", 1, true) then
        chosen = action
      end
    end
  end
  record("actions", titles)
  -- The encoding the server chose from the client's offer: UTF-8 on Neovim 0.10 and later.
  local client = vim.lsp.get_active_clients({ bufnr = buffer })[1]
  record("encoding", client.offset_encoding)
  vim.lsp.util.apply_workspace_edit(chosen.edit, client.offset_encoding)
  record("fixed_line", vim.api.nvim_buf_get_lines(buffer, 3, 4, false)[1])
  vim.wait(TIMEOUT, function() return not has_code(buffer, "TPL001") end, 20)
  record("after_fix", diagnostics(buffer))
end)

-- Go to the writer of `user:name`: the tool in tools.py.
step("definition", function()
  vim.api.nvim_win_set_cursor(0, { 4, 50 })
  vim.lsp.buf.definition()
  vim.wait(TIMEOUT, function() return vim.api.nvim_buf_get_name(0):find("tools.py", 1, true) ~= nil end, 20)
  record("definition", { file = vim.fn.fnamemodify(vim.api.nvim_buf_get_name(0), ":t"), line = vim.api.nvim_win_get_cursor(0)[1] })
end)

-- A prompt file: it gets a filetype, the server, and its diagnostics.
step("prompt", function()
  vim.cmd("edit " .. project .. "/welcome.prompt")
  local buffer = vim.api.nvim_get_current_buf()
  record("prompt_filetype", vim.bo[buffer].filetype)
  vim.wait(TIMEOUT, function() return has_code(buffer, "TPL001") end, 20)
  record("prompt", diagnostics(buffer))
end)

finish()
