public import WidgetryBundle
public import WidgetryHostProfile
public import WidgetryJSON
import Synchronization

/// A ``LintSession`` for one bundle folder that is linted again and again as its files change,
/// an editor's: each lint reads the bundle through the file system it is given (the editor's
/// buffers over the disk) and works out again only what the changes touched, the rest kept
/// from the lint before (see `IncrementalLinter`). Its outcome is a ``LintSession``'s on the
/// same files. Lints run one at a time.
public final class IncrementalLintSession: Sendable {
    /// The bundle's folder.
    public let root: String
    /// A configuration file used instead of the bundle's `.widgetry.json`; nil to look for it.
    public let configurationPath: String?
    public let profile: HostProfile
    private let linter: Mutex<IncrementalLinter>
    /// The files as parsed by the last lint, parsed again only when their bytes change; other
    /// reads of the bundle with the default read options (the language server's) share it.
    public let readCache = BundleReadCache()

    /// A session for the bundle folder `root`, linted as ``LintSession`` lints it with the
    /// same configuration path, profile and rules.
    public init(root: String, configurationPath: String? = nil, profile: HostProfile = HostProfile(), linter: Linter = Linter()) {
        self.root = root
        self.configurationPath = configurationPath
        self.profile = profile
        self.linter = Mutex(IncrementalLinter(linter: linter, profile: profile))
    }

    /// Lints the bundle with its files read through `fileSystem`.
    public func lint(fileSystem: BundleFileSystem = .disk) async -> LintSession.Outcome {
        await lintAndRead(fileSystem: fileSystem).outcome
    }

    /// Lints the bundle with its files read through `fileSystem`; the outcome, and the bundle as
    /// the rules read it (nil when it could not be read), whose files are named under the
    /// bundle's display prefix.
    public func lintAndRead(fileSystem: BundleFileSystem = .disk) async -> (outcome: LintSession.Outcome, context: LintContext?) {
        var read = WidgetBundle.ReadOptions()
        read.cache = readCache
        let session = LintSession(configurationPath: configurationPath, loader: FolderBundleLoader(read: read), profile: profile, fileSystem: fileSystem)
        var context: LintContext?
        let outcome = await session.lint(.directory(root)) { bundle, prefix, configuration in
            let (report, read) = linter.withLock { $0.lint(bundle, displayPrefix: prefix, configuration: configuration) }
            context = read
            return report
        }
        return (outcome, context)
    }
}
