import WidgetryJSON
import WidgetryScreen

/// The keys of mediating controllers (FORMAT.md#objects) and what providers yield: their attributes, outlets
/// and the values the runtime derives (`ScreenRun+Render`, `+Actions`, `+Interaction`, `+Tables`,
/// `+Media` set them).
extension ScreenModel {
    /// What key `key` of the object reads; nil when the object has no such key.
    func objectKeyType(_ entry: ObjectEntry, _ type: ObjectType, key: String) -> SemanticType? {
        if let derived = derivedKeys(entry, type)[key] { return derived }
        if let attribute = type.attributes[key] { return Self.type(of: attribute.kind) }
        if let kind = type.outlets[key] {
            guard let outlet = entry.outlets.first(where: { $0.property == key }) else { return .unknown }
            if outlet.isArray || kind == .elements || kind == .anyObject && outlet.targets.count != 1 { return .collection(.unknown, toMany: nil) }
            return outlet.targets.first.flatMap { namespaceType($0, content: .unknown) } ?? .unknown
        }
        return nil
    }

    /// Every key of the object, sorted (for hints).
    func objectKeys(_ entry: ObjectEntry, _ type: ObjectType) -> [String] {
        Set(derivedKeys(entry, type).keys).union(type.attributes.keys).union(type.outlets.keys).sorted()
    }

    /// What the status of an action controller's last call reads (FORMAT.md#objects.status).
    static func callStatusKeyType(_ key: String) -> SemanticType? {
        switch key {
        case "inProgress", "isSuccess", "isFailure": return .value(.boolean)
        case "progress": return .value(.number)
        case "sender": return .value(.string)
        default:
            if let attribute = ObjectType.actionStatusController.attributes[key] { return type(of: attribute.kind) }
            return ObjectType.actionStatusController.outlets[key] == nil ? nil : .collection(.unknown, toMany: nil)
        }
    }

    static var callStatusKeys: [String] {
        (["inProgress", "isSuccess", "isFailure", "progress", "sender"] + ObjectType.actionStatusController.attributes.keys
            + ObjectType.actionStatusController.outlets.keys).sorted()
    }

    private func derivedKeys(_ entry: ObjectEntry, _ type: ObjectType) -> [String: SemanticType] {
        var keys: [String: SemanticType] = [:]
        if type.isProvider {
            let item = itemType(ofProvider: (entry, type))
            keys["value"] = valueType(ofProvider: (entry, type))
            keys["allItems"] = .collection(item, toMany: nil)
            keys["totalCount"] = .value(.number)
            keys["isEmpty"] = .value(.boolean)
            keys["sectionsCount"] = .value(.number)
            keys["sections"] = .collection(.collection(item, toMany: nil), toMany: nil)
            keys["sectionNames"] = .collection(.value(.string), toMany: nil)
        }
        if type.isActionController { keys["status"] = .callStatus }
        if type == .actionStatusController {
            for flag in ["inProgress", "isSuccess", "isFailure"] { keys[flag] = .value(.boolean) }
            keys["progress"] = .value(.number)
        }
        if type == .searchActionController { keys["text"] = .value(.string) }
        if type.showsRows { keys["selectedObjects"] = .collection(rowType(ofDisplay: entry), toMany: nil) }
        if type == .standardMediaPickerController { keys["pickedNumber"] = .value(.number) }
        return keys
    }

    private static func type(of kind: ObjectType.AttributeKind) -> SemanticType {
        switch kind {
        case .string, .name: .value(.string)
        case .bool: .value(.boolean)
        case .number: .value(.number)
        case .strings: .collection(.value(.string), toMany: nil)
        case .any: .unknown
        }
    }

    // MARK: Providers

    /// The provider an object's single outlet `property` points at.
    func provider(ofOutlet property: String, of entry: ObjectEntry) -> (entry: ObjectEntry, type: ObjectType)? {
        guard let outlet = entry.outlets.first(where: { $0.property == property }), !outlet.isArray, outlet.targets.count == 1,
              let target = object(named: outlet.targets[0]), target.type.isProvider else { return nil }
        return target
    }

    /// What one item of a provider is: an object of its entity for store-backed providers
    /// (FORMAT.md#objects.managed); for a collection, an element of its value; unknown for the others.
    func itemType(ofProvider provider: (entry: ObjectEntry, type: ObjectType)) -> SemanticType {
        switch provider.type {
        case .managedObjectsProvider:
            return storeEntity(of: provider.entry)
        case .managedObjectsCollection:
            let value = chainType(of: provider.entry, from: .collection(storeEntity(of: provider.entry), toMany: nil))
            if case .collection(let element, _) = value { return element }
            return value
        default:
            return .unknown
        }
    }

    /// A provider's `value`: its items through its result chain (FORMAT.md#objects.result-chain); a collection always
    /// holds an array (FORMAT.md#objects.managed).
    func valueType(ofProvider provider: (entry: ObjectEntry, type: ObjectType)) -> SemanticType {
        if provider.type == .managedObjectsCollection { return .collection(itemType(ofProvider: provider), toMany: nil) }
        return chainType(of: provider.entry, from: .collection(itemType(ofProvider: provider), toMany: nil))
    }

    private func storeEntity(of entry: ObjectEntry) -> SemanticType {
        guard let name = attribute("entityName", of: entry)?.stringValue else { return .unknown }
        return entityType(name)
    }

    private func attribute(_ key: String, of entry: ObjectEntry) -> JSONValue? {
        entry.attrs.last { $0.key == key }?.value
    }

    /// The type `resultChain` (or `resultChainTxt`) makes of `items`.
    private func chainType(of entry: ObjectEntry, from items: SemanticType) -> SemanticType {
        let names = attribute("resultChain", of: entry)?.arrayValue.map { $0.compactMap(\.stringValue) }
            ?? attribute("resultChainTxt", of: entry)?.stringValue.map { $0.split(separator: "|").map(String.init) } ?? []
        var type = items
        for name in names {
            switch name {
            case "wx_first", "wx_last", "wx_itemAt:":
                if case .collection(let element, _) = type { type = element } else { type = .unknown }
            case "wx_takeFirst:", "wx_takeLast:":
                break
            case "wx_count":
                type = .value(.number)
            case "wx_joinedBy:":
                type = .value(.string)
            case "wx_map:":
                type = .collection(.unknown, toMany: nil)
            default:
                type = .unknown
            }
        }
        return type
    }

    // MARK: Rows

    /// What a row of the table or collection `tableID` is: an item of the provider of each
    /// display controller showing it.
    func rowType(ofTable tableID: String) -> SemanticType {
        let displays = document.objects.filter { entry in
            guard let type = objects[entry.id]?.type, let outlet = type.rowsOutlet else { return false }
            return entry.outlets.contains { $0.property == outlet && $0.targets == [tableID] }
        }
        return .combining(displays.map(rowType(ofDisplay:)))
    }

    /// What a row of a display controller is: an item of its main provider, or of its search
    /// controller's provider while searching.
    func rowType(ofDisplay display: ObjectEntry) -> SemanticType {
        guard let main = provider(ofOutlet: "mainContentProvider", of: display) else { return .unknown }
        var rows = itemType(ofProvider: main)
        if let search = display.outlets.first(where: { $0.property == "searchController" }), search.targets.count == 1,
           let searchObject = object(named: search.targets[0]), let searched = provider(ofOutlet: "contentProvider", of: searchObject.entry) {
            rows = rows.combined(with: itemType(ofProvider: searched))
        }
        return rows
    }

    /// What a search controller's `filterFormat` is evaluated on: an item of its provider
    /// (`contentProvider`, else the main provider of the display controller it searches for).
    func searchSubject(of search: ObjectEntry) -> SemanticType {
        if let provider = provider(ofOutlet: "contentProvider", of: search) { return itemType(ofProvider: provider) }
        let displays = document.objects.filter { entry in
            entry.outlets.contains { $0.property == "searchController" && $0.targets.count == 1 && object(named: $0.targets[0])?.entry.id == search.id }
        }
        return .combining(displays.compactMap { provider(ofOutlet: "mainContentProvider", of: $0).map(itemType(ofProvider:)) })
    }
}
