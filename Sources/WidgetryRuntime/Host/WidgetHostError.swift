public import WidgetryBundle

/// Why a ``WidgetHost`` refused a request. ``code`` is a stable identifier (`host.…`) for
/// scripts and logs; ``description`` says what went wrong and ends with the code in brackets.
public enum WidgetHostError: Error, Sendable, CustomStringConvertible {
    /// What stopped a widget from loading.
    public enum LoadFailure: Sendable, CustomStringConvertible {
        /// The bundle could not be found, downloaded, extracted or read.
        case bundle(BundleError)
        /// The bundle was read, but its model, store, service file or entry screen is wrong.
        case run(WidgetRunError)

        public var description: String {
            switch self {
            case .bundle(let error): error.description
            case .run(let error): error.description
            }
        }
    }

    /// A widget is already loaded (or loading) under this identifier.
    case duplicateIdentifier(String)
    /// The widget `identifier` could not be loaded from `source`.
    case loadFailed(identifier: String, source: String, cause: LoadFailure)
    /// No widget is loaded under this identifier.
    case unknownWidget(String)
    /// The widget's last reload failed (`cause`): it is loaded, but has no run until a reload
    /// succeeds.
    case notRunning(identifier: String, cause: LoadFailure)
    /// The host was shut down; it takes no more requests.
    case shutDown

    /// A stable identifier: `host.duplicate-identifier`, `host.load-failed`,
    /// `host.unknown-widget`, `host.not-running`, `host.shut-down`.
    public var code: String {
        switch self {
        case .duplicateIdentifier: "host.duplicate-identifier"
        case .loadFailed: "host.load-failed"
        case .unknownWidget: "host.unknown-widget"
        case .notRunning: "host.not-running"
        case .shutDown: "host.shut-down"
        }
    }

    /// The widget the error is about, when there is one.
    public var identifier: String? {
        switch self {
        case .duplicateIdentifier(let identifier), .unknownWidget(let identifier), .loadFailed(let identifier, _, _),
             .notRunning(let identifier, _): identifier
        case .shutDown: nil
        }
    }

    /// What went wrong, without the code.
    public var message: String {
        switch self {
        case .duplicateIdentifier(let identifier):
            "a widget is already loaded under the identifier '\(identifier)'"
        case .loadFailed(let identifier, let source, let cause):
            "widget '\(identifier)' could not be loaded from '\(source)': \(cause)"
        case .unknownWidget(let identifier):
            "no widget is loaded under the identifier '\(identifier)'"
        case .notRunning(let identifier, let cause):
            "widget '\(identifier)' is not running: its last reload failed: \(cause)"
        case .shutDown:
            "the host was shut down"
        }
    }

    /// How to fix it, when there is something useful to say.
    public var hint: String? {
        switch self {
        case .duplicateIdentifier: "give each widget its own identifier, or unload the first one"
        case .unknownWidget: "load the widget first; identifiers are compared exactly"
        case .notRunning: "fix what the reload reported and reload the widget"
        case .loadFailed, .shutDown: nil
        }
    }

    public var description: String {
        "\(message) [\(code)]"
    }
}
