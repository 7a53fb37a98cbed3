import ArgumentParser
import Foundation
import WidgetryBundle
import WidgetryBundleFetch
import WidgetryHostProfile

/// Options every command that reads a bundle source shares: downloads, cache and archive limits.
struct SourceOptions: ParsableArguments {
    @Option(name: .customLong("cache-dir"), help: ArgumentHelp("Folder for downloaded archives.", valueName: "path"))
    var cacheDirectory: String?

    @Flag(name: .customLong("no-cache"), help: "Download without reading or writing the cache.")
    var noCache = false

    @Option(name: .customLong("cache-ttl"), parsing: .unconditional, help: ArgumentHelp("Seconds a cached archive is used without revalidating.", valueName: "seconds"))
    var cacheTTL: Int = 0

    @Option(name: .customLong("timeout"), parsing: .unconditional, help: ArgumentHelp("Seconds to wait for response bytes.", valueName: "seconds"))
    var readTimeout: Int = 30

    @Option(name: .customLong("total-timeout"), parsing: .unconditional, help: ArgumentHelp("Seconds a download may take in all.", valueName: "seconds"))
    var totalTimeout: Double = 300

    @Option(name: .customLong("stall-timeout"), parsing: .unconditional, help: ArgumentHelp("Seconds in which a download must receive at least 1 KiB (a server trickling bytes stalls it).", valueName: "seconds"))
    var stallTimeout: Double = 30

    @Option(name: .customLong("connect-timeout"), parsing: .unconditional, help: ArgumentHelp("Seconds to wait for a connection.", valueName: "seconds"))
    var connectTimeout: Int = 10

    @Option(name: .customLong("max-redirects"), parsing: .unconditional, help: "Most redirects to follow.")
    var maxRedirects: Int = 5

    @Option(name: .customLong("max-download-bytes"), parsing: .unconditional, help: "Largest archive to download.")
    var maxDownloadBytes: Int64 = 256 << 20

    @Flag(name: .customLong("allow-http"), help: "Allow plain http for hosts other than loopback, for the bundle download and for service requests.")
    var allowHTTP = false

    @Option(name: .customLong("header"), help: ArgumentHelp("A request header, as 'Name: value'. Repeatable.", valueName: "header"))
    var headers: [String] = []

    @Option(name: .customLong("max-entries"), parsing: .unconditional, help: "Most entries an archive may hold.")
    var maxEntries: Int = 10_000

    @Option(name: .customLong("max-unpacked-bytes"), parsing: .unconditional, help: "Most bytes an archive may unpack to.")
    var maxUnpackedBytes: Int64 = 512 << 20

    @Option(name: .customLong("max-ratio"), parsing: .unconditional, help: "Largest ratio of unpacked size to archive size.")
    var maxRatio: Double = 200

    @Option(name: .customLong("identifier"), help: ArgumentHelp("The identifier the widget runs as: it must start with the bundle identifier, and is the bundle identifier when Info.plist leaves that to Xcode ($(PRODUCT_BUNDLE_IDENTIFIER)).", valueName: "id"))
    var identifier: String?

    @Option(name: .customLong("profile"), help: ArgumentHelp("A host profile (Schemas/host-profile.schema.json): the identifier, host redirects, providers, host actions, defaults, computed keys and patches a host app supplied in code.", valueName: "file"))
    var profilePath: String?

    @Option(name: .customLong("dialect"), help: ArgumentHelp("The generation of the bundle format: widgetkit or graffiti (default: found from the names the bundle uses).", valueName: "dialect"))
    var dialect: DialectArgument?

    /// The host profile `--profile` names (empty without one); `{"env": …}` values come from
    /// this process's environment, or stay unread for commands that send nothing.
    func profile(readingSecrets: Bool = true) throws(HostProfileErrors) -> HostProfile {
        guard let profilePath else { return HostProfile() }
        return try HostProfileReader.read(path: profilePath, environment: readingSecrets ? ProcessInfo.processInfo.environment : nil)
    }

    func validate() throws {
        for header in headers where parsedHeader(header) == nil {
            throw ValidationError("--header '\(header)' is not of the form 'Name: value'")
        }
    }

    /// The options for a loader, once every number is in range, with the host profile's
    /// identifier and patches.
    var loaderOptions: BundleLoader.Options {
        get throws {
            try loaderOptions(with: profile(readingSecrets: false))
        }
    }

    /// The options for a loader, once every number is in range, with `profile`'s identifier
    /// (unless `--identifier` gives one) and patches.
    func loaderOptions(with profile: HostProfile) throws(CommandFailure) -> BundleLoader.Options {
        do {
            try NumericOptions.seconds(cacheTTL, option: "--cache-ttl")
            try NumericOptions.seconds(readTimeout, option: "--timeout", allowZero: false)
            try NumericOptions.seconds(connectTimeout, option: "--connect-timeout", allowZero: false)
            try NumericOptions.seconds(totalTimeout, option: "--total-timeout", allowZero: false)
            try NumericOptions.seconds(stallTimeout, option: "--stall-timeout", allowZero: false)
            try NumericOptions.count(maxRedirects, option: "--max-redirects", in: 0...1_000)
            try NumericOptions.count(maxEntries, option: "--max-entries", in: 1...Int(Int32.max))
            try NumericOptions.count(maxDownloadBytes, option: "--max-download-bytes", in: 1...Int64.max)
            try NumericOptions.count(maxUnpackedBytes, option: "--max-unpacked-bytes", in: 1...Int64.max)
            try NumericOptions.number(maxRatio, option: "--max-ratio", in: 1...1e9)
        }
        var options = uncheckedLoaderOptions
        options.read.identifier = identifier ?? profile.identifier
        options.read.patches = profile.patches
        options.read.dialect = dialect?.dialect
        options.read.restorationIdentifiers = profile.restorationIdentifiers
        options.read.objectTypes = profile.objectTypes.mapValues {
            HostObjectType(base: $0.base, attributes: Set($0.attributes), outlets: Set($0.outlets))
        }
        return options
    }

    private var uncheckedLoaderOptions: BundleLoader.Options {
        let download = DownloadOptions(
            connectTimeout: .seconds(connectTimeout), readTimeout: .seconds(readTimeout),
            totalTimeout: .seconds(totalTimeout), stallTimeout: .seconds(stallTimeout),
            maxRedirects: maxRedirects, maxBytes: maxDownloadBytes, allowInsecureHTTP: allowHTTP,
            cacheDirectory: noCache ? nil : (cacheDirectory ?? DownloadOptions.defaultCacheDirectory),
            cacheTimeToLive: .seconds(cacheTTL), headers: headers.compactMap(parsedHeader))
        let extraction = ExtractionLimits(maxEntries: maxEntries, maxUnpackedBytes: maxUnpackedBytes, maxCompressionRatio: maxRatio)
        return BundleLoader.Options(extraction: extraction, download: download, read: WidgetBundle.ReadOptions(identifier: identifier, dialect: dialect?.dialect))
    }

    private func parsedHeader(_ text: String) -> (name: String, value: String)? {
        guard let colon = text.firstIndex(of: ":") else { return nil }
        let name = text[..<colon].trimmingCharacters(in: .whitespaces)
        let value = text[text.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        guard !name.isEmpty, !name.contains(" ") else { return nil }
        return (name, value)
    }
}
