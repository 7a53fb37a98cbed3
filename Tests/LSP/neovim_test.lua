-- `widgetry lsp` in a real editor: headless Neovim (0.7 or later) with its built-in client opens a
-- copy of SampleWidgets/Feed, misspells a binding's key path as an author would, waits for the
-- diagnostic at the misspelt key, applies the quick fix through vim.lsp.buf.code_action (choosing
-- it as a person would in the menu), checks the buffer's text, and completes an attribute name and
-- an action name. Exits 0 when all happened, else non-zero with what did not.
--
--   WIDGETRY=.build/debug/widgetry WIDGETRY_SAMPLE=SampleWidgets/Feed \
--     nvim --headless -u NONE -i NONE -c "luafile Tests/LSP/neovim_test.lua"
--
-- scripts/lsp-test runs it with Debian's neovim.

-- Only a hang guard: each wait ends as soon as what it waits for has happened.
local GUARD_MS = 60000

local function fail(message)
  io.stderr:write("neovim-test: FAILED: " .. message .. "\n")
  vim.cmd("cquit 1")
end

local function say(message)
  io.stdout:write("neovim-test: " .. message .. "\n")
end

-- The whole run ends, failed, if it is still going long after every wait should have ended.
local guard = vim.loop.new_timer()
guard:start(3 * GUARD_MS, 0, vim.schedule_wrap(function()
  fail("the run did not end within " .. (3 * GUARD_MS / 1000) .. " s")
end))

-- The server's exit code, once it has exited.
local exit_code

local function wait_for(what, condition)
  local stopping = what == "exited after shutdown"
  local ended = vim.wait(GUARD_MS, function() return condition() or (not stopping and exit_code ~= nil) end, 20)
  if not ended then fail("the server never " .. what) end
  if not stopping and not condition() then fail("the server exited with " .. exit_code .. " before it " .. what) end
end

local function run()
  local widgetry = assert(os.getenv("WIDGETRY"), "WIDGETRY names the built binary")
  local sample = assert(os.getenv("WIDGETRY_SAMPLE"), "WIDGETRY_SAMPLE names SampleWidgets/Feed")
  local folder = vim.fn.tempname()
  vim.fn.mkdir(folder, "p")
  local bundle = folder .. "/Feed"
  vim.fn.system({ "cp", "-R", (vim.fn.fnamemodify(sample, ":p"):gsub("/$", "")), bundle })
  if vim.v.shell_error ~= 0 then fail("could not copy " .. sample) end

  vim.cmd("edit " .. vim.fn.fnameescape(bundle .. "/FeedViewController.json"))
  local buffer = vim.api.nvim_get_current_buf()
  local client_id = vim.lsp.start_client({
    name = "widgetry",
    cmd = { vim.fn.fnamemodify(widgetry, ":p"), "lsp" },
    root_dir = bundle,
    on_exit = function(code) exit_code = code end,
  })
  if not client_id then fail("vim.lsp.start_client did not start " .. widgetry .. " lsp") end
  vim.lsp.buf_attach_client(buffer, client_id)
  wait_for("initialized", function()
    local client = vim.lsp.get_client_by_id(client_id)
    return client ~= nil and client.initialized
  end)
  say("started and initialized widgetry lsp")

  -- The author misspells the key of a binding: `content.author.name` becomes `...nmae`.
  local lines = vim.api.nvim_buf_get_lines(buffer, 0, -1, true)
  local row, column
  for index, line in ipairs(lines) do
    local found = line:find('"content.author.name"', 1, true)
    if found then row, column = index - 1, found - 1 + #'"content.author.' break end
  end
  if not row then fail('FeedViewController.json has no "content.author.name"') end
  vim.api.nvim_buf_set_text(buffer, row, column, row, column + 4, { "nmae" })

  local finding
  wait_for("published unknown-key-path for the misspelt key", function()
    for _, diagnostic in ipairs(vim.diagnostic.get(buffer)) do
      if diagnostic.code == "unknown-key-path" then finding = diagnostic return true end
    end
    return false
  end)
  local expected = { row, column, row, column + 4 }
  local got = { finding.lnum, finding.col, finding.end_lnum, finding.end_col }
  if not vim.deep_equal(got, expected) then
    fail("unknown-key-path at " .. vim.inspect(got) .. ", expected the misspelt key at " .. vim.inspect(expected))
  end
  say("unknown-key-path published at line " .. (row + 1) .. ", columns " .. (column + 1) .. "-" .. (column + 4) .. ": " .. finding.message)

  -- The quick fix, as a person takes it: the cursor on the finding, the code action menu, the
  -- fix whose title names the right key.
  vim.api.nvim_win_set_cursor(0, { row + 1, column + 1 })
  local offered = {}
  vim.ui.select = function(items, options, on_choice)
    for index, item in ipairs(items) do
      local title = options.format_item and options.format_item(item) or tostring(item)
      table.insert(offered, title)
      if title:find("name", 1, true) then return on_choice(item, index) end
    end
    on_choice(nil, nil)
  end
  vim.lsp.buf.code_action({ only = { "quickfix" } })
  wait_for("offered the quick fix (offered: " .. vim.inspect(offered) .. ")", function()
    return vim.api.nvim_buf_get_lines(buffer, row, row + 1, true)[1]:find('"content.author.name"', 1, true) ~= nil
  end)
  say("applied the quick fix " .. vim.inspect(offered))
  local fixed = table.concat(vim.api.nvim_buf_get_lines(buffer, 0, -1, true), "\n")
  if fixed ~= table.concat(lines, "\n") then fail("the buffer after the quick fix is not the sample's text") end
  wait_for("cleared unknown-key-path after the fix", function()
    return #vim.diagnostic.get(buffer) == 0
  end)
  say("the buffer is the sample's text again and has no diagnostic")

  -- Completion of an attribute: just after `content.author.`, the keys of a User.
  local function complete(line, character)
    local params = { textDocument = { uri = vim.uri_from_bufnr(buffer) }, position = { line = line, character = character } }
    local answers, err = vim.lsp.buf_request_sync(buffer, "textDocument/completion", params, GUARD_MS)
    if not answers then fail("textDocument/completion: " .. tostring(err)) end
    local labels = {}
    for _, answer in pairs(answers) do
      if answer.err then fail("textDocument/completion answered an error: " .. vim.inspect(answer.err)) end
      local result = answer.result or {}
      for _, item in ipairs(result.items or result) do labels[item.label] = true end
    end
    return labels
  end
  local attributes = complete(row, column)
  for _, name in ipairs({ "name", "imageName" }) do
    if not attributes[name] then fail("completion after content.author. lacks " .. name .. ": " .. vim.inspect(vim.tbl_keys(attributes))) end
  end
  say("completion after content.author. offers " .. table.concat(vim.fn.sort(vim.tbl_keys(attributes)), ", "))

  -- Completion of an action name, inside the value of an actionName.
  local action_row, action_column
  for index, line in ipairs(vim.api.nvim_buf_get_lines(buffer, 0, -1, true)) do
    local found = line:find('"actionName": "currentUser"', 1, true)
    if found then action_row, action_column = index - 1, found - 1 + #'"actionName": "curr' break end
  end
  local actions = complete(action_row, action_column)
  for _, name in ipairs({ "currentUser", "homeFeed", "newPost" }) do
    if not actions[name] then fail("completion in an actionName lacks " .. name .. ": " .. vim.inspect(vim.tbl_keys(actions))) end
  end
  say("completion in an actionName offers " .. table.concat(vim.fn.sort(vim.tbl_keys(actions)), ", "))

  vim.lsp.stop_client(client_id)
  wait_for("exited after shutdown", function() return exit_code ~= nil end)
  if exit_code ~= 0 then fail("widgetry lsp exited with " .. exit_code .. " after shutdown and exit") end
  vim.fn.delete(folder, "rf")
  say("passed")
end

local ok, problem = pcall(run)
if not ok then fail(tostring(problem)) end
vim.cmd("qall!")
