import WidgetryNIB

/// One nib of a compiled storyboard as a scene is built from it: the archive, the nib that loads
/// it (a view nib's is its controller's nib, a prototype cell's is its table's view nib), what
/// each `UpstreamPlaceholder-*` proxy stands for in that nib, and the archive's connections and
/// user-defined runtime attributes indexed by object.
final class CompiledNib: Sendable {
    /// A connection ibtool recorded (`UIRuntimeOutletConnection`, `…OutletCollectionConnection`,
    /// `…EventConnection`), in archive order.
    struct Connection: Sendable {
        enum Kind: Sendable {
            case outlet
            case outletCollection
            /// An action (a control's or a bar button item's), or `perform:` for a segue.
            case event
        }

        var kind: Kind
        /// The outlet's property or the action's selector.
        var label: String
        var source: Int
        /// The destination object; nil for an outlet collection, whose destination is an array.
        var destination: Int?
        /// The connection object itself, for messages.
        var object: Int
    }

    /// What a reference stands for once proxies are followed to the nib that owns the object.
    enum Target {
        /// The scene's view controller (`IBFilesOwner` of its view nib, the first responder).
        case controller
        /// A segue template (`UIStoryboardShowSegueTemplate`…) of the controller's nib.
        case segueTemplate(CompiledNib, Int)
        /// Any other object.
        case object(CompiledNib, Int)
        /// A proxy that stands for nothing this nib's chain knows (`UIStoryboardPlaceholder`).
        case unresolved(String)
    }

    let archive: NIBArchive
    let parent: CompiledNib?
    /// Placeholder identifier → object of ``parent``.
    let externals: [String: Int]
    /// The controller object, in the controller's own nib (the chain's root).
    let controller: Int?
    let connections: [Connection]
    /// The `UINibKeyValuePair` objects of each object, in archive order.
    let keyValuePairs: [Int: [Int]]

    var file: String { archive.file }

    init(archive: NIBArchive, parent: CompiledNib?, externals: [String: Int], controller: Int?) throws(NIBError) {
        self.archive = archive
        self.parent = parent
        self.externals = externals
        self.controller = controller
        let root = NIBArchive.rootObjectIndex
        var connections: [Connection] = []
        for object in try archive.objectItems(of: root, key: "UINibConnectionsKey") {
            let kind: Connection.Kind
            switch try archive.className(of: object) {
            case "UIRuntimeOutletConnection": kind = .outlet
            case "UIRuntimeOutletCollectionConnection": kind = .outletCollection
            case "UIRuntimeEventConnection": kind = .event
            default: continue
            }
            guard let label = try archive.string(of: object, key: "UILabel"), let source = try archive.reference(of: object, key: "UISource") else {
                throw NIBError(.malformed, "connection object \(object) has no UILabel or UISource", file: archive.file, objectIndex: object,
                               key: "UILabel", hint: "ibtool writes every connection with a label, a source and a destination")
            }
            let destination = kind == .outletCollection ? nil : try archive.reference(of: object, key: "UIDestination")
            connections.append(Connection(kind: kind, label: label, source: source, destination: destination, object: object))
        }
        self.connections = connections
        var pairs: [Int: [Int]] = [:]
        for pair in try archive.objectItems(of: root, key: "UINibKeyValuePairsKey") where try archive.className(of: pair) == "UINibKeyValuePair" {
            guard let object = try archive.reference(of: pair, key: "UIObject") else { continue }
            pairs[object, default: []].append(pair)
        }
        keyValuePairs = pairs
    }

    /// Whether this is a controller's view nib, whose `IBFilesOwner` is the controller.
    var isViewNib: Bool { parent != nil && parent?.parent == nil }

    /// The connections whose source is `object`, in archive order.
    func connections(from object: Int) -> [Connection] {
        connections.filter { $0.source == object }
    }

    /// What `index` stands for: proxies are followed through the external-objects tables up
    /// the chain of nibs (a cell's placeholder → the view nib's proxy → the controller's object).
    func resolve(_ index: Int) throws(NIBError) -> Target {
        var nib = self
        var index = index
        for _ in 0..<Self.maxChain {
            if nib.parent == nil, index == nib.controller { return .controller }
            let className = try nib.archive.className(of: index)
            if className == "UIProxyObject" {
                let identifier = try nib.archive.string(of: index, key: "UIProxiedObjectIdentifier") ?? ""
                switch identifier {
                case "IBFirstResponder": return .controller
                case "IBFilesOwner": return nib.isViewNib ? .controller : .unresolved(identifier)
                default:
                    guard let parent = nib.parent, let target = nib.externals[identifier] else { return .unresolved(identifier) }
                    nib = parent
                    index = target
                    continue
                }
            }
            if className.hasPrefix("UIStoryboard"), className.hasSuffix("SegueTemplate") { return .segueTemplate(nib, index) }
            return .object(nib, index)
        }
        return .unresolved("a chain of more than \(Self.maxChain) proxies")
    }

    /// How many proxies a chain may pass through: nibs nest a few levels deep at most.
    static let maxChain = 16

    /// The first top-level object that is not a proxy: a controller nib's controller, a
    /// prototype nib's cell.
    static func firstOwnObject(in archive: NIBArchive) throws(NIBError) -> Int? {
        for object in try archive.objectItems(of: NIBArchive.rootObjectIndex, key: "UINibTopLevelObjectsKey")
        where try archive.className(of: object) != "UIProxyObject" {
            return object
        }
        return nil
    }

    /// The UIKit class of an object (`UIOriginalClassName` of a class swapper) and its custom
    /// class, demangled, when it has one.
    func classNames(of index: Int) throws(NIBError) -> (uiKit: String, custom: String?) {
        let className = try archive.className(of: index)
        guard className == "UIClassSwapper" else { return (className, nil) }
        let original = try archive.string(of: index, key: "UIOriginalClassName") ?? "UIView"
        return (original, try archive.string(of: index, key: "UIClassName").map(SwiftClassName.demangled))
    }

    /// The external-objects table of a dictionary object of ``archive``: placeholder identifier
    /// → object, for the nib it loads.
    func externalTable(_ dictionary: Int) throws(NIBError) -> [String: Int] {
        var table: [String: Int] = [:]
        for pair in try archive.stringPairs(of: dictionary) {
            guard case .object(let target) = pair.value else {
                throw archive.mismatchError(dictionary, "UINibEncoderEmptyKey", expected: "an object reference")
            }
            table[pair.key] = target
        }
        return table
    }
}

extension NIBArchive {
    /// A `nib.malformed` error for a value of the wrong kind, placed at the object and key.
    func mismatchError(_ index: Int, _ key: String, expected: String) -> NIBError {
        NIBError(.malformed, "object \(index)'s \(key) is not \(expected)", file: file, objectIndex: index, key: key,
                 hint: "the archive is damaged, or not a storyboard ibtool compiled")
    }
}
