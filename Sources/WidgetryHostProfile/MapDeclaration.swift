/// The map a display controller class of the host draws (a host profile's
/// `objectTypes.<class>.map`, FORMAT.md#profile.map): Graffiti's GoogleMapsDemo's
/// `GooglePlacesContentController` puts a marker on its `mapContainer` for each place its main
/// provider holds. A run shows the map as its markers, each with its title and coordinates, and
/// a scenario taps them (FORMAT.md#profile.map.taps).
public struct MapDeclaration: Sendable, Equatable {
    /// The class's own outlet that names the map's view.
    public var outlet: String
    /// Key paths, on each item of the controller's `mainContentProvider`, of the marker's
    /// latitude, longitude and title.
    public var latitude: String
    public var longitude: String
    public var title: String
    /// The class's own attribute whose value names the segue a tap on a marker performs, with
    /// the marker's item as the destination's content (upstream's `markerTapSegue`).
    public var markerTapSegue: String?
    /// The class's own attribute whose value names the segue a tap on a marker's title performs
    /// (upstream's `markerTitleTapSegue`).
    public var titleTapSegue: String?
    /// The class's own outlet naming the `ContentDisplayView` a tap on a marker shows with the
    /// marker's item as its content, and a tap elsewhere on the map hides (upstream's `infoView`).
    public var infoView: String?

    public init(outlet: String, latitude: String, longitude: String, title: String,
                markerTapSegue: String? = nil, titleTapSegue: String? = nil, infoView: String? = nil) {
        self.outlet = outlet
        self.latitude = latitude
        self.longitude = longitude
        self.title = title
        self.markerTapSegue = markerTapSegue
        self.titleTapSegue = titleTapSegue
        self.infoView = infoView
    }
}
