public import WidgetryBundle
public import WidgetryHostProfile
public import WidgetryJSON

/// `widgetry lint` as a library, in the manner of swift-format's `API/`: configured once, it
/// lints bundles by their source. It loads each (an archive or a download extracted into a
/// temporary folder, removed afterwards), finds the bundle's `.widgetry.json` (or the one it
/// was given), puts what loading warned of in the report, and lints the bundles in parallel,
/// reporting them in the order given. Every file is read through its ``BundleFileSystem``, so
/// an editor lints its unsaved buffers over the files on the disk.
public struct LintSession: Sendable {
    /// What linting gave: the findings (with the files and their sources), and whether a bundle
    /// could not be read at all (its problems are in the report).
    public struct Outcome: Sendable {
        public var report: DiagnosticReport
        public var unreadable: Bool

        public init(report: DiagnosticReport = DiagnosticReport(), unreadable: Bool = false) {
            self.report = report
            self.unreadable = unreadable
        }

        /// Adds `other`'s findings after these.
        mutating func append(_ other: Outcome) {
            report.append(other.report)
            unreadable = unreadable || other.unreadable
        }
    }

    /// A configuration file used instead of each bundle's `.widgetry.json`; nil to look for it.
    public let configurationPath: String?
    /// What the host app supplies: its providers, host actions and computed keys are known names.
    public let profile: HostProfile
    /// Where the bundles' files are read from.
    public let fileSystem: BundleFileSystem
    public let linter: Linter
    private let loader: any BundleLoading

    /// - Parameters:
    ///   - configurationPath: a `.widgetry.json` to apply to every bundle (`--config`); nil
    ///     takes each bundle folder's own, else the nearest in the folders above it.
    ///   - loader: how bundles are read (`BundleLoader` of WidgetryBundleFetch for archives and
    ///     URLs, with its limits and the host profile's identifier and patches); its read
    ///     options take `fileSystem`.
    ///   - fileSystem: the disk, or the disk with some files' contents in memory.
    public init(configurationPath: String? = nil, loader: any BundleLoading = FolderBundleLoader(), profile: HostProfile = HostProfile(),
                fileSystem: BundleFileSystem = .disk, linter: Linter = Linter()) {
        var loader = loader
        loader.readOptions.fileSystem = fileSystem
        self.loader = loader
        self.configurationPath = configurationPath
        self.profile = profile
        self.fileSystem = fileSystem
        self.linter = linter
    }

    /// Lints the bundles in parallel; their findings in the order given.
    public func lint(_ sources: [BundleSource]) async -> Outcome {
        await inOrder(sources) { await lint($0) }
    }

    /// Lints the bundles command-line arguments name (folders, archives, URLs) in parallel, in
    /// the order given; an argument naming nothing is an unreadable bundle.
    public func lint(arguments: [String]) async -> Outcome {
        await inOrder(arguments) { argument in
            do throws(BundleError) {
                return await lint(try BundleSource(argument: argument))
            } catch {
                return Outcome(report: DiagnosticReport(error), unreadable: true)
            }
        }
    }

    /// Lints `sources`, hands the fixes that are certain to `apply` (which writes them, or not,
    /// and says whether it changed any file), and lints again when it did: the findings left.
    public func lint(_ sources: [BundleSource], fixingWith apply: ([LintFix]) throws -> Bool) async rethrows -> Outcome {
        try await relint(after: apply) { await lint(sources) }
    }

    /// Lints the bundles `arguments` name as ``lint(_:fixingWith:)`` lints sources.
    public func lint(arguments: [String], fixingWith apply: ([LintFix]) throws -> Bool) async rethrows -> Outcome {
        try await relint(after: apply) { await lint(arguments: arguments) }
    }

    /// `lint`'s outcome, or, when `apply` changed files with the certain fixes of it, `lint`'s again.
    private func relint(after apply: ([LintFix]) throws -> Bool, _ lint: () async -> Outcome) async rethrows -> Outcome {
        let first = await lint()
        guard try apply(LintFix.certain(in: first.report.diagnostics, sources: first.report.sources)) else { return first }
        return await lint()
    }

    /// Lints one bundle.
    public func lint(_ source: BundleSource) async -> Outcome {
        await lint(source) { bundle, prefix, configuration in
            linter.lint(bundle, displayPrefix: prefix, configuration: configuration, profile: profile)
        }
    }

    /// Lints one bundle, its findings those `lintBundle` gives (sorted) for the bundle as read, shown
    /// under a prefix, with its configuration.
    func lint(_ source: BundleSource, with lintBundle: (WidgetBundle, String, LintConfiguration) -> DiagnosticReport) async -> Outcome {
        let prefix = source.displayPrefix
        do throws(BundleError) {
            let loaded = try await loader.load(source, progress: nil)
            defer { loaded.removeExtractedFiles() }
            let isFolder = if case .directory = source { true } else { false }
            let (configuration, problems) = LintConfigurationFile.load(
                path: configurationPath, bundleRoot: loaded.bundle.rootPath, displayName: configurationPath ?? prefix + LintConfiguration.fileName,
                searchingParents: isFolder, fileSystem: fileSystem)
            var report = lintBundle(loaded.bundle, prefix, configuration)
            if let file = configuration.file { report.configurations = [file] }
            // What loading found goes in the report, so every format carries it; the
            // not-a-screen rule reports those warnings as errors at their file.
            let loading = loaded.warnings.filter { $0.code != NotAScreen.code }.map { $0.diagnostic(shownUnder: prefix) }
            // The rules' findings come sorted: only the others need a place among them.
            if !problems.isEmpty || !loading.isEmpty { report.diagnostics = (problems + loading + report.diagnostics).sorted() }
            return Outcome(report: report)
        } catch {
            let folder = if case .directory(let path) = source { path } else { String?.none }
            let problems = DiagnosticReport(error, shownUnder: prefix, readingFrom: folder, fileSystem: fileSystem)
            // A file that is not JSON is a finding about that file, as validate reports it (and
            // one a fix may answer), not a bundle that cannot be read.
            if case .invalidJSON = error { return Outcome(report: problems) }
            return Outcome(report: problems, unreadable: true)
        }
    }

    /// `lintOne` of each item on its own task, the outcomes joined in the items' order.
    private func inOrder<Item: Sendable>(_ items: [Item], _ lintOne: @escaping @Sendable (Item) async -> Outcome) async -> Outcome {
        let outcomes = await withTaskGroup(of: (Int, Outcome).self) { group in
            for (index, item) in items.enumerated() {
                group.addTask { (index, await lintOne(item)) }
            }
            var results: [Int: Outcome] = [:]
            for await (index, outcome) in group { results[index] = outcome }
            return results.sorted { $0.key < $1.key }.map(\.value)
        }
        var joined = Outcome()
        for outcome in outcomes { joined.append(outcome) }
        return joined
    }
}
