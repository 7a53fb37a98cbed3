public import WidgetryBundle
public import WidgetryJSON

/// `widgetry validate` of bundles as a library: each bundle's JSON files checked against the
/// schemas (``BundleValidator``), a folder in place, an archive or a download unpacked by the
/// loader into a temporary folder (listed for removal on a signal) and removed afterwards.
/// Files are read through a ``BundleFileSystem``, so unsaved contents are validated too.
public struct BundleValidation: Sendable {
    /// What checking one bundle gave.
    public enum Check: Sendable {
        case checked(BundleValidator.Outcome)
        /// The bundle could not be read: its problems, about its files.
        case unreadable(DiagnosticReport)

        public var wasChecked: Bool {
            if case .checked = self { return true }
            return false
        }
    }

    public let validator: BundleValidator
    /// Where the bundles' files are read from.
    public let fileSystem: BundleFileSystem
    private let loader: any BundleLoading

    /// - Parameters:
    ///   - loader: what unpacks archives and URLs (`BundleLoader` of WidgetryBundleFetch, with
    ///     its limits); ``FolderBundleLoader`` takes folders only.
    ///   - fileSystem: the disk, or the disk with some files' contents in memory.
    public init(validator: BundleValidator, loader: any BundleLoading = FolderBundleLoader(), fileSystem: BundleFileSystem = .disk) {
        self.validator = validator
        self.loader = loader
        self.fileSystem = fileSystem
    }

    /// Validates the bundles command-line arguments name (folders, archives, URLs) in
    /// parallel; the checks in the order given. An argument naming nothing is unreadable.
    public func validate(arguments: [String]) async -> [Check] {
        await withTaskGroup(of: (Int, Check).self) { group in
            for (index, argument) in arguments.enumerated() {
                group.addTask {
                    do throws(BundleError) {
                        return (index, await validate(try BundleSource(argument: argument)))
                    } catch {
                        return (index, .unreadable(DiagnosticReport(error)))
                    }
                }
            }
            var checks: [Int: Check] = [:]
            for await (index, check) in group { checks[index] = check }
            return checks.sorted { $0.key < $1.key }.map(\.value)
        }
    }

    /// Validates one bundle; findings name its files under the source's display prefix.
    public func validate(_ source: BundleSource) async -> Check {
        let prefix = source.displayPrefix
        do throws(BundleError) {
            let unpacked = try await loader.unpack(source, progress: nil)
            defer { unpacked.removeExtractedFiles() }
            var outcome = try validator.validate(directory: unpacked.root, displayPrefix: prefix, fileSystem: fileSystem,
                                                 dialect: loader.readOptions.dialect)
            if !unpacked.warnings.isEmpty {
                // What extracting found goes in the report, so every format carries it.
                outcome.report.diagnostics = (outcome.report.diagnostics + unpacked.warnings.map { $0.diagnostic(shownUnder: prefix) }).sorted()
            }
            return .checked(outcome)
        } catch {
            let folder = if case .directory(let path) = source { path } else { String?.none }
            return .unreadable(DiagnosticReport(error, shownUnder: prefix, readingFrom: folder, fileSystem: fileSystem))
        }
    }
}
