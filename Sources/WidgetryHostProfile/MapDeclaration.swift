/// The map a display controller class of the host draws (a host profile's
/// `objectTypes.<class>.map`, FORMAT.md#profile.map): Graffiti's GoogleMapsDemo's
/// `GooglePlacesContentController` puts a marker on its `mapContainer` for each place its main
/// provider holds. A run shows the map as its markers, each with its title and coordinates.
public struct MapDeclaration: Sendable, Equatable {
    /// The class's own outlet that names the map's view.
    public var outlet: String
    /// Key paths, on each item of the controller's `mainContentProvider`, of the marker's
    /// latitude, longitude and title.
    public var latitude: String
    public var longitude: String
    public var title: String

    public init(outlet: String, latitude: String, longitude: String, title: String) {
        self.outlet = outlet
        self.latitude = latitude
        self.longitude = longitude
        self.title = title
    }
}
