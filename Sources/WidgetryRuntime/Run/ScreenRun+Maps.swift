import WidgetryDiagnostics
import WidgetryExpressions
import WidgetryHostProfile
import WidgetryScreen

/// The maps the host's display controllers draw (FORMAT.md#profile.map) and their taps
/// (FORMAT.md#profile.map.taps), as GoogleMapsDemo's `GooglePlacesContentController` answers them
/// (`mapView(_:didTap:)`, `mapView(_:didTapInfoWindowOf:)`, `mapView(_:didTapAt:)`).
extension ScreenRun {
    /// One marker of a map: the item it stands for, and its title and coordinates read from it
    /// (null where the item has none).
    struct MapMarker {
        var item: Value
        var title: Value
        var latitude: Value
        var longitude: Value
    }

    /// The maps of this screen's host controllers, in the order of the screen file's objects.
    var maps: [HostObjectBehaviours.Map] {
        environment.hostObjects.maps(file: document.file)
    }

    /// The markers of `map`: one per item of its controller's `mainContentProvider`, in the
    /// provider's order.
    func markers(of map: HostObjectBehaviours.Map) -> [MapMarker] {
        guard let controller = objectsByID[map.controller], case .object(let provider) = controller.outlet("mainContentProvider"),
              let provider = provider as? ScreenObject else { return [] }
        let read = { (keyPath: String, item: Value) in (try? KeyPathProgram(keyPath).evaluate(on: item)) ?? .null }
        return (provider.value(forKey: "allItems").elements ?? []).map { item in
            MapMarker(item: item, title: read(map.declaration.title, item), latitude: read(map.declaration.latitude, item),
                      longitude: read(map.declaration.longitude, item))
        }
    }

    /// Taps a marker of the map drawn on `mapView`: the controller's marker segue opens with the
    /// marker's item as content when the screen file names one; else its info view shows that
    /// item as its content; else nothing changes (the map selects the marker and shows its title).
    public func tapMarker(_ choice: MarkerChoice, of mapView: String) throws(InteractionError) {
        let (map, marker) = try self.marker(choice, of: mapView)
        if let segue = map.markerTapSegue {
            try perform(segue, of: map, named: map.declaration.markerTapSegue, with: marker.item)
        } else if let infoView = map.infoView {
            let view = try self.infoView(infoView, of: map)
            do throws(KeyValueError) {
                try view.setValue(marker.item, forKey: "content")
                try view.setValue(.bool(false), forKey: "hidden")
            } catch {
                throw InteractionError("\(infoView): \(error)")
            }
        }
        render()
        collectChanges()
    }

    /// Taps the title the map drawn on `mapView` shows over a marker: the controller's title
    /// segue opens with the marker's item as content.
    public func tapMarkerTitle(_ choice: MarkerChoice, of mapView: String) throws(InteractionError) {
        let (map, marker) = try self.marker(choice, of: mapView)
        guard let segue = map.titleTapSegue else {
            let missing = map.declaration.titleTapSegue.map { "\(map.controller) has no \($0) in the screen file" }
                ?? "the host profile declares no titleTapSegue for the map of \(map.controller)"
            throw InteractionError("tapping the title of a marker of \(mapView) does nothing: \(missing)")
        }
        try perform(segue, of: map, named: map.declaration.titleTapSegue, with: marker.item)
        render()
        collectChanges()
    }

    /// A tap on a map's view away from its markers: the map's info view hides. Returns whether
    /// `element` is a map's view.
    func tapMap(_ element: Element) -> Bool {
        let tapped = maps.filter { $0.view == element.id }
        for map in tapped { hideInfoView(of: map) }
        return !tapped.isEmpty
    }

    /// Hides the info views of the maps that show `provider`'s items: new markers, no place
    /// shown (upstream's `setMarkers(for:)` sets the info view's alpha to 0).
    func hideInfoViews(showing provider: ScreenObject) {
        for map in maps {
            guard let controller = objectsByID[map.controller], controller.outlet("mainContentProvider").isObject(provider) else { continue }
            hideInfoView(of: map)
        }
    }

    private func hideInfoView(of map: HostObjectBehaviours.Map) {
        guard let id = map.infoView, let view = try? infoView(id, of: map) else { return }
        try? view.setValue(.bool(true), forKey: "hidden")
    }

    /// The map drawn on `mapView` and its marker `choice`.
    private func marker(_ choice: MarkerChoice, of mapView: String) throws(InteractionError) -> (HostObjectBehaviours.Map, MapMarker) {
        guard let map = maps.first(where: { $0.view == mapView }) else {
            let views = maps.map(\.view)
            let hint = views.isEmpty ? "no host controller of this screen draws a map (a host profile's objectTypes.<class>.map declares one)"
                : Suggestion.hint(for: mapView, among: views, noun: "maps")
            throw InteractionError("the screen has no map \(mapView)" + (hint.map { "; \($0)" } ?? ""))
        }
        let markers = markers(of: map)
        switch choice {
        case .index(let index):
            guard markers.indices.contains(index) else {
                throw InteractionError("\(mapView) has \(markers.count) marker\(markers.count == 1 ? "" : "s"); there is no marker \(index)")
            }
            return (map, markers[index])
        case .title(let title):
            guard let marker = markers.first(where: { $0.title.stringValue == title }) else {
                let titles = markers.compactMap(\.title.stringValue)
                let hint = Suggestion.hint(for: title, among: titles, noun: "titles")
                throw InteractionError("\(mapView) has no marker titled \"\(title)\"" + (hint.map { "; \($0)" } ?? ""))
            }
            return (map, marker)
        }
    }

    /// The content display view named `id`, a map's info view.
    private func infoView(_ id: String, of map: HostObjectBehaviours.Map) throws(InteractionError) -> Element {
        guard case .object(let object) = namespace.value(forKey: id), let view = object as? Element, view.kind == .contentDisplayView else {
            throw InteractionError("\(map.controller)'s \(map.declaration.infoView ?? "infoView") is \(id), which is not a ContentDisplayView of the screen")
        }
        return view
    }

    /// Performs the segue `name`, given by the controller's attribute `attribute`, with `content`.
    private func perform(_ name: String, of map: HostObjectBehaviours.Map, named attribute: String?, with content: Value) throws(InteractionError) {
        guard let segue = document.segues.first(where: { $0.id == name }) else {
            let hint = Suggestion.hint(for: name, among: document.segues.map(\.id), noun: "segues")
            throw InteractionError("\(map.controller)'s \(attribute ?? "segue") is \(name), which the screen's segues do not define" + (hint.map { "; \($0)" } ?? ""))
        }
        try navigate?(segue, content)
    }
}
