/// The params of `$/progress`: a token and the progress it reports.
public struct ProgressParams: Codable, Hashable, Sendable {
    public var token: ProgressToken
    public var value: WorkDoneProgressValue

    public init(token: ProgressToken, value: WorkDoneProgressValue) {
        self.token = token
        self.value = value
    }
}

/// The params of `window/workDoneProgress/create`.
public struct WorkDoneProgressCreateParams: Codable, Hashable, Sendable {
    public var token: ProgressToken

    public init(token: ProgressToken) {
        self.token = token
    }
}

/// The first report of some work: its title, and whether the client may cancel it.
public struct WorkDoneProgressBegin: Codable, Hashable, Sendable {
    public var title: String
    public var cancellable: Bool?
    public var message: String?
    /// 0 to 100.
    public var percentage: Int?

    public init(title: String, cancellable: Bool? = nil, message: String? = nil, percentage: Int? = nil) {
        self.title = title
        self.cancellable = cancellable
        self.message = message
        self.percentage = percentage
    }
}

/// A report of work in progress.
public struct WorkDoneProgressReport: Codable, Hashable, Sendable {
    public var cancellable: Bool?
    public var message: String?
    public var percentage: Int?

    public init(cancellable: Bool? = nil, message: String? = nil, percentage: Int? = nil) {
        self.cancellable = cancellable
        self.message = message
        self.percentage = percentage
    }
}

/// The last report of some work.
public struct WorkDoneProgressEnd: Codable, Hashable, Sendable {
    public var message: String?

    public init(message: String? = nil) {
        self.message = message
    }
}

/// The `value` of a work-done `$/progress`: a begin, a report or an end, told apart by `kind`.
public enum WorkDoneProgressValue: Codable, Hashable, Sendable {
    case begin(WorkDoneProgressBegin)
    case report(WorkDoneProgressReport)
    case end(WorkDoneProgressEnd)

    public init(from decoder: any Decoder) throws {
        switch try decoder.container(keyedBy: KindKey.self).decode(String.self, forKey: .kind) {
        case "begin": self = .begin(try WorkDoneProgressBegin(from: decoder))
        case "report": self = .report(try WorkDoneProgressReport(from: decoder))
        case "end": self = .end(try WorkDoneProgressEnd(from: decoder))
        case let kind:
            throw DecodingError.dataCorrupted(.init(codingPath: [KindKey.kind], debugDescription: "unknown progress kind \(kind)"))
        }
    }

    public func encode(to encoder: any Encoder) throws {
        let kind: String
        switch self {
        case .begin(let value): kind = "begin"; try value.encode(to: encoder)
        case .report(let value): kind = "report"; try value.encode(to: encoder)
        case .end(let value): kind = "end"; try value.encode(to: encoder)
        }
        var container = encoder.container(keyedBy: KindKey.self)
        try container.encode(kind, forKey: .kind)
    }
}

/// The `kind` key that tells the specification's tagged structures apart.
enum KindKey: String, CodingKey {
    case kind
}
