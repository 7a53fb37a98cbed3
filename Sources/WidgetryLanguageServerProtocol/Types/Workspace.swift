/// How a watched file changed.
public enum FileChangeType: Int, Codable, Hashable, Sendable {
    case created = 1
    case changed = 2
    case deleted = 3
}

/// A watched file that changed outside the editor.
public struct FileEvent: Codable, Hashable, Sendable {
    public var uri: DocumentUri
    public var type: FileChangeType

    public init(uri: DocumentUri, type: FileChangeType) {
        self.uri = uri
        self.type = type
    }
}

/// The params of `workspace/didChangeWatchedFiles`.
public struct DidChangeWatchedFilesParams: Codable, Hashable, Sendable {
    public var changes: [FileEvent]

    public init(changes: [FileEvent]) {
        self.changes = changes
    }
}

/// A folder of the workspace.
public struct WorkspaceFolder: Codable, Hashable, Sendable {
    public var uri: DocumentUri
    public var name: String

    public init(uri: DocumentUri, name: String) {
        self.uri = uri
        self.name = name
    }
}

/// A glob of files to watch (`**/*.json`), and which changes (a sum of 1 created, 2 changed, 4 deleted).
public struct FileSystemWatcher: Codable, Hashable, Sendable {
    public var globPattern: String
    public var kind: Int?

    public init(globPattern: String, kind: Int? = nil) {
        self.globPattern = globPattern
        self.kind = kind
    }
}

/// The register options of `workspace/didChangeWatchedFiles`.
public struct DidChangeWatchedFilesRegistrationOptions: Codable, Hashable, Sendable {
    public var watchers: [FileSystemWatcher]

    public init(watchers: [FileSystemWatcher]) {
        self.watchers = watchers
    }
}

/// A capability the server registers after `initialize`.
public struct Registration: Codable, Hashable, Sendable {
    public var id: String
    public var method: String
    public var registerOptions: LSPAny?

    public init(id: String, method: String, registerOptions: LSPAny? = nil) {
        self.id = id
        self.method = method
        self.registerOptions = registerOptions
    }
}

/// The params of `client/registerCapability`.
public struct RegistrationParams: Codable, Hashable, Sendable {
    public var registrations: [Registration]

    public init(registrations: [Registration]) {
        self.registrations = registrations
    }
}

/// The type of a `window/logMessage`.
public enum MessageType: Int, Codable, Hashable, Sendable {
    case error = 1
    case warning = 2
    case info = 3
    case log = 4
}

/// The params of `window/logMessage`.
public struct LogMessageParams: Codable, Hashable, Sendable {
    public var type: MessageType
    public var message: String

    public init(type: MessageType, message: String) {
        self.type = type
        self.message = message
    }
}

/// The params of `$/cancelRequest`.
public struct CancelParams: Codable, Hashable, Sendable {
    public var id: RequestID

    public init(id: RequestID) {
        self.id = id
    }
}
