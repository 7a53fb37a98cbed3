import WidgetryBundle
import WidgetryJSON
import WidgetryLint
import WidgetryScreen

/// Every place a bundle's JSON files define or name something another place names: actions,
/// screens, entities and their attributes, transformers, image sets, and the objects and
/// elements of each screen (in predicates too, through lint's typed reading of them), with the
/// views a storyboard or a cell's xib defines for a screen.
/// Found through the parsed values' locations, as lint's rules find them; the navigation
/// requests (definition, references, rename) answer from it.
struct BundleNames: Sendable {
    /// What a name stands for. Objects and elements are named within their screen file.
    enum Symbol: Hashable, Sendable {
        case action(String)
        case screen(String)
        case entity(String)
        case transformer(String)
        case image(String)
        /// An object, element or view id of the screen file at the path.
        case member(file: String, id: String)
        /// An attribute of an entity of the model.
        case attribute(entity: String, name: String)

        var name: String {
            switch self {
            case .action(let name), .screen(let name), .entity(let name), .transformer(let name), .image(let name): name
            case .member(_, let id): id
            case .attribute(_, let name): name
            }
        }
    }

    /// One place: the bytes of the name as written (inside its quotes), in a file (absolute
    /// path), and whether it defines the symbol or names it.
    struct Occurrence: Hashable, Sendable {
        var symbol: Symbol
        var file: String
        var range: Range<Int>
        var isDeclaration: Bool
    }

    /// The keys whose string values name an action.
    static let actionKeys: Set<String> = ["actionName", "elseActionName", "nextAction"]
    /// The keys whose string values name an entity (and, in the model, a relationship's destination).
    static let entityKeys: Set<String> = ["entityName", "entity"]
    /// The keys whose string values name a screen (outside the model).
    static let screenKeys: Set<String> = ["entryScreen", "destination"]

    private(set) var occurrences: [Occurrence] = []
    /// The text of each file read, by absolute path.
    private(set) var sources: [String: [UInt8]] = [:]

    /// The names of the files of the bundle `context` reads (by their paths in the bundle), its
    /// image sets (`<name>.imageset/Contents.json`), and the screens' names in predicates.
    init(context: LintContext) {
        let bundle = context.bundle
        let root = bundle.rootPath
        let screenFiles = Set(bundle.screens.map(\.file.path))
        let serviceFiles = Set([bundle.service, bundle.developmentService, bundle.stubService].compactMap { $0?.path })
        for file in bundle.jsonFiles + [bundle.manifestFile].compactMap({ $0 }) {
            let path = root + "/" + file.path
            var reader = FileReader(file: path, bytes: file.document.source.bytes, isModel: file.path == BundleFileName.model)
            reader.walk(file.document.root, parentKey: nil)
            if serviceFiles.contains(file.path) {
                reader.declare(keysOf: file.root["actions"], as: Symbol.action)
                // Transformers by kind: `{"date": {"strToDate": {…}}}` defines `strToDate`.
                for kind in file.root["options"]?["transformers"]?.objectValue ?? JSONObject() {
                    reader.declare(keysOf: kind.value, as: Symbol.transformer)
                }
            }
            if file.path == BundleFileName.model {
                reader.declare(keysOf: file.root["entities"], as: Symbol.entity)
                for entity in file.root["entities"]?.objectValue ?? JSONObject() {
                    reader.declare(keysOf: entity.value["attributes"]) { Symbol.attribute(entity: entity.key, name: $0) }
                }
            }
            if screenFiles.contains(file.path) {
                reader.readScreen(file.root)
                for (name, range) in ScreenNameReferences.places(inScreenFile: file.path, of: context) {
                    reader.use(name, at: range)
                }
                for place in AttributeReferences.places(inScreenFile: file.path, of: context) {
                    reader.use(.attribute(entity: place.entity, name: place.attribute), at: place.range)
                }
            }
            occurrences += reader.found
            sources[path] = reader.bytes
        }
        // An entity of an Xcode model is defined by its element's name attribute.
        if case .xcdatamodel(let path) = bundle.model, let entities = context.model?.entities {
            let file = root + "/" + path
            if let bytes = try? bundle.fileSystem.bytes(of: file, limit: JSONParserOptions().maxDocumentBytes) {
                sources[file] = bytes
                for entity in entities {
                    guard let start = entity.location?.offset, let range = Self.nameAttribute(entity.name, ofElementAt: start, in: bytes) else { continue }
                    occurrences.append(Occurrence(symbol: .entity(entity.name), file: file, range: range, isDeclaration: true))
                    for attribute in entity.attributes {
                        guard let start = attribute.location?.offset, let range = Self.nameAttribute(attribute.name, ofElementAt: start, in: bytes) else { continue }
                        occurrences.append(Occurrence(symbol: .attribute(entity: entity.name, name: attribute.name), file: file, range: range, isDeclaration: true))
                    }
                }
            }
        }
        // A screen is defined by its file's top-level key; an image by its image set.
        for screen in bundle.screens {
            let path = root + "/" + screen.file.path
            var reader = FileReader(file: path, bytes: screen.file.document.source.bytes, isModel: false)
            reader.declare(keysOf: screen.file.root, as: Symbol.screen)
            occurrences += reader.found.filter { $0.symbol == .screen(screen.name) }
        }
        for resource in bundle.resources where resource.hasSuffix(".imageset/Contents.json") {
            let folder = resource.dropLast("/Contents.json".count)
            let name = folder.split(separator: "/").last.map { String($0.dropLast(".imageset".count)) } ?? ""
            occurrences.append(Occurrence(symbol: .image(name), file: root + "/" + resource, range: 0..<0, isDeclaration: true))
        }
        occurrences += Self.designedViews(of: context, sources: &sources)
        // A binding's first name counts only when it is one the screen defines.
        let members = Set(occurrences.filter { $0.isDeclaration }.map(\.symbol))
        occurrences.removeAll { occurrence in
            if case .member = occurrence.symbol { return !members.contains(occurrence.symbol) }
            return false
        }
    }

    /// The views of each screen with a file that a storyboard or a cell's xib defines, each
    /// by its `wx.identifier` runtime attribute's value (by the element's tag when it has none:
    /// the reader then names it by its class), read into `sources`.
    private static func designedViews(of context: LintContext, sources: inout [String: [UInt8]]) -> [Occurrence] {
        let bundle = context.bundle
        var found: [Occurrence] = []
        for screen in context.screens {
            guard let file = bundle.screen(named: screen.name)?.file.path else { continue }
            for node in screen.document.allViews(includingCells: true) {
                guard let id = node.id, let design = node.place.file, let start = node.place.location?.offset else { continue }
                let path = bundle.rootPath + "/" + design
                if sources[path] == nil { sources[path] = try? bundle.fileSystem.bytes(of: path, limit: JSONParserOptions().maxDocumentBytes) }
                guard let bytes = sources[path], start < bytes.count else { continue }
                let range = identifier(id, ofElementAt: start, in: bytes) ?? tag(at: start, in: bytes)
                found.append(Occurrence(symbol: .member(file: bundle.rootPath + "/" + file, id: id), file: path, range: range, isDeclaration: true))
            }
        }
        return found
    }

    /// The bytes of `id` in the `wx.identifier` runtime attribute of the XML element whose tag
    /// opens at `start`: the first such attribute after it, before the element's end or the
    /// next element of its kind.
    static func identifier(_ id: String, ofElementAt start: Int, in bytes: [UInt8]) -> Range<Int>? {
        let written = Array("keyPath=\"wx.identifier\" value=\"\(id)\"".utf8)
        let tagRange = tag(at: start, in: bytes)
        let close = Array("</".utf8) + bytes[tagRange] + Array(">".utf8)
        var index = start
        while index + written.count <= bytes.count {
            if bytes[index..<min(bytes.count, index + close.count)].elementsEqual(close) { return nil }
            if bytes[index..<(index + written.count)].elementsEqual(written) { return (index + written.count - id.utf8.count - 1)..<(index + written.count - 1) }
            index += 1
        }
        return nil
    }

    /// The bytes of the name of the XML tag opening at `start` (its `<`, or its name's start).
    static func tag(at start: Int, in bytes: [UInt8]) -> Range<Int> {
        let name = start < bytes.count && bytes[start] == UInt8(ascii: "<") ? start + 1 : start
        var end = name
        while end < bytes.count, JSONPlace.isNameByte(bytes[end]) || bytes[end] == UInt8(ascii: ":") { end += 1 }
        return min(name, bytes.count)..<end
    }

    /// The bytes of the value `name` of the `name` attribute of the XML element whose tag opens
    /// at `start`, when its start tag writes it so (no entity references).
    static func nameAttribute(_ name: String, ofElementAt start: Int, in bytes: [UInt8]) -> Range<Int>? {
        let written = Array(" name=\"\(name)\"".utf8)
        var index = start
        while index + written.count <= bytes.count, bytes[index] != UInt8(ascii: ">") {
            if bytes[index..<(index + written.count)].elementsEqual(written) { return (index + 7)..<(index + written.count - 1) }
            index += 1
        }
        return nil
    }

    /// The occurrence at byte `offset` of the file at `path` (its ends included).
    func occurrence(in path: String, at offset: Int) -> Occurrence? {
        occurrences.first { $0.file == path && $0.range.lowerBound <= offset && offset <= $0.range.upperBound && !$0.range.isEmpty }
    }

    /// Every occurrence of `symbol`, in file and then text order.
    func occurrences(of symbol: Symbol) -> [Occurrence] {
        occurrences.filter { $0.symbol == symbol }.sorted { ($0.file, $0.range.lowerBound) < ($1.file, $1.range.lowerBound) }
    }

    /// Whether anything defines `symbol`.
    func isDeclared(_ symbol: Symbol) -> Bool {
        occurrences.contains { $0.symbol == symbol && $0.isDeclaration }
    }
}

/// The walk over one file's values that records its names.
private struct FileReader {
    let file: String
    let bytes: [UInt8]
    let isModel: Bool
    var found: [BundleNames.Occurrence] = []

    init(file: String, bytes: [UInt8], isModel: Bool) {
        self.file = file
        self.bytes = bytes
        self.isModel = isModel
    }

    /// Records the names every member of the tree under `value` gives by its key.
    mutating func walk(_ value: JSONValue, parentKey: String?) {
        switch value.kind {
        case .object(let object):
            for member in object {
                if let symbol = symbol(key: member.key, value: member.value) { use(member.value, as: symbol) }
                walk(member.value, parentKey: member.key)
            }
        case .array(let elements):
            for element in elements { walk(element, parentKey: parentKey) }
        default:
            break
        }
    }

    /// What the string value of a member with `key` names, if anything.
    private func symbol(key: String, value: JSONValue) -> BundleNames.Symbol? {
        guard let name = value.stringValue else { return nil }
        if BundleNames.actionKeys.contains(key) { return .action(name) }
        if BundleNames.entityKeys.contains(key) || (isModel && key == "destination") { return .entity(name) }
        if !isModel && BundleNames.screenKeys.contains(key) { return .screen(name) }
        if key == "wx_imageName" { return .image(name) }
        if key == "transformer" { return .transformer(name) }
        return nil
    }

    /// Records every key of the object `value` as defining `symbol(key)`.
    mutating func declare(keysOf value: JSONValue?, as symbol: (String) -> BundleNames.Symbol) {
        guard let object = value?.objectValue else { return }
        for member in object {
            guard let location = member.keyLocation, let range = Self.contents(ofStringAt: location.offset, in: bytes, named: member.key) else { continue }
            found.append(.init(symbol: symbol(member.key), file: file, range: range, isDeclaration: true))
        }
    }

    /// Records the ids of a screen file: its objects' and elements' keys and its views' ids,
    /// and the places naming them: outlets, and the first name of a binding's `from`.
    mutating func readScreen(_ root: JSONValue) {
        guard let screens = root.objectValue else { return }
        let file = file
        let member = { (id: String) in BundleNames.Symbol.member(file: file, id: id) }
        for screen in screens {
            declare(keysOf: screen.value["objects"], as: member)
            declare(keysOf: screen.value["elements"], as: member)
            if let views = screen.value["views"] { readIds(views) }
            readNames(screen.value)
        }
    }

    /// Records every `id` of the view tree under `value`.
    private mutating func readIds(_ value: JSONValue) {
        switch value.kind {
        case .object(let object):
            for member in object {
                if member.key == "id", let id = member.value.stringValue { use(member.value, as: .member(file: file, id: id), declaring: true) }
                readIds(member.value)
            }
        case .array(let elements):
            for element in elements { readIds(element) }
        default:
            break
        }
    }

    /// Records the outlets and bindings under `value` that name an id of the screen.
    private mutating func readNames(_ value: JSONValue) {
        switch value.kind {
        case .object(let object):
            for member in object {
                if member.key == "outlets", let outlets = member.value.objectValue {
                    for outlet in outlets {
                        if let id = outlet.value.stringValue { use(outlet.value, as: .member(file: file, id: id)) }
                    }
                }
                if member.key == "from", let path = member.value.stringValue, let first = path.split(separator: ".", omittingEmptySubsequences: false).first,
                   !first.isEmpty, let location = member.value.location, let contents = Self.contents(ofStringAt: location.offset, in: bytes, named: path) {
                    let end = contents.lowerBound + first.utf8.count
                    found.append(.init(symbol: .member(file: file, id: String(first)), file: file, range: contents.lowerBound..<end, isDeclaration: false))
                }
                readNames(member.value)
            }
        case .array(let elements):
            for element in elements { readNames(element) }
        default:
            break
        }
    }

    /// Records the bytes `range` as naming the object or element `name` of the screen, when
    /// they write it as it is.
    mutating func use(_ name: String, at range: Range<Int>) {
        use(.member(file: file, id: name), at: range)
    }

    /// Records the bytes `range` as naming `symbol`, when they write its name as it is.
    mutating func use(_ symbol: BundleNames.Symbol, at range: Range<Int>) {
        guard range.lowerBound >= 0, range.upperBound <= bytes.count, bytes[range].elementsEqual(symbol.name.utf8) else { return }
        found.append(.init(symbol: symbol, file: file, range: range, isDeclaration: false))
    }

    /// Records the string `value` as naming (or defining) `symbol`, when it is written without escapes.
    private mutating func use(_ value: JSONValue, as symbol: BundleNames.Symbol, declaring: Bool = false) {
        guard let location = value.location, let range = Self.contents(ofStringAt: location.offset, in: bytes, named: symbol.name) else { return }
        found.append(.init(symbol: symbol, file: file, range: range, isDeclaration: declaring))
    }

    /// The bytes between the quotes of the string written at `offset` (its opening quote), when
    /// they are `name` as it is, with no escape; nil otherwise.
    static func contents(ofStringAt offset: Int, in bytes: [UInt8], named name: String) -> Range<Int>? {
        let written = Array(name.utf8)
        let end = offset + 1 + written.count
        guard offset >= 0, end < bytes.count, bytes[offset] == UInt8(ascii: "\""), bytes[end] == UInt8(ascii: "\""),
              bytes[(offset + 1)..<end].elementsEqual(written) else { return nil }
        return (offset + 1)..<end
    }
}
