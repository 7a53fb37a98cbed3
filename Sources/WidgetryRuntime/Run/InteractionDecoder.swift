public import WidgetryBundle
import WidgetryExpressions
public import WidgetryJSON

/// What is wrong with the JSON of an interaction, as ``InteractionDecoder`` finds it. Callers
/// report these under codes of their own: a scenario as `scenario.*`, the preview as a 400.
public enum InteractionProblemKind: String, StrictReaderCodes, CaseIterable {
    case unknownKey = "unknown-key"
    case missingKey = "missing-key"
    case wrongType = "wrong-type"
    case invalidValue = "invalid-value"
    /// A number of seconds past ``NumericPolicy/isTimeSpan(_:)``.
    case outOfRange = "out-of-range"
    /// A picked file named outside the folder it is picked from (``ConfinedPath``).
    case pathEscape = "path-escape"
    /// An interaction the caller does not perform: `pickMedia` without a folder to pick from.
    case unavailable = "unavailable"

    public static var numberOutOfRange: Self { .outOfRange }
}

/// A problem in the JSON of an interaction, placed at the value it concerns.
public typealias InteractionProblem = Problem<InteractionProblemKind>

/// Reads an interaction written as a scenario step writes it, the one shape every caller reads
/// (scenario files, the preview's `POST /interact`):
///
///     {"tap": "addButton"}   {"tapRow": 2, "of": "tableView", "section": 0}   {"deleteRow": 0, "of": "tableView"}
///     {"type": "swift", "into": "searchBar", "interval": 0.1}   {"return": "searchBar"}   {"clear": "searchBar"}
///     {"refresh": "tableView"}   {"scrollToEnd": "tableView"}   {"post": "reload"}
///     {"setDefault": "showAvatars", "value": false}   {"advance": 5}   {"back": true}
///     {"pickMedia": "photo.jpg", "with": "picker"}   {"tapMarker": 0, "of": "mapContainer"}
///     {"tapMarkerTitle": "Café Procope", "of": "mapContainer"}
///
/// The caller picks the kind (the one key of ``kinds`` the step holds) and checks for unknown
/// keys; the decoder reads the rest, recording every problem with its place in ``problems``.
public struct InteractionDecoder {
    /// Turns the name a `pickMedia` step gives into the path of the file to pick, or throws
    /// why the name is refused.
    public typealias PathResolver = (String) throws(PathEscape) -> String

    /// The kinds of interaction, by the key that names each, and the keys each may add: the
    /// scenario's step kinds that act (``ScenarioSteps/interactions``).
    public static let kinds: [String: Set<String>] = ScenarioSteps.interactions

    private var read: StrictReader<InteractionProblemKind>
    private let resolvePath: PathResolver?

    /// A decoder for interactions written in `file`; without `resolvePath`, a `pickMedia` step
    /// is refused (``InteractionProblemKind/unavailable``).
    public init(file: String, resolvePath: PathResolver? = nil) {
        read = StrictReader(file: file)
        self.resolvePath = resolvePath
    }

    /// The problems found so far, in the order of the file.
    public var problems: [InteractionProblem] { read.problems }

    /// The interaction of kind `kind` (a key of ``kinds``) that `step`, the members of the
    /// step `json`, describes; nil after recording why not (every problem found, not only the first).
    public mutating func interaction(_ kind: String, of step: JSONObject, at json: JSONValue) -> Interaction? {
        let before = read.problems.count
        let interaction = decode(kind, of: step, at: json)
        return read.problems.count == before ? interaction : nil
    }

    private mutating func decode(_ kind: String, of step: JSONObject, at json: JSONValue) -> Interaction? {
        guard let value = step[kind] else {
            read.report(.missingKey, "the step has no \"\(kind)\"", at: json)
            return nil
        }
        switch kind {
        case "tap": return read.string(value).map(Interaction.tap)
        case "tapRow", "deleteRow":
            let row = wholeNumber(value, what: kind)
            let section = step["section"].flatMap { wholeNumber($0, what: "section") } ?? 0
            guard let table = step["of"].flatMap({ read.string($0) }) else {
                read.report(.missingKey, "a \(kind) step needs \"of\": the table's id", at: json)
                return nil
            }
            return row.map { kind == "tapRow" ? .tapRow(table: table, section: section, row: $0) : .deleteRow(table: table, section: section, row: $0) }
        case "type":
            guard let into = step["into"].flatMap({ read.string($0) }) else {
                read.report(.missingKey, "a type step needs \"into\": the text input's id", at: json)
                return nil
            }
            let interval = step["interval"].flatMap { seconds($0, what: "interval") }
            return read.string(value).map { .type(text: $0, into: into, interval: interval) }
        case "return": return read.string(value).map(Interaction.pressReturn)
        case "clear": return read.string(value).map(Interaction.clear)
        case "refresh": return read.string(value).map(Interaction.refresh)
        case "scrollToEnd": return read.string(value).map(Interaction.scrollToEnd)
        case "post": return read.string(value).map(Interaction.post)
        case "setDefault":
            let setting = step["value"].map { Value(json: $0) } ?? .null
            return read.string(value).map { .setDefault(key: $0, value: setting) }
        case "advance": return seconds(value, what: "advance").map(Interaction.advance)
        case "pickMedia":
            guard let picker = step["with"].flatMap({ read.string($0) }) else {
                read.report(.missingKey, "a pickMedia step needs \"with\": the media picker's id", at: json)
                return nil
            }
            return read.string(value).flatMap { path($0, at: value) }.map { .pickMedia(path: $0, picker: picker) }
        case "tapMarker", "tapMarkerTitle":
            let marker = markerChoice(value, what: kind)
            guard let map = step["of"].flatMap({ read.string($0) }) else {
                read.report(.missingKey, "a \(kind) step needs \"of\": the id of the map's view", at: json)
                return nil
            }
            return marker.map { kind == "tapMarker" ? .tapMarker(map: map, marker: $0) : .tapMarkerTitle(map: map, marker: $0) }
        case "back":
            guard value.boolValue == true else {
                read.report(.invalidValue, "back takes true", at: value)
                return nil
            }
            return .back
        default:
            read.report(.invalidValue, "\(kind) is not an interaction", at: json,
                        hint: "one of " + Self.kinds.keys.sorted().joined(separator: ", "))
            return nil
        }
    }

    /// The number of seconds `json` holds, for the key `what` (`for`, `interval`, `advance`).
    public mutating func seconds(_ json: JSONValue, what: String) -> Double? {
        guard let number = json.doubleValue, number >= 0, number.isFinite else {
            read.report(.wrongType, "\(what) takes a number of seconds ≥ 0, not \(json)", at: json)
            return nil
        }
        guard NumericPolicy.isTimeSpan(number) else {
            read.report(.outOfRange, "\(what) takes \(NumericPolicy.timeSpanWords), not \(json)", at: json)
            return nil
        }
        return number
    }

    /// The whole number ≥ 0 `json` holds, for the key `what` (a row, a section, a count).
    public mutating func wholeNumber(_ json: JSONValue, what: String) -> Int? {
        guard let number = json.integerValue, number >= 0, number < Int64(Int32.max) else {
            read.report(.wrongType, "\(what) takes a whole number ≥ 0, not \(json)", at: json)
            return nil
        }
        return Int(number)
    }

    /// The marker `json` names: by its index (a whole number ≥ 0) or its title (a string).
    private mutating func markerChoice(_ json: JSONValue, what: String) -> MarkerChoice? {
        if let title = json.stringValue { return .title(title) }
        guard let index = json.integerValue, index >= 0, index < Int64(Int32.max) else {
            read.report(.wrongType, "\(what) takes a marker's index (a whole number ≥ 0) or its title, not \(json)", at: json)
            return nil
        }
        return .index(Int(index))
    }

    /// The path `name` resolves to, or nil after recording why it is refused.
    private mutating func path(_ name: String, at json: JSONValue) -> String? {
        guard let resolvePath else {
            read.report(.unavailable, "pickMedia is not performed here: there is no folder to pick files from", at: json)
            return nil
        }
        do throws(PathEscape) {
            return try resolvePath(name)
        } catch {
            read.report(.pathEscape, error.message, at: json, hint: error.hint)
            return nil
        }
    }
}
