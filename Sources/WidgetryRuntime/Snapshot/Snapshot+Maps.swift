public import WidgetryExpressions

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
        screen.maps.map { map in
            let markers = screen.markers(of: map).map { Map.Marker(title: $0.title, latitude: $0.latitude, longitude: $0.longitude) }
            return Map(view: map.view, controller: map.controller, markers: markers)
        }
    }
}
