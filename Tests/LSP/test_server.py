"""`widgetry lsp` end to end with pytest-lsp: the built binary, driven as an editor drives it,
over a copy of SampleWidgets/Feed whose feed screen names a misspelt action.

    WIDGETRY=.build/debug/widgetry WIDGETRY_SAMPLE=SampleWidgets/Feed \
        python -m pytest Tests/LSP/test_server.py

scripts/lsp-test installs pytest-lsp and runs this file.
"""
import asyncio
import json
import os
import pathlib
import shutil
import subprocess
import sys

import pytest
import pytest_lsp
from lsprotocol import types
from pygls.exceptions import JsonRpcException
from pytest_lsp import ClientServerConfig, LanguageClient

WIDGETRY = os.path.abspath(os.environ["WIDGETRY"])
SAMPLE = os.path.abspath(os.environ["WIDGETRY_SAMPLE"])
SCREEN = "FeedViewController.json"
ACTION, MISSPELT = '"actionName": "currentUser"', '"actionName": "currentUsr"'
# Only a hang guard: every wait ends as soon as what it waits for has happened.
GUARD = 60

CAPABILITIES = types.ClientCapabilities(
    general=types.GeneralClientCapabilities(position_encodings=[types.PositionEncodingKind.Utf16]),
    window=types.WindowClientCapabilities(work_done_progress=False),
    text_document=types.TextDocumentClientCapabilities(
        synchronization=types.TextDocumentSyncClientCapabilities(did_save=True),
        publish_diagnostics=types.PublishDiagnosticsClientCapabilities(related_information=True, version_support=True),
        diagnostic=types.DiagnosticClientCapabilities(related_document_support=False),
        code_action=types.CodeActionClientCapabilities(
            code_action_literal_support=types.ClientCodeActionLiteralOptions(
                code_action_kind=types.ClientCodeActionKindOptions(
                    value_set=[types.CodeActionKind.QuickFix, types.CodeActionKind.SourceFixAll])),
            is_preferred_support=True),
        hover=types.HoverClientCapabilities(content_format=[types.MarkupKind.Markdown, types.MarkupKind.PlainText]),
        definition=types.DefinitionClientCapabilities(link_support=True),
        rename=types.RenameClientCapabilities(prepare_support=True),
        completion=types.CompletionClientCapabilities(
            completion_item=types.ClientCompletionItemOptions(
                snippet_support=False, documentation_format=[types.MarkupKind.Markdown, types.MarkupKind.PlainText]))),
)


class Bundle:
    """The copied sample: its folder, the feed screen's path, URI and text as the editor has it."""

    def __init__(self, folder: pathlib.Path):
        self.root = folder / "Feed"
        shutil.copytree(SAMPLE, self.root)
        self.screen = self.root / SCREEN
        text = self.screen.read_text(encoding="utf-8")
        assert text.count(ACTION) == 1, f"{SCREEN} of the sample names {ACTION} once"
        self.text = text.replace(ACTION, MISSPELT)
        self.uri = self.screen.as_uri()
        self.version = 1

    def position_of(self, needle: str, offset: int = 0) -> types.Position:
        """The 0-based line and UTF-16 character of `needle` (plus `offset` characters) in the text."""
        index = self.text.index(needle) + offset
        before = self.text[:index]
        line = before.count("\n")
        column = before[before.rfind("\n") + 1:]
        return types.Position(line=line, character=len(column.encode("utf-16-le")) // 2)

    def offset_of(self, position: types.Position) -> int:
        """The index in the text of a 0-based line and UTF-16 character."""
        lines = self.text.split("\n")
        start = sum(len(line) + 1 for line in lines[:position.line])
        prefix = lines[position.line].encode("utf-16-le")[:position.character * 2].decode("utf-16-le")
        return start + len(prefix)

    def applying(self, edits) -> str:
        """The text with `edits` (not overlapping) made, as an editor makes them."""
        text = self.text
        for edit in sorted(edits, key=lambda edit: (edit.range.start.line, edit.range.start.character), reverse=True):
            text = text[:self.offset_of(edit.range.start)] + edit.new_text + text[self.offset_of(edit.range.end):]
        return text

    def misspelt_range(self) -> types.Range:
        """Where lint reports the misspelt action: the quoted name."""
        start = self.position_of('"currentUsr"')
        return types.Range(start=start, end=types.Position(line=start.line, character=start.character + len('"currentUsr"')))


async def until(condition, what: str):
    """Waits until `condition()` holds, failing with `what` if the server never gets there."""
    async def poll():
        while not condition():
            await asyncio.sleep(0.02)
    try:
        await asyncio.wait_for(poll(), GUARD)
    except asyncio.TimeoutError:
        pytest.fail(f"the server never {what}")


def codes(client: LanguageClient, uri: str) -> list:
    return [diagnostic.code for diagnostic in client.diagnostics.get(uri, [])]


@pytest.fixture
def bundle(tmp_path) -> Bundle:
    return Bundle(tmp_path)


@pytest_lsp.fixture(config=ClientServerConfig(server_command=[WIDGETRY, "lsp"]))
async def client(lsp_client: LanguageClient, bundle: Bundle):
    result = await lsp_client.initialize_session(types.InitializeParams(
        capabilities=CAPABILITIES,
        workspace_folders=[types.WorkspaceFolder(uri=bundle.root.as_uri(), name="Feed")]))
    assert result.server_info is not None and result.server_info.name == "widgetry"
    yield
    await lsp_client.shutdown_session()


async def open_screen(client: LanguageClient, bundle: Bundle) -> types.Diagnostic:
    """Opens the screen with the misspelt action and gives the diagnostic published for it."""
    client.text_document_did_open(types.DidOpenTextDocumentParams(text_document=types.TextDocumentItem(
        uri=bundle.uri, language_id="json", version=bundle.version, text=bundle.text)))
    await until(lambda: "unknown-action" in codes(client, bundle.uri), "published unknown-action for the opened screen")
    [diagnostic] = [d for d in client.diagnostics[bundle.uri] if d.code == "unknown-action"]
    return diagnostic


async def test_a_misspelt_action_is_published_at_its_range(client: LanguageClient, bundle: Bundle):
    diagnostic = await open_screen(client, bundle)
    assert diagnostic.range == bundle.misspelt_range()
    assert diagnostic.severity == types.DiagnosticSeverity.Warning
    assert "currentUsr" in diagnostic.message
    assert codes(client, bundle.uri) == ["unknown-action"], "the sample has no other finding"


async def test_the_quick_fix_applied_clears_the_diagnostic(client: LanguageClient, bundle: Bundle):
    diagnostic = await open_screen(client, bundle)
    actions = await client.text_document_code_action_async(types.CodeActionParams(
        text_document=types.TextDocumentIdentifier(uri=bundle.uri), range=diagnostic.range,
        context=types.CodeActionContext(diagnostics=[diagnostic], only=[types.CodeActionKind.QuickFix])))
    fixes = [action for action in actions or [] if isinstance(action, types.CodeAction)]
    assert len(fixes) == 1, [fix.title for fix in fixes]
    [fix] = fixes
    assert fix.kind == types.CodeActionKind.QuickFix and "currentUser" in fix.title
    assert fix.edit is not None and list(fix.edit.changes or {}) == [bundle.uri]
    edits = fix.edit.changes[bundle.uri]
    assert bundle.applying(edits) == bundle.text.replace(MISSPELT, ACTION), "the fix names the action the stub defines"

    # Apply the edit as an editor does: as incremental changes, one version later.
    bundle.text, bundle.version = bundle.applying(edits), bundle.version + 1
    client.text_document_did_change(types.DidChangeTextDocumentParams(
        text_document=types.VersionedTextDocumentIdentifier(uri=bundle.uri, version=bundle.version),
        content_changes=[types.TextDocumentContentChangePartial(range=edit.range, text=edit.new_text) for edit in edits]))
    await until(lambda: "unknown-action" not in codes(client, bundle.uri), "cleared unknown-action after the fix")
    assert codes(client, bundle.uri) == []

    # The server's text is the fixed one: pulling agrees.
    report = await client.text_document_diagnostic_async(types.DocumentDiagnosticParams(
        text_document=types.TextDocumentIdentifier(uri=bundle.uri)))
    assert report.kind == "full" and list(report.items) == []


async def test_pulled_diagnostics_give_the_finding(client: LanguageClient, bundle: Bundle):
    published = await open_screen(client, bundle)
    report = await client.text_document_diagnostic_async(types.DocumentDiagnosticParams(
        text_document=types.TextDocumentIdentifier(uri=bundle.uri)))
    assert report.kind == "full"
    assert [(d.code, d.range) for d in report.items] == [("unknown-action", published.range)]

    workspace = await client.workspace_diagnostic_async(types.WorkspaceDiagnosticParams(previous_result_ids=[]))
    by_uri = {item.uri: item for item in workspace.items}
    assert bundle.uri in by_uri, sorted(by_uri)
    assert [d.code for d in by_uri[bundle.uri].items] == ["unknown-action"]


async def test_hover_on_the_finding_explains_its_code(client: LanguageClient, bundle: Bundle):
    diagnostic = await open_screen(client, bundle)
    inside = types.Position(line=diagnostic.range.start.line, character=diagnostic.range.start.character + 3)
    hover = await client.text_document_hover_async(types.HoverParams(
        text_document=types.TextDocumentIdentifier(uri=bundle.uri), position=inside))
    assert hover is not None and isinstance(hover.contents, types.MarkupContent)
    assert hover.contents.kind == types.MarkupKind.Markdown
    assert hover.range == diagnostic.range
    explanation = subprocess.run([WIDGETRY, "lint", "--explain", "unknown-action"], capture_output=True, text=True, check=True).stdout
    summary = [line for line in explanation.splitlines() if line.strip()][1]
    assert "unknown-action" in hover.contents.value
    assert summary in hover.contents.value, "the hover holds what lint --explain says"

    # Over a key, its documentation from FORMAT.md; away from any finding, key or key path, nothing.
    key = await client.text_document_hover_async(types.HoverParams(
        text_document=types.TextDocumentIdentifier(uri=bundle.uri), position=bundle.position_of('"elements"', offset=2)))
    assert key is not None and isinstance(key.contents, types.MarkupContent)
    assert key.contents.value.startswith("**`elements`**") and "FORMAT.md#screen.elements" in key.contents.value
    elsewhere = await client.text_document_hover_async(types.HoverParams(
        text_document=types.TextDocumentIdentifier(uri=bundle.uri), position=types.Position(line=0, character=0)))
    assert elsewhere is None


async def test_completion_in_an_action_name_offers_the_bundles_actions(client: LanguageClient, bundle: Bundle):
    await open_screen(client, bundle)
    position = bundle.position_of('"currentUsr"', offset=len('"curr'))
    completion = await client.text_document_completion_async(types.CompletionParams(
        text_document=types.TextDocumentIdentifier(uri=bundle.uri), position=position))
    items = completion.items if isinstance(completion, types.CompletionList) else completion or []
    labels = [item.label for item in items]
    stub = json.loads((bundle.root / "StubService.json").read_text(encoding="utf-8"))
    assert labels == sorted(stub["actions"]), "the actions of the stub file, by name"
    chosen = next(item for item in items if item.label == "currentUser")
    assert isinstance(chosen.text_edit, types.TextEdit)
    name = bundle.misspelt_range()
    inner = types.Range(start=types.Position(line=name.start.line, character=name.start.character + 1),
                        end=types.Position(line=name.end.line, character=name.end.character - 1))
    assert chosen.text_edit.range == inner, "it replaces the name between the quotes"
    assert chosen.text_edit.new_text == "currentUser"



async def test_completion_offers_controller_types_and_the_attributes_of_the_objects_type(client: LanguageClient, bundle: Bundle):
    await open_screen(client, bundle)

    async def labels_at(needle: str, offset: int) -> dict:
        completion = await client.text_document_completion_async(types.CompletionParams(
            text_document=types.TextDocumentIdentifier(uri=bundle.uri), position=bundle.position_of(needle, offset=offset)))
        items = completion.items if isinstance(completion, types.CompletionList) else completion or []
        return {item.label: item for item in items}

    kinds = await labels_at('"type": "ManagedObjectsProvider"', len('"type": "Man'))
    assert {"ManagedObjectsProvider", "TableDisplayController", "ActionStatusController"} <= set(kinds)
    provider = kinds["ManagedObjectsProvider"]
    assert provider.kind == types.CompletionItemKind.Class and provider.detail == "provider"
    assert isinstance(provider.documentation, types.MarkupContent) and provider.documentation.kind == types.MarkupKind.Markdown
    assert "FORMAT.md#objects.type.managed-objects-provider" in provider.documentation.value

    attributes = await labels_at('"entityName": "Account"', len('"ent'))
    assert {"entityName", "sortByFields", "predicateFormat", "resultChain"} <= set(attributes)
    assert "actionName" not in attributes, "the attributes of a provider, not of an action controller"
    assert attributes["entityName"].detail == "string attribute of ManagedObjectsProvider"


async def test_completion_in_a_scenario_offers_step_kinds_and_the_screens_text_inputs(client: LanguageClient, bundle: Bundle):
    scenario = bundle.root / "Tests" / "2-search.scenario.json"
    text = scenario.read_text(encoding="utf-8").replace('{"clear": "searchBar"}', '{"clear": "sea"}, {"": 1}')
    client.text_document_did_open(types.DidOpenTextDocumentParams(text_document=types.TextDocumentItem(
        uri=scenario.as_uri(), language_id="json", version=1, text=text)))

    async def labels_at(needle: str, offset: int) -> list:
        before = text[:text.index(needle) + offset]
        position = types.Position(line=before.count("\n"), character=len(before[before.rfind("\n") + 1:].encode("utf-16-le")) // 2)
        completion = await client.text_document_completion_async(types.CompletionParams(
            text_document=types.TextDocumentIdentifier(uri=scenario.as_uri()), position=position))
        items = completion.items if isinstance(completion, types.CompletionList) else completion or []
        return [item.label for item in items]

    kinds = await labels_at('{"": 1}', len('{"'))
    assert {"tap", "tapRow", "type", "expect", "expectStore", "golden"} <= set(kinds) and len(kinds) == 19
    inputs = await labels_at('"clear": "sea"', len('"clear": "sea'))
    assert "searchBar" in inputs and "tableView" not in inputs, "the text inputs of the screens"

async def test_an_edit_outside_the_text_is_refused_and_the_server_goes_on(client: LanguageClient, bundle: Bundle):
    await open_screen(client, bundle)
    lines = bundle.text.count("\n")
    far = types.Position(line=lines + 100, character=0)
    client.text_document_did_change(types.DidChangeTextDocumentParams(
        text_document=types.VersionedTextDocumentIdentifier(uri=bundle.uri, version=bundle.version + 1),
        content_changes=[types.TextDocumentContentChangePartial(range=types.Range(start=far, end=far), text="x")]))
    await until(lambda: any("lsp.position-out-of-range" in m.message for m in client.log_messages),
                "logged lsp.position-out-of-range for the edit outside the text")

    # The document is as it was: the finding is still where it was.
    report = await client.text_document_diagnostic_async(types.DocumentDiagnosticParams(
        text_document=types.TextDocumentIdentifier(uri=bundle.uri)))
    assert [(d.code, d.range) for d in report.items] == [("unknown-action", bundle.misspelt_range())]

    # A request at a position outside the text is refused, with the server's code.
    with pytest.raises(JsonRpcException) as refused:
        await client.text_document_hover_async(types.HoverParams(
            text_document=types.TextDocumentIdentifier(uri=bundle.uri), position=far))
    assert refused.value.code == -32602
    assert (refused.value.data or {}).get("code") == "lsp.position-out-of-range", refused.value.data


async def test_a_request_about_an_unknown_file_is_refused_and_the_server_goes_on(client: LanguageClient, bundle: Bundle, tmp_path):
    stranger = tmp_path / "elsewhere" / "Nothing.json"
    with pytest.raises(JsonRpcException) as refused:
        await client.text_document_hover_async(types.HoverParams(
            text_document=types.TextDocumentIdentifier(uri=stranger.as_uri()), position=types.Position(line=0, character=0)))
    assert refused.value.code == -32602
    assert (refused.value.data or {}).get("code") == "lsp.unknown-document", refused.value.data
    assert "hint" in (refused.value.data or {})

    with pytest.raises(JsonRpcException) as pulled:
        await client.text_document_diagnostic_async(types.DocumentDiagnosticParams(
            text_document=types.TextDocumentIdentifier(uri=stranger.as_uri())))
    assert (pulled.value.data or {}).get("code") == "lsp.unknown-document", pulled.value.data

    # And the server still answers.
    diagnostic = await open_screen(client, bundle)
    assert diagnostic.range == bundle.misspelt_range()


async def test_an_action_goes_to_its_definition_and_is_renamed_in_the_screen_and_the_stub(client: LanguageClient, bundle: Bundle):
    bundle.text = bundle.text.replace(MISSPELT, ACTION)
    client.text_document_did_open(types.DidOpenTextDocumentParams(text_document=types.TextDocumentItem(
        uri=bundle.uri, language_id="json", version=bundle.version, text=bundle.text)))
    at = bundle.position_of(ACTION, len('"actionName": "') + 4)
    document = types.TextDocumentIdentifier(uri=bundle.uri)
    stub = bundle.root / "StubService.json"
    stub_text = stub.read_text(encoding="utf-8")
    links = await client.text_document_definition_async(types.DefinitionParams(text_document=document, position=at))
    assert [link.target_uri for link in links] == [stub.as_uri()]
    line = stub_text[:stub_text.index('"currentUser": {')].count("\n")
    column = len(stub_text.split("\n")[line]) - len(stub_text.split("\n")[line].lstrip()) + 1
    assert links[0].target_selection_range == types.Range(start=types.Position(line=line, character=column),
                                                          end=types.Position(line=line, character=column + len("currentUser")))

    prepared = await client.text_document_prepare_rename_async(types.PrepareRenameParams(text_document=document, position=at))
    assert prepared.placeholder == "currentUser"
    edit = await client.text_document_rename_async(types.RenameParams(text_document=document, position=at, new_name="me"))
    assert sorted(edit.changes) == sorted([bundle.uri, stub.as_uri()])
    assert bundle.applying(edit.changes[bundle.uri]) == bundle.text.replace(ACTION, '"actionName": "me"')
    [stub_edit] = edit.changes[stub.as_uri()]
    assert stub_edit.new_text == "me" and stub_edit.range == links[0].target_selection_range

    # A name with a dot is no action name: refused with the server's code, and the server goes on.
    with pytest.raises(JsonRpcException) as refused:
        await client.text_document_rename_async(types.RenameParams(text_document=document, position=at, new_name="me.too"))
    assert refused.value.code == -32602
    assert (refused.value.data or {}).get("code") == "lsp.invalid-name", refused.value.data
    assert await client.text_document_definition_async(types.DefinitionParams(text_document=document, position=at)) == links


async def test_shutdown_and_exit_end_the_server_with_status_zero():
    """Run by hand here rather than through the fixture, to see the exit status."""
    server = await asyncio.create_subprocess_exec(WIDGETRY, "lsp", stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE)

    def frame(body: str) -> bytes:
        data = body.encode()
        return b"Content-Length: %d\r\n\r\n" % len(data) + data

    server.stdin.write(frame('{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"capabilities":{}}}'))
    server.stdin.write(frame('{"jsonrpc":"2.0","method":"initialized","params":{}}'))
    server.stdin.write(frame('{"jsonrpc":"2.0","id":2,"method":"shutdown"}'))
    server.stdin.write(frame('{"jsonrpc":"2.0","method":"exit"}'))
    await server.stdin.drain()
    status = await asyncio.wait_for(server.wait(), GUARD)
    output = await server.stdout.read()
    assert status == 0, (await server.stderr.read()).decode()
    assert b'"id":2' in output.replace(b" ", b"")


if __name__ == "__main__":
    sys.exit(pytest.main([__file__]))
