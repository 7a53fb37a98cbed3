/// Outlets upstream's classes fill in themselves: a table or collection display controller's
/// `tableView` (`collectionView`) is the first of its `elements` and the other way round
/// (upstream's `tableView` is `elements.first`), so either outlet names the rows view.
enum UpstreamOutletDefaults {
    static func apply(to document: ScreenDocument) -> ScreenDocument {
        var document = document
        for index in document.objects.indices {
            let object = document.objects[index]
            guard let outlet = ObjectType(rawValue: object.type)?.rowsOutlet, !object.outlets.contains(where: { $0.property == outlet }),
                  let elements = object.outlets.first(where: { $0.property == "elements" }), let first = elements.targets.first else { continue }
            document.objects[index].outlets.append(OutletEntry(property: outlet, targets: [first], isArray: false, place: elements.place))
        }
        return document
    }
}
