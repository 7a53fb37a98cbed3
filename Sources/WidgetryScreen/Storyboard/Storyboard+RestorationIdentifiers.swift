extension Storyboard {
    /// The storyboard with the restoration identifiers a host sets on controllers of these
    /// classes (class → identifier: a host profile's `restorationIdentifiers`,
    /// FORMAT.md#graffiti.host-setup), for controllers that have none in Interface Builder: each
    /// such scene takes the identifier as its name, so it is joined with that screen file, and
    /// the segues to it name it so. A controller that has one keeps it.
    func naming(byClass identifiers: [String: String]) -> Storyboard {
        guard !identifiers.isEmpty else { return self }
        var renamed: [String: String] = [:]
        var result = self
        for index in result.scenes.indices {
            let scene = result.scenes[index]
            guard scene.restorationIdentifier == nil, let identifier = identifiers[scene.className] else { continue }
            renamed[scene.name] = identifier
            result.scenes[index].name = identifier
            result.scenes[index].restorationIdentifier = identifier
        }
        guard !renamed.isEmpty else { return self }
        for index in result.scenes.indices {
            for segue in result.scenes[index].segues.indices {
                if let name = renamed[result.scenes[index].segues[segue].destination] {
                    result.scenes[index].segues[segue].destination = name
                }
            }
        }
        return result
    }
}
