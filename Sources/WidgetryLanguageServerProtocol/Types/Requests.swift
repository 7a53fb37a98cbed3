// The methods of the protocol this module declares, each with the types of its params and result.

/// `initialize`: The first request: the client's capabilities, answered with the server's.
public enum InitializeRequest: LSPRequest {
    public typealias Params = InitializeParams
    public typealias Result = InitializeResult
    public static let method = "initialize"
}

/// `shutdown`: Asks the server to stop taking requests; `exit` follows. The connection answers it itself when no handler is registered.
public enum ShutdownRequest: LSPRequest {
    public typealias Params = NoParams
    public typealias Result = NullResult
    public static let method = "shutdown"
}

/// `textDocument/hover`: What is under the cursor.
public enum HoverRequest: LSPRequest {
    public typealias Params = TextDocumentPositionParams
    public typealias Result = Hover?
    public static let method = "textDocument/hover"
}

/// `textDocument/completion`: Completions at the cursor.
public enum CompletionRequest: LSPRequest {
    public typealias Params = CompletionParams
    public typealias Result = CompletionList?
    public static let method = "textDocument/completion"
}

/// `textDocument/definition`: Where the name under the cursor is defined.
public enum DefinitionRequest: LSPRequest {
    public typealias Params = TextDocumentPositionParams
    public typealias Result = DefinitionResult?
    public static let method = "textDocument/definition"
}

/// `textDocument/references`: Where the name under the cursor is used.
public enum ReferencesRequest: LSPRequest {
    public typealias Params = ReferenceParams
    public typealias Result = [Location]?
    public static let method = "textDocument/references"
}

/// `textDocument/documentSymbol`: The symbols of a document, nested.
public enum DocumentSymbolRequest: LSPRequest {
    public typealias Params = DocumentSymbolParams
    public typealias Result = [DocumentSymbol]?
    public static let method = "textDocument/documentSymbol"
}

/// `textDocument/codeAction`: The fixes and other actions for a range and its diagnostics.
public enum CodeActionRequest: LSPRequest {
    public typealias Params = CodeActionParams
    public typealias Result = [CodeAction]?
    public static let method = "textDocument/codeAction"
}

/// `textDocument/rename`: The edits that rename the name under the cursor everywhere.
public enum RenameRequest: LSPRequest {
    public typealias Params = RenameParams
    public typealias Result = WorkspaceEdit?
    public static let method = "textDocument/rename"
}

/// `textDocument/prepareRename`: Whether the name under the cursor can be renamed, and its range.
public enum PrepareRenameRequest: LSPRequest {
    public typealias Params = TextDocumentPositionParams
    public typealias Result = PrepareRenameResult?
    public static let method = "textDocument/prepareRename"
}

/// `textDocument/diagnostic`: A document's diagnostics, pulled by the client.
public enum DocumentDiagnosticRequest: LSPRequest {
    public typealias Params = DocumentDiagnosticParams
    public typealias Result = DocumentDiagnosticReport
    public static let method = "textDocument/diagnostic"
}

/// `workspace/diagnostic`: The diagnostics of every document of the workspace, pulled by the client.
public enum WorkspaceDiagnosticRequest: LSPRequest {
    public typealias Params = WorkspaceDiagnosticParams
    public typealias Result = WorkspaceDiagnosticReport
    public static let method = "workspace/diagnostic"
}

/// `workspace/diagnostic/refresh`: From the server: asks the client to pull diagnostics again.
public enum DiagnosticRefreshRequest: LSPRequest {
    public typealias Params = NoParams
    public typealias Result = NullResult
    public static let method = "workspace/diagnostic/refresh"
}

/// `window/workDoneProgress/create`: From the server: asks the client to show progress under a token.
public enum WorkDoneProgressCreateRequest: LSPRequest {
    public typealias Params = WorkDoneProgressCreateParams
    public typealias Result = NullResult
    public static let method = "window/workDoneProgress/create"
}

/// `client/registerCapability`: From the server: registers a capability, such as file watchers.
public enum RegisterCapabilityRequest: LSPRequest {
    public typealias Params = RegistrationParams
    public typealias Result = NullResult
    public static let method = "client/registerCapability"
}
