/// One bundle's outcome in a ``ScenarioSuite``.
public struct BundleResults: Sendable {
    /// The bundle as named.
    public var name: String
    /// The suite's name in reports: the bundle's identifier, or its name when it did not load.
    public var suite: String
    /// What did not load: the bundle, its widget, scenario files.
    public var unloaded: [UnloadedCase]
    public var results: [ScenarioResult]
    /// What the scenarios covered, when coverage was recorded.
    public var coverage: CoverageReport?

    /// The failed cases: what did not load, and the scenarios that failed.
    public var failedCount: Int { unloaded.count + results.filter { !$0.passed }.count }
    /// Every case: what did not load, and the scenarios that ran.
    public var caseCount: Int { unloaded.count + results.count }
}

/// What a ``ScenarioSuite`` gave: each bundle's outcome, in the order run, and the verdict.
public struct SuiteResults: Sendable {
    public var bundles: [BundleResults]
    /// The suite's ``ScenarioSuite/minimumCoverage``.
    public var minimumCoverage: Double?

    /// A bundle whose coverage is below the minimum.
    public struct CoverageShortfall: Sendable, Equatable {
        /// The bundle as named.
        public var bundle: String
        /// Its coverage, in percent.
        public var percentage: Double
    }

    /// The bundles whose coverage is below ``minimumCoverage``, in order.
    public var coverageShortfalls: [CoverageShortfall] {
        guard let minimumCoverage else { return [] }
        return bundles.compactMap { outcome in
            guard let report = outcome.coverage, report.percentage < minimumCoverage else { return nil }
            return CoverageShortfall(bundle: outcome.name, percentage: report.percentage)
        }
    }

    public var failedCount: Int { bundles.map(\.failedCount).reduce(0, +) }
    public var caseCount: Int { bundles.map(\.caseCount).reduce(0, +) }

    /// How the suite ended, most serious first.
    public enum Verdict: Sendable, Equatable {
        /// Something did not load: a bundle, a widget or a scenario file.
        case unloaded
        /// A scenario failed, or a bundle's coverage is below the minimum.
        case failed
        case passed
    }

    public var verdict: Verdict {
        if bundles.contains(where: { !$0.unloaded.isEmpty }) { return .unloaded }
        if failedCount > 0 || !coverageShortfalls.isEmpty { return .failed }
        return .passed
    }
}
