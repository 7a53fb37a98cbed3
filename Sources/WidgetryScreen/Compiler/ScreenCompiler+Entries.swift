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
        // An element of a cell prototype: its outlets connect views inside each cell, as the
        // cell's nib does, which the screen's namespace does not reach.
        if names[ownerID] == nil, cellElementIDs.contains(ownerID) { return }
        var targets: [String] = []
        for id in outlet.targets {
            if isName(id) {
                targets.append(id)
            } else {
                warn(.unresolvedOutlet, "outlet \(outlet.property) of \(ownerID) names \(id), which is not an element or object of the screen; it is left unconnected",
                     at: outlet.place, hint: Suggestion.didYouMean(id, among: names.keys.sorted()) ?? "upstream skipped it silently; check the id",
                     misspelt: outlet.isArray ? nil : id, among: names.keys.sorted())
            }
        }
        let blueprint = OutletBlueprint(owner: ownerID, property: outlet.property, targets: targets, isArray: outlet.isArray, place: outlet.place)
        switch names[ownerID] {
        case .object(let type) where objectTypes[ownerID] != nil:
            guard type.outlets[outlet.property] != nil else {
                fail(.unknownOutlet, "\(type.rawValue) \(ownerID) has no outlet \(outlet.property)", at: outlet.place,
                     hint: Suggestion.didYouMean(outlet.property, among: type.outlets.keys.sorted())
                        ?? "its outlets: " + type.outlets.keys.sorted().joined(separator: ", "))
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
            /// What the entry sets: an element of a cell (applied to every cell made), or something
            /// of the screen, whose attributes the compiler's graph checks.
            let inCell: Bool, isObject: Bool
            switch names[entry.id] {
            case _ where entry.id == "@self": (inCell, isObject) = (false, false)
            case .element: (inCell, isObject) = (false, false)
            case .object: (inCell, isObject) = (false, true)
            case nil where cellElementIDs.contains(entry.id): (inCell, isObject) = (true, false)
            case nil:
                fail(.unknownElement, "elements entry \(entry.id) names no element of the screen, of its cells or of its objects", at: entry.place,
                     hint: Suggestion.didYouMean(entry.id, among: Set(names.keys).union(cellElementIDs).sorted())
                        ?? "give the view \"id\": \"\(entry.id)\" in the views section")
                continue
            }
            if let action = entry.action {
                if action.target != "@self", !isName(action.target) {
                    fail(.unresolvedOutlet, "the action of \(entry.id) targets \(action.target), which is not a name of the screen", at: action.place.member("target"),
                         hint: Suggestion.didYouMean(action.target, among: names.keys.sorted()), misspelt: action.target, among: names.keys.sorted())
                } else {
                    tapActions[entry.id] = action
                }
            }
            let attributes = entry.attrs.map { (key: $0.key, value: Value(json: $0.value), place: SourcePlace($0.value)) }
            if !inCell {
                elementAttributes += attributes.map { ElementAttribute(target: entry.id, key: $0.key, value: $0.value, place: $0.place) }
            }
            var compiled: [CompiledBinding] = []
            var bound: Set<String> = []
            for spec in entry.bindings {
                guard bound.insert(spec.to).inserted else {
                    fail(.binding, "\(entry.id) binds \(spec.to) twice; upstream ignored the second binding", at: spec.place(of: "to"))
                    continue
                }
                if let binding = compile(spec, of: entry.id) { compiled.append(binding) }
            }
            if inCell {
                cellEntries[entry.id] = CellEntry(attributes: attributes, bindings: compiled)
            } else if !isObject, !compiled.isEmpty {
                // Bindings of objects are kept but never evaluated, as upstream (docs/FORMAT.md#screen.element).
                bindings.append((entry.id, compiled))
            }
        }
    }
}
