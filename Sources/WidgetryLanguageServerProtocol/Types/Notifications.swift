// The notifications of the protocol this module declares, each with the type of its params.

/// `initialized`: The client took the answer to `initialize`.
public enum InitializedNotification: LSPNotification {
    public typealias Params = NoParams
    public static let method = "initialized"
}

/// `exit`: Ends the connection; the connection handles it itself.
public enum ExitNotification: LSPNotification {
    public typealias Params = NoParams
    public static let method = "exit"
}

/// `$/cancelRequest`: Cancels a request; the connection handles it itself.
public enum CancelNotification: LSPNotification {
    public typealias Params = CancelParams
    public static let method = "$/cancelRequest"
}

/// `$/progress`: Work-done progress under a token.
public enum ProgressNotification: LSPNotification {
    public typealias Params = ProgressParams
    public static let method = "$/progress"
}

/// `window/logMessage`: From the server: a message for the client's log.
public enum LogMessageNotification: LSPNotification {
    public typealias Params = LogMessageParams
    public static let method = "window/logMessage"
}

/// `textDocument/didOpen`: The client opened a document: from now on, its text is the client's.
public enum DidOpenTextDocumentNotification: LSPNotification {
    public typealias Params = DidOpenTextDocumentParams
    public static let method = "textDocument/didOpen"
}

/// `textDocument/didChange`: The client changed an open document.
public enum DidChangeTextDocumentNotification: LSPNotification {
    public typealias Params = DidChangeTextDocumentParams
    public static let method = "textDocument/didChange"
}

/// `textDocument/didClose`: The client closed a document: its text is the file's again.
public enum DidCloseTextDocumentNotification: LSPNotification {
    public typealias Params = DidCloseTextDocumentParams
    public static let method = "textDocument/didClose"
}

/// `textDocument/didSave`: The client saved a document.
public enum DidSaveTextDocumentNotification: LSPNotification {
    public typealias Params = DidSaveTextDocumentParams
    public static let method = "textDocument/didSave"
}

/// `workspace/didChangeWatchedFiles`: Files changed outside the editor.
public enum DidChangeWatchedFilesNotification: LSPNotification {
    public typealias Params = DidChangeWatchedFilesParams
    public static let method = "workspace/didChangeWatchedFiles"
}

/// `textDocument/publishDiagnostics`: From the server: every diagnostic of one document.
public enum PublishDiagnosticsNotification: LSPNotification {
    public typealias Params = PublishDiagnosticsParams
    public static let method = "textDocument/publishDiagnostics"
}
