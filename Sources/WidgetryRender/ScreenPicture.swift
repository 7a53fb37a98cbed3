public import WidgetryBundle
public import WidgetryRuntime
public import WidgetryScreen

/// Pictures of what a run shows: the screen laid out for a device (``draw(_:device:)``) and
/// drawn as HTML (``html(_:device:)``), from the same ``Snapshot`` every other view of a run
/// is made from.
public enum ScreenPicture {
    /// The current screen of `run`, laid out for `device`.
    public static func draw(_ run: WidgetRun, device: Device = .standard) -> DrawnScreen {
        draw(Snapshot(run), document: run.screen.document, device: device, below: run.stack.dropLast().last?.document.navigationItem)
    }

    /// `snapshot`'s screen (whose document is `document`), laid out for `device`, its host
    /// controllers' maps drawn on their views; `below` is the navigation item of the screen
    /// under it in the stack, which titles its back button.
    public static func draw(_ snapshot: Snapshot, document: ScreenDocument, device: Device = .standard,
                            below: NavigationItemNode? = nil) -> DrawnScreen {
        MapCanvas.drawing(snapshot.maps, on: ScreenLayout(snapshot: snapshot, document: document, device: device, below: below).draw())
    }

    /// The current screen of `run` as a self-contained HTML page, images from its bundle.
    public static func html(_ run: WidgetRun, device: Device = .standard, options: PictureOptions = PictureOptions()) -> String {
        HTMLPicture.page(draw(run, device: device), images: images(of: run.bundle), options: options)
    }

    /// The images of `bundle`, read when a picture first needs them.
    public static func images(of bundle: WidgetBundle) -> ImageLibrary {
        ImageLibrary(root: bundle.rootPath, files: bundle.resources)
    }
}
