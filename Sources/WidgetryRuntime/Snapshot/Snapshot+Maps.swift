public import WidgetryExpressions
import WidgetryScreen

extension Snapshot {
    /// A map a display controller of the host's draws (a host profile's `objectTypes.<class>.map`,
    /// FORMAT.md#profile.map), as its markers: one per item of the controller's
    /// `mainContentProvider`, in the provider's order.
    public struct Map {
        /// A marker's title and coordinates, read from its item (null where the item has none).
        public struct Marker {
            public var title: Value
            public var latitude: Value
            public var longitude: Value
        }

        /// The element the map is drawn on.
        public var view: String
        public var controller: String
        public var markers: [Marker]
    }

    /// The maps of `screen`'s host controllers, in the order of the screen file's objects.
    static func maps(of screen: ScreenRun) -> [Map] {
        screen.environment.hostObjects.maps(file: screen.document.file).map { map in
            var items: [Value] = []
            if let controller = screen.objectsByID[map.controller], case .object(let provider) = controller.outlet("mainContentProvider"),
               let provider = provider as? ScreenObject {
                items = provider.value(forKey: "allItems").elements ?? []
            }
            let read = { (keyPath: String, item: Value) in (try? KeyPathProgram(keyPath).evaluate(on: item)) ?? .null }
            let markers = items.map { item in
                Map.Marker(title: read(map.declaration.title, item), latitude: read(map.declaration.latitude, item),
                           longitude: read(map.declaration.longitude, item))
            }
            return Map(view: map.view, controller: map.controller, markers: markers)
        }
    }
}
