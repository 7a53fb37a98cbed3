import WidgetryJSON

/// A scene's connections: its segues, the first action of each element, and outlets, resolved
/// to names once every view of the scene has its own.
extension SceneBuilder {
    /// What an action entry's target reads until the view it is sent to has its name.
    static var pendingTargetPrefix: String { "#ib:" }

    /// The first action of an element, when it targets the controller (`dismissAction:` on a
    /// Cancel item): an action entry with target `@self`; one sent to another view of the scene
    /// targets it once it has its name. Others are warned about.
    mutating func action(_ actions: [Source.Action], of viewClass: SceneViewClass) throws(Source.Failure) -> ActionEntry? {
        var kept: ActionEntry?
        for action in actions {
            let place = source.place(of: action)
            let key = source.key(of: action)
            guard kept == nil else {
                findings.warn(.ignoredConnection, "\(viewClass.reference) has more than one action; only the first is performed", at: place, key: key)
                continue
            }
            let selector = source.selector(of: action)
            guard !selector.isEmpty else {
                findings.warn(.ignoredConnection, "an action without a selector is ignored", at: place)
                continue
            }
            switch try source.target(of: action) {
            case .controller:
                kept = ActionEntry(target: "@self", selector: selector, place: place)
            case .view(let destination):
                // Sent to another view of the scene (a media form's detachAction:): named once the scene is read.
                kept = ActionEntry(target: Self.pendingTargetPrefix + destination, selector: selector, place: place)
            case .elsewhere(let destination):
                let sent = destination.map { "is sent to \($0), not" } ?? "is not sent"
                findings.warn(.ignoredConnection, "action \(selector) \(sent) to the view controller; it is ignored", at: place, key: key)
            }
        }
        return kept
    }

    /// Adds a segue of the scene and returns its id; nil when it is not performed.
    mutating func add(_ segue: Source.Segue) throws(Source.Failure) -> String? {
        usedSegues.insert(source.identity(of: segue))
        let place = source.place(of: segue)
        let (kindName, transition) = try source.kind(of: segue)
        guard let transition else {
            findings.warn(.unsupportedSegue, "\(kindName) segues are not performed", at: place)
            return nil
        }
        guard let name = try source.destination(of: segue), !name.isEmpty else {
            findings.problem(.storyboardSegue, "\(source.description(of: segue)) has no destination", at: place)
            return nil
        }
        guard let destination = source.controller(named: name) else {
            findings.problem(.storyboardSegue, "a segue leads to \(name), which is not a controller of the storyboard", at: place)
            return nil
        }
        guard let shown = source.shownController(for: destination.id) else {
            findings.problem(.storyboardSegue, "a segue leads to navigation controller \(destination.name), which has no root view controller",
                             at: place, hint: "connect its rootViewController relationship")
            return nil
        }
        guard shown.kind != .other else {
            findings.warn(.unsupportedSegue, "a segue leads to \(shown.className) \(shown.name), which Widgetry does not run", at: place)
            return nil
        }
        let id = try source.identifier(of: segue).flatMap { $0.isEmpty ? nil : $0 } ?? "segue-\(segues.count + 1)"
        guard !segues.contains(where: { $0.id == id }) else {
            findings.problem(.storyboardSegue, "two segues of \(source.controller.name) are named \(id)", at: place,
                             hint: "give each segue its own identifier")
            return nil
        }
        // A segue to a navigation controller shows it modally, whatever its kind.
        let kind = destination.kind == .navigationController ? .present : transition
        segues.append(SegueEntry(id: id, destination: shown.name, kind: kind, place: place))
        return id
    }

    /// Actions sent to views of the scene get the view's name as their target.
    mutating func resolveActionTargets() {
        for (element, destination, place) in pendingActionTargets {
            guard let index = elements.firstIndex(where: { $0.id == element }), let action = elements[index].action else { continue }
            if let name = namesByReference[destination] {
                elements[index].action = ActionEntry(target: name, selector: action.selector, place: action.place)
            } else {
                elements[index].action = nil
                findings.warn(.ignoredConnection, "action \(action.selector) is sent to \(destination), which is not an element; it is ignored", at: place)
            }
        }
    }

    /// The views' outlets as entries, like a screen file's `outlets` (FORMAT.md#screen.outlets):
    /// an `<outlet>` names one element, an `<outletCollection>` adds to an array. One that
    /// points at something that is not an element is warned about and left out.
    mutating func resolveOutlets() {
        var byOwner: [(owner: String, outlets: [OutletEntry])] = []
        for (owner, outlet) in pendingOutlets {
            guard let property = outlet.property, !property.isEmpty else {
                findings.warn(.ignoredConnection, "an outlet without a property is ignored", at: outlet.place)
                continue
            }
            guard let target = outlet.destination.flatMap({ namesByReference[$0] }) else {
                findings.warn(.ignoredConnection,
                              "outlet \(property) of \(owner) points at \(outlet.destination ?? "nothing"), which is not an element; it is ignored",
                              at: outlet.place)
                continue
            }
            if byOwner.last?.owner != owner { byOwner.append((owner, [])) }
            if outlet.isArray, let index = byOwner[byOwner.count - 1].outlets.firstIndex(where: { $0.property == property && $0.isArray }) {
                byOwner[byOwner.count - 1].outlets[index].targets.append(target)
            } else {
                byOwner[byOwner.count - 1].outlets.append(OutletEntry(property: property, targets: [target], isArray: outlet.isArray, place: outlet.place))
            }
        }
        for (owner, outlets) in byOwner {
            if let index = elements.firstIndex(where: { $0.id == owner }) {
                elements[index].outlets += outlets
            } else {
                elements.append(ElementEntry(id: owner, action: nil, attrs: [], bindings: [], outlets: outlets, place: outlets[0].place))
            }
        }
    }
}
