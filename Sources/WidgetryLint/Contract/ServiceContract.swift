public import WidgetryJSON
public import WidgetryServiceConfiguration
public import WidgetryModel

/// What each action of a service file expects of the backend (`widgetry contract`): the request
/// it sends (method, URL template, headers, parameters with their `$key` templates) and, as a
/// JSON Schema, the response it can import — the shape the data model's JSON key paths read —
/// so a backend's contract tests can check real responses against it.
public enum ServiceContract {
    /// The contract of every action of `configuration`, in file order, as one JSON document.
    public static func document(for configuration: ServiceConfiguration, model: EntityModel?) -> JSONValue {
        var actions: [JSONValue] = []
        for action in configuration.actions {
            let resolved = ResolvedAction(action, defaults: configuration.defaults)
            var entry = JSONObject()
            entry["name"] = .init(.string(action.name))
            entry["method"] = .init(.string(resolved.httpMethod.rawValue))
            entry["url"] = resolved.urlTemplate.map { JSONValue(.string($0)) } ?? JSONValue(.null)
            entry["headers"] = .init(.object(object(resolved.headers.map { ($0.name, JSONValue(.string($0.value))) })))
            entry["parameterEncoding"] = .init(.string(resolved.parameterEncoding.rawValue))
            entry["parameters"] = .init(.object(resolved.parameters))
            entry["needAuth"] = .init(.bool(resolved.needAuth))
            if action.isUpload { entry["upload"] = .init(.object(object((action.multipart ?? []).map { ($0.name, JSONValue(.string($0.keyPath))) }))) }
            if let next = action.nextAction { entry["nextAction"] = .init(.string(next)) }
            entry["response"] = responseSchema(action.resultType, keyPath: resolved.resultKeyPath, model: model)
            actions.append(JSONValue(.object(entry)))
        }
        var root = JSONObject()
        root["file"] = .init(.string(configuration.file))
        root["actions"] = .init(.array(actions))
        if let model {
            var definitions = JSONObject()
            for entity in model.entities { definitions[entity.name] = entitySchema(entity.name, model: model) }
            root["$defs"] = .init(.object(definitions))
        }
        return JSONValue(.object(root))
    }

    /// The schema of a response: the imported type (one object, or an array of them) under
    /// `resultKeyPath`; any JSON for an action that imports nothing.
    static func responseSchema(_ type: ResultType?, keyPath: String?, model: EntityModel?) -> JSONValue {
        guard let type, model?.entity(named: type.entity) != nil else { return JSONValue(.object(JSONObject())) }
        let keyPath: String? = keyPath?.isEmpty == false ? keyPath : nil
        let reference = JSONValue(.object(object([("$ref", JSONValue(.string("#/$defs/\(type.entity)")))])))
        var isArray = false
        if case .array = type { isArray = true }
        var schema = isArray ? JSONValue(.object(object([("type", "array"), ("items", reference)]))) : reference
        for key in (keyPath ?? "").split(separator: ".").reversed() {
            schema = JSONValue(.object(object([("type", "object"), ("required", JSONValue(.array([JSONValue(.string(String(key)))]))),
                                               ("properties", JSONValue(.object(object([(String(key), schema)]))))])))
        }
        return schema
    }

    /// An entity as the importer reads it: each attribute and relationship at its JSON key path
    /// (dotted paths nest), inherited ones included; the identity attribute required.
    static func entitySchema(_ name: String, model: EntityModel) -> JSONValue {
        var tree = PropertyTree()
        let identity = model.entity(named: name).flatMap { entity in entity.identityAttribute ?? model.ancestors(of: name).compactMap(\.identityAttribute).first }
        for attribute in model.attributes(of: name) {
            guard let path = attribute.jsonKeyPath else { continue }
            tree.insert(path.split(separator: ".").map(String.init), schema: attributeSchema(attribute), required: attribute.name == identity)
        }
        for relationship in model.relationships(of: name) {
            guard let path = relationship.jsonKeyPath else { continue }
            let reference = JSONValue(.object(object([("$ref", JSONValue(.string("#/$defs/\(relationship.destination)")))])))
            let schema = relationship.isToMany ? JSONValue(.object(object([("type", "array"), ("items", reference)]))) : reference
            tree.insert(path.split(separator: ".").map(String.init), schema: schema, required: false)
        }
        return tree.schema
    }

    static func attributeSchema(_ attribute: AttributeDescription) -> JSONValue {
        var types: [String]
        switch attribute.type {
        case .integer16, .integer32, .integer64: types = ["integer"]
        case .double, .float, .decimal: types = ["number"]
        case .boolean: types = ["boolean", "integer"]
        case .date: types = attribute.jsonTransformerName == nil ? ["number", "string"] : ["string"]
        case .string, .binary, .uuid, .uri: types = ["string"]
        }
        if attribute.isOptional || attribute.defaultValue != nil { types.append("null") }
        var schema = JSONObject()
        if !types.isEmpty { schema["type"] = types.count == 1 ? JSONValue(.string(types[0])) : JSONValue(.array(types.map { JSONValue(.string($0)) })) }
        schema["description"] = .init(.string("\(attribute.name): \(attribute.type.rawValue)" + (attribute.jsonTransformerName.map { " via \($0)" } ?? "")))
        return JSONValue(.object(schema))
    }

    static func object(_ members: [(String, JSONValue)]) -> JSONObject {
        var result = JSONObject()
        for (key, value) in members { result[key] = value }
        return result
    }
}

/// Properties at dotted key paths, nested into object schemas.
private struct PropertyTree {
    var properties: [(String, Node)] = []

    indirect enum Node {
        case leaf(JSONValue, required: Bool)
        case branch(PropertyTree)
    }

    mutating func insert(_ path: [String], schema: JSONValue, required: Bool) {
        guard let first = path.first else { return }
        let index = properties.firstIndex { $0.0 == first }
        if path.count == 1 {
            if index == nil { properties.append((first, .leaf(schema, required: required))) }
            return
        }
        var subtree = PropertyTree()
        if let index, case .branch(let existing) = properties[index].1 { subtree = existing }
        subtree.insert(Array(path.dropFirst()), schema: schema, required: required)
        if let index { properties[index].1 = .branch(subtree) } else { properties.append((first, .branch(subtree))) }
    }

    var schema: JSONValue {
        var members = JSONObject()
        var required: [JSONValue] = []
        for (key, node) in properties {
            switch node {
            case .leaf(let schema, let isRequired):
                members[key] = schema
                if isRequired { required.append(JSONValue(.string(key))) }
            case .branch(let tree):
                members[key] = tree.schema
            }
        }
        var result = JSONObject()
        result["type"] = .init(.string("object"))
        result["properties"] = .init(.object(members))
        if !required.isEmpty { result["required"] = .init(.array(required)) }
        return JSONValue(.object(result))
    }
}
