public import WidgetryJSON

/// A mediating controller class of the host's own (a host profile's `objectTypes`,
/// FORMAT.md#graffiti.host-types): a subclass of one the format defines, `base`, with
/// attributes and outlets its code reads that the base does not have. Graffiti's GoogleMapsDemo
/// declares `GooglePlaceNearbyProvider` (a `BaseContentProvider` with `radius` and `placeType`).
public struct HostObjectType: Sendable, Equatable {
    /// The format's type it extends, in the bundle's dialect (`BaseContentController` in Graffiti).
    public var base: String
    /// The attributes of the host's class that the base does not have.
    public var attributes: Set<String>
    /// The outlets of the host's class that the base does not have.
    public var outlets: Set<String>

    public init(base: String, attributes: Set<String> = [], outlets: Set<String> = []) {
        self.base = base
        self.attributes = attributes
        self.outlets = outlets
    }

    /// A screen file's document with each object of a host type read as an object of its base
    /// type: the host's own attributes and outlets, which the host's code reads, are not the
    /// base's, and are taken out; every other key is left for the screen's reader to check
    /// against the base type. Places and pointers are kept. `uses` gets each such object.
    static func applying(_ types: [String: HostObjectType], to document: JSONDocument, file: String,
                         uses: inout [HostObjectUse]) -> JSONDocument {
        guard !types.isEmpty, var root = document.root.objectValue else { return document }
        var found: [HostObjectUse] = []
        root = root.mappingMembers { screen in
            guard !screen.key.hasPrefix("***"), var body = screen.value.objectValue, let objectsValue = body["objects"],
                  let objects = objectsValue.objectValue else { return screen }
            let mapped = objects.mappingMembers { member in
                guard let entry = member.value.objectValue, let typeValue = entry["type"], let name = typeValue.stringValue,
                      let type = types[name] else { return member }
                var values: [String: JSONValue] = [:]
                for key in type.attributes { values[key] = entry["attrs"]?.objectValue?[key] }
                for key in type.outlets { values[key] = entry["outlets"]?.objectValue?[key] }
                found.append(HostObjectUse(file: file, id: member.key, type: name, base: type.base,
                                           own: (type.attributes.union(type.outlets)).sorted(), values: values, place: typeValue))
                var result = entry
                result["type"] = JSONValue(.string(type.base), location: typeValue.location, pointer: typeValue.pointer)
                for (section, own) in [("attrs", type.attributes), ("outlets", type.outlets)] {
                    guard let value = entry[section], let keys = value.objectValue else { continue }
                    var kept = keys
                    for key in own { kept[key] = nil }
                    result[section] = JSONValue(.object(kept), location: value.location, pointer: value.pointer)
                }
                var value = member.value
                value.kind = .object(result)
                return JSONObject.Member(key: member.key, keyLocation: member.keyLocation, value: value)
            }
            body["objects"] = JSONValue(.object(mapped), location: objectsValue.location, pointer: objectsValue.pointer)
            var value = screen.value
            value.kind = .object(body)
            return JSONObject.Member(key: screen.key, keyLocation: screen.keyLocation, value: value)
        }
        uses += found
        var newRoot = document.root
        newRoot.kind = .object(root)
        return JSONDocument(root: newRoot, source: document.source)
    }
}

/// An object of a screen file whose type is one of the host's classes (``HostObjectType``),
/// read as its base type: what a run reports it does not do.
public struct HostObjectUse: Sendable, Equatable {
    /// The screen file, relative to the bundle.
    public var file: String
    public var id: String
    /// The host's class, as the file names it.
    public var type: String
    /// The format's type it is read as.
    public var base: String
    /// The attributes and outlets of the host's class, sorted.
    public var own: [String]
    /// The values the screen file gives the class's own attributes and outlets, by name.
    public var values: [String: JSONValue]
    /// The `type` value, with its place.
    public var place: JSONValue
}
