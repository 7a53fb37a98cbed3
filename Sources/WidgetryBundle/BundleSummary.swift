public import WidgetryJSON

/// An overview of a bundle: what `widgetry inspect` prints, as data.
public struct BundleSummary: Sendable, Equatable {
    public struct Screen: Sendable, Equatable {
        public var name: String
        public var file: String
        public var objects: [String]
        public var elements: [String]
    }

    public struct Service: Sendable, Equatable {
        /// `production`, `development` or `stub`.
        public var kind: String
        public var file: String
        public var actions: [String]
    }

    public struct Model: Sendable, Equatable {
        /// `json`, `xcdatamodel` or `compiled`.
        public var kind: String
        public var file: String
        /// Entity names, when the model format lets them be read without the store.
        public var entities: [String]?
    }

    public var source: String
    public var manifest: BundleManifest
    public var screens: [Screen]
    public var services: [Service]
    public var model: Model?
    public var storyboards: [String]
    public var resources: [String]
    public var warnings: [BundleWarning]

    /// Summarises `bundle`; `source` is how the user named it (kept instead of temporary paths so
    /// the output does not change from run to run).
    public init(bundle: WidgetBundle, source: String, warnings: [BundleWarning]) {
        self.source = source
        manifest = bundle.manifest
        screens = bundle.screens.map {
            Screen(name: $0.name, file: $0.file.path, objects: $0.objectIDs, elements: $0.elementIDs)
        }
        let serviceFiles: [(String, BundleFile?)] = [
            ("production", bundle.service), ("development", bundle.developmentService), ("stub", bundle.stubService),
        ]
        services = serviceFiles.compactMap { kind, file in
            file.map { Service(kind: kind, file: $0.path, actions: BundleSummary.entryNames($0.root["actions"])) }
        }
        model = bundle.model.map { source in
            switch source {
            case .json(let file):
                Model(kind: "json", file: file.path, entities: BundleSummary.entryNames(file.root["entities"]))
            case .xcdatamodel(let path):
                Model(kind: "xcdatamodel", file: path, entities: nil)
            case .compiled(let path):
                Model(kind: "compiled", file: path, entities: nil)
            }
        }
        storyboards = bundle.storyboards + bundle.compiledStoryboards
        resources = bundle.resources + bundle.otherJSONFiles.map(\.path)
        resources.sort()
        self.warnings = warnings
    }

    /// Keys of an object whose values are objects (comment entries skipped).
    private static func entryNames(_ value: JSONValue?) -> [String] {
        guard let object = value?.objectValue else { return [] }
        return object.members.filter { $0.value.objectValue != nil }.map(\.key)
    }

    /// The summary as JSON, for `--format json`.
    public var json: JSONValue {
        func strings(_ values: [String]) -> JSONValue { JSONValue(.array(values.map { JSONValue(.string($0)) })) }
        func optional(_ value: String?) -> JSONValue { value.map { JSONValue(.string($0)) } ?? JSONValue(.null) }
        var manifestObject: JSONValue = [
            "identifier": JSONValue(.string(manifest.identifier)),
            "name": optional(manifest.name),
            "version": optional(manifest.version),
            "entryScreen": optional(manifest.entryScreen),
            "formatVersion": JSONValue(.integer(Int64(manifest.formatVersion))),
            "file": JSONValue(.string(manifest.file)),
        ]
        manifestObject["mainStoryboard"] = manifest.mainStoryboard.map { JSONValue(.string($0)) }
        let screenValues = screens.map { screen -> JSONValue in
            ["name": JSONValue(.string(screen.name)), "file": JSONValue(.string(screen.file)),
             "objects": strings(screen.objects), "elements": strings(screen.elements)]
        }
        let serviceValues = services.map { service -> JSONValue in
            ["kind": JSONValue(.string(service.kind)), "file": JSONValue(.string(service.file)), "actions": strings(service.actions)]
        }
        let modelValue: JSONValue = model.map { model in
            ["kind": JSONValue(.string(model.kind)), "file": JSONValue(.string(model.file)),
             "entities": model.entities.map(strings) ?? JSONValue(.null)]
        } ?? JSONValue(.null)
        let warningValues = warnings.map { warning -> JSONValue in
            ["code": JSONValue(.string(warning.code)), "message": JSONValue(.string(warning.message))]
        }
        return [
            "source": JSONValue(.string(source)),
            "manifest": manifestObject,
            "screens": JSONValue(.array(screenValues)),
            "services": JSONValue(.array(serviceValues)),
            "model": modelValue,
            "storyboards": strings(storyboards),
            "resources": strings(resources),
            "warnings": JSONValue(.array(warningValues)),
        ]
    }
}
