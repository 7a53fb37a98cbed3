/// `workspace/didChangeWorkspaceFolders`: Folders were added to the workspace or removed.
public enum DidChangeWorkspaceFoldersNotification: LSPNotification {
    public typealias Params = DidChangeWorkspaceFoldersParams
    public static let method = "workspace/didChangeWorkspaceFolders"
}

/// The params of `workspace/didChangeWorkspaceFolders`.
public struct DidChangeWorkspaceFoldersParams: Codable, Hashable, Sendable {
    /// What changed.
    public var event: WorkspaceFoldersChangeEvent

    public init(event: WorkspaceFoldersChangeEvent) {
        self.event = event
    }
}

/// The folders added to the workspace and those removed from it.
public struct WorkspaceFoldersChangeEvent: Codable, Hashable, Sendable {
    /// The folders added to the workspace.
    public var added: [WorkspaceFolder]
    /// The folders removed from it.
    public var removed: [WorkspaceFolder]

    public init(added: [WorkspaceFolder], removed: [WorkspaceFolder]) {
        self.added = added
        self.removed = removed
    }
}

/// What the server offers of the workspace: whether it takes several folders, and whether the
/// client is to tell it of changes to them (`true`: with `workspace/didChangeWorkspaceFolders`).
public struct WorkspaceFoldersServerCapabilities: Codable, Hashable, Sendable {
    /// Whether the server takes a workspace of several folders.
    public var supported: Bool?
    /// Whether the client is to send `workspace/didChangeWorkspaceFolders`.
    public var changeNotifications: Bool?

    public init(supported: Bool? = nil, changeNotifications: Bool? = nil) {
        self.supported = supported
        self.changeNotifications = changeNotifications
    }
}

/// The workspace part of ``ServerCapabilities``.
public struct WorkspaceServerCapabilities: Codable, Hashable, Sendable {
    /// What the server offers of workspace folders.
    public var workspaceFolders: WorkspaceFoldersServerCapabilities?

    public init(workspaceFolders: WorkspaceFoldersServerCapabilities? = nil) {
        self.workspaceFolders = workspaceFolders
    }
}
