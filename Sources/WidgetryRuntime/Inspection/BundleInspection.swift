public import WidgetryBundle
public import WidgetryHostProfile
public import WidgetryModel

/// What `widgetry inspect` tells of a bundle, read once: its ``BundleSummary``, its entity model
/// (or the errors that kept it from being read), what of it is compiled, its images and the
/// host profile it is inspected with. ``text`` and ``json`` are the two forms `inspect` prints.
public struct BundleInspection: Sendable {
    /// The names of a bundle's images and where they were found (an asset catalogue, image
    /// sets, loose files), as the caller read them: the runtime does not read asset catalogues.
    public struct Images: Sendable, Equatable {
        /// Where the names come from (`Assets.car`, `Assets.xcassets`…).
        public var sources: [String]
        /// The names `UIImage(named:)` finds, sorted.
        public var names: [String]

        public init(sources: [String], names: [String]) {
            self.sources = sources
            self.names = names
        }
    }

    public var summary: BundleSummary
    /// The bundle's entity model, or the errors that kept it from being read; nil when the
    /// bundle has no model.
    public var model: Result<EntityModel, ModelErrors>?
    public var compiled: CompiledParts
    /// Nil when the bundle has no images or they could not be listed.
    public var images: Images?
    /// Empty when none is given.
    public var profile: HostProfile
    /// The dialect the bundle is written in, and what said so (FORMAT.md#graffiti.detection).
    public var dialect: DialectDetection

    /// Inspects `bundle`: reads its model and, when compiled, its storyboard. `source` is how
    /// the person named the bundle and `warnings` what loading it gave (both for
    /// ``BundleSummary``); `images` are listed as given.
    public init(bundle: WidgetBundle, source: String, warnings: [BundleWarning], images: Images? = nil,
                profile: HostProfile = HostProfile()) {
        summary = BundleSummary(bundle: bundle, source: source, warnings: warnings)
        compiled = CompiledParts(bundle)
        model = bundle.model.map { model in
            Result { () throws(ModelErrors) in try BundleModel.load(model, bundleRoot: bundle.rootPath) }
        }
        self.images = images
        self.profile = profile
        dialect = bundle.dialect
    }

    /// The model, when it was read.
    public var entityModel: EntityModel? {
        guard case .success(let model) = model else { return nil }
        return model
    }

    /// What kept the model from being read; nil when it was read or there is none.
    public var modelErrors: ModelErrors? {
        guard case .failure(let errors) = model else { return nil }
        return errors
    }
}
