import WidgetryExpressions
import WidgetryJSON

/// Outlets and `elements` entries: what each names must exist, and what each sets must be
/// something its target takes.
extension ScreenCompiler {
    // MARK: Outlets

    mutating func compileOutlets() {
        let objectIDs = Set(document.objects.map(\.id))
        let owners = document.objects.map { ($0.id, $0.outlets) } + document.elements.filter { !objectIDs.contains($0.id) }.map { ($0.id, $0.outlets) }
        for (ownerID, entries) in owners {
            for outlet in entries { compile(outlet, of: ownerID) }
        }
    }

    private mutating func compile(_ outlet: OutletEntry, of ownerID: String) {
        var targets: [String] = []
        for id in outlet.targets {
            if isName(id) {
                targets.append(id)
            } else {
                fail(.unresolvedOutlet, "outlet \(outlet.property) of \(ownerID) names \(id), which is not an element or object of the screen",
                     at: outlet.place, hint: "upstream skipped it silently; check the id")
            }
        }
        let blueprint = OutletBlueprint(owner: ownerID, property: outlet.property, targets: targets, isArray: outlet.isArray, place: outlet.place)
        switch names[ownerID] {
        case .object(let type) where scratchObjects[ownerID] != nil:
            guard type.outlets[outlet.property] != nil else {
                fail(.unknownOutlet, "\(type.rawValue) \(ownerID) has no outlet \(outlet.property)", at: outlet.place,
                     hint: "its outlets: " + type.outlets.keys.sorted().joined(separator: ", "))
                return
            }
            outlets.append(blueprint)
        case .element(let kind) where kind == .formDisplayView && (outlet.property == "mandatoryFields" || outlet.property == "optionalFields"):
            outlets.append(blueprint)
        case .element(let kind) where !outlet.isArray && targets.count == 1 && ElementKey(outlet.property, kind: kind) != nil:
            outlets.append(blueprint)
        case .some:
            fail(.unknownOutlet, "\(ownerID) has no outlet \(outlet.property)", at: outlet.place)
        case nil where ownerID == "@self":
            fail(.unknownOutlet, "\(ownerID) has no outlet \(outlet.property)", at: outlet.place)
        case nil:
            break
        }
    }

    // MARK: Element entries

    mutating func compileElementEntries() {
        for entry in document.elements {
            let target: (any KeyValueCoding)?
            switch names[entry.id] {
            case _ where entry.id == "@self": target = ScreenController(name: document.name)
            case .element(let kind): target = Element(id: entry.id, kind: kind, childElements: [])
            case .object: target = scratchObject(named: entry.id)
            case nil where cellElementIDs.contains(entry.id): target = nil
            case nil:
                fail(.unknownElement, "elements entry \(entry.id) names no element of the screen, of its cells or of its objects", at: entry.place,
                     hint: "give the view \"id\": \"\(entry.id)\" in the views section")
                continue
            }
            if let action = entry.action {
                if action.target != "@self", !isName(action.target) {
                    fail(.unresolvedOutlet, "the action of \(entry.id) targets \(action.target), which is not a name of the screen", at: action.place)
                } else {
                    tapActions[entry.id] = action
                }
            }
            var cellAttributes: [(key: String, value: Value, place: SourcePlace)] = []
            for (key, json) in entry.attrs {
                let value = Value(json: json)
                guard let target else {
                    cellAttributes.append((key, value, SourcePlace(json)))
                    continue
                }
                do throws(KeyValueError) {
                    try target.setValue(value, forKey: key)
                    elementAttributes.append(ElementAttribute(target: entry.id, key: key, value: value, place: SourcePlace(json)))
                } catch {
                    fail(error.reason == .unknownKey ? .unknownAttribute : .invalidValue, "\(entry.id): \(error)", at: SourcePlace(json))
                }
            }
            var compiled: [CompiledBinding] = []
            var bound: Set<String> = []
            for spec in entry.bindings {
                guard bound.insert(spec.to).inserted else {
                    fail(.binding, "\(entry.id) binds \(spec.to) twice; upstream ignored the second binding", at: SourcePlace(location: spec.location, pointer: spec.pointer))
                    continue
                }
                if let binding = compile(spec, of: entry.id) { compiled.append(binding) }
            }
            if target == nil {
                cellEntries[entry.id] = CellEntry(attributes: cellAttributes, bindings: compiled)
            } else if !(target is ScreenObject), !compiled.isEmpty {
                // Bindings of objects are kept but never evaluated, as upstream (docs/FORMAT.md#screen.element).
                bindings.append((entry.id, compiled))
            }
        }
    }

    /// The scratch object an `elements` entry naming an object (or its alias) sets attributes on.
    private func scratchObject(named name: String) -> ScreenObject? {
        if let object = scratchObjects[name] { return object }
        guard let owner = objects.first(where: { $0.alias == name }) else { return nil }
        return scratchObjects[owner.id]
    }
}
