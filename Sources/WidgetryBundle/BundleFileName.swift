/// The names of a bundle's well-known files: the one list the loader, the validator, lint and
/// the scenario finder read, so a file is the same kind of file to all of them.
public enum BundleFileName {
    /// The manifest Widgetry reads first.
    public static let jsonManifest = "Info.json"
    /// The manifest Xcode writes, read when there is no `Info.json`.
    public static let plistManifest = "Info.plist"
    public static let service = "Service.json"
    public static let developmentService = "Service.dev.json"
    public static let stubService = "StubService.json"
    public static let model = "Model.json"
    /// How `widgetry lint` treats the bundle.
    public static let lintConfiguration = ".widgetry.json"
    /// The folder holding scenarios.
    public static let testsFolder = "Tests"
    /// How a scenario file's name ends.
    public static let scenarioSuffix = ".scenario.json"
}
