public import WidgetryJSON

/// How a bundle's dialect was found (FORMAT.md#graffiti.detection): named by the person
/// (`--dialect`), or from the first name of one dialect the bundle uses, looked for in its
/// screen files (keys and strings, `***` comments left out, and Graffiti's own controller types)
/// and then in its main storyboard's runtime attributes (`keyPath="gx.identifier"`). A bundle that
/// uses names of both dialects, or of neither, is WidgetKit's: the names of the other are then
/// unknown keys, each reported where it is.
public struct DialectDetection: Sendable, Equatable, CustomStringConvertible {
    public var dialect: Dialect
    /// What decided it: `--dialect`, or the first name found and the file it is in; nil when
    /// the bundle names nothing of either dialect.
    public var evidence: String?

    public init(dialect: Dialect, evidence: String?) {
        self.dialect = dialect
        self.evidence = evidence
    }

    public var description: String {
        evidence.map { "\(dialect) (\($0))" } ?? dialect.rawValue
    }

    /// The dialect of a bundle with these screen files and, read only when the screens say
    /// nothing, this main storyboard source.
    /// A screen's names come from `cache` when it holds them for the screen's bytes.
    static func detect(screens: [BundleFile], storyboard: (path: String, read: () -> [UInt8]?)?, cache: BundleReadCache? = nil) -> DialectDetection {
        var found: [Dialect: String] = [:]
        for file in screens {
            if let cache {
                for (dialect, name) in cache.dialectNames(of: file, find: firstNames(in:)) where found[dialect] == nil { found[dialect] = "\(name) in \(file.path)" }
                continue
            }
            for dialect in Dialect.allCases where found[dialect] == nil {
                if let name = firstName(of: dialect, in: file.root) { found[dialect] = "\(name) in \(file.path)" }
            }
        }
        if found.isEmpty, let storyboard, let bytes = storyboard.read() {
            for dialect in Dialect.allCases {
                if let name = firstAttribute(of: dialect, in: bytes) { found[dialect] = "\(name) in \(storyboard.path)" }
            }
        }
        if let graffiti = found[.graffiti], found[.widgetkit] == nil { return DialectDetection(dialect: .graffiti, evidence: graffiti) }
        return DialectDetection(dialect: .widgetkit, evidence: found[.widgetkit])
    }

    /// The first name of each dialect `file` uses, by dialect.
    private static func firstNames(in file: BundleFile) -> [Dialect: String] {
        var names: [Dialect: String] = [:]
        for dialect in Dialect.allCases { names[dialect] = firstName(of: dialect, in: file.root) }
        return names
    }

    /// The first key or string of `value` (outside comment entries) that names something in
    /// `dialect`'s prefix, or, as the value of a `type` key, a Graffiti controller type.
    private static func firstName(of dialect: Dialect, in value: JSONValue, isType: Bool = false) -> String? {
        switch value.kind {
        case .string(let text):
            if isType, dialect == .graffiti, GraffitiObjectTypes.graffitiOnly.contains(text) { return text }
            return prefixedName(of: dialect, in: Array(text.utf8))
        case .array(let items):
            for item in items { if let name = firstName(of: dialect, in: item) { return name } }
            return nil
        case .object(let object):
            for member in object where !member.key.hasPrefix("***") {
                if let name = prefixedName(of: dialect, in: Array(member.key.utf8))
                    ?? firstName(of: dialect, in: member.value, isType: member.key == "type") { return name }
            }
            return nil
        default:
            return nil
        }
    }

    /// The first `keyPath="…"` of a storyboard that is a name of `dialect`.
    private static func firstAttribute(of dialect: Dialect, in bytes: [UInt8]) -> String? {
        let marker = Array("keyPath=\"\(dialect.prefix)".utf8)
        var index = 0
        while index + marker.count + 1 <= bytes.count {
            if bytes[index] == marker[0], bytes[index..<(index + marker.count)].elementsEqual(marker) {
                let start = index + "keyPath=\"".count
                if DialectSpelling.isPrefix(at: start, in: bytes) {
                    let end = bytes[start...].firstIndex(of: UInt8(ascii: "\"")) ?? bytes.count
                    return String(decoding: bytes[start..<end], as: UTF8.self)
                }
            }
            index += 1
        }
        return nil
    }

    /// The first name in `bytes` that starts with `dialect`'s prefix, up to where it ends.
    private static func prefixedName(of dialect: Dialect, in bytes: [UInt8]) -> String? {
        let first = UInt8(ascii: dialect == .graffiti ? "g" : "w")
        guard bytes.count >= 3 else { return nil }
        for index in 0...(bytes.count - 3) where bytes[index] == first && DialectSpelling.isPrefix(at: index, in: bytes) {
            let end = bytes[(index + 3)...].firstIndex { !isNameByte($0) } ?? bytes.count
            return String(decoding: bytes[index..<end], as: UTF8.self)
        }
        return nil
    }

    private static func isNameByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
             UInt8(ascii: "_"), UInt8(ascii: ":"), UInt8(ascii: "."):
            true
        default:
            false
        }
    }
}
