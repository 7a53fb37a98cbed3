import Synchronization

extension RegularExpression {
    /// How many patterns ``cached(_:options:)`` keeps.
    public static let cacheCapacity = 64

    /// The compiled expression for `pattern`, from a small process-wide cache of recently used
    /// patterns (and of the errors of invalid ones), compiling it on a miss. Expressions from the
    /// cache share their DFA, so one that is used often is fast from its first match.
    ///
    /// Meant for patterns that arrive at run time, such as the right side of `MATCHES` when it is
    /// a key path or a variable. The cache holds ``cacheCapacity`` patterns; when it is full, the
    /// oldest entry makes room. Safe to call from any thread.
    public static func cached(_ pattern: String, options: Options = []) throws(RegexSyntaxError) -> RegularExpression {
        if let hit = cachedOutcome(pattern, options: options) { return try hit.get() }
        let key = RegexCacheKey(pattern: pattern, options: options)
        let compiled: Result<RegularExpression, RegexSyntaxError>
        do {
            compiled = .success(try RegularExpression(pattern, options: options))
        } catch {
            compiled = .failure(error)
        }
        // another thread may have compiled the same pattern meanwhile: keep one, so the DFA is shared
        let entry = regexCache.withLock { $0.insert(compiled, for: key) }
        return try entry.get()
    }
}

extension RegularExpression {
    /// The cached expression, or error, for `pattern`; nil when the cache does not hold it.
    static func cachedOutcome(_ pattern: String, options: Options) -> Result<RegularExpression, RegexSyntaxError>? {
        let key = RegexCacheKey(pattern: pattern, options: options)
        return regexCache.withLock { $0.entries[key] }
    }
}

private struct RegexCacheKey: Hashable {
    var pattern: String
    var options: RegularExpression.Options
}

/// The entries, and the keys in the order they were added, so that the oldest goes first.
private struct RegexCacheStorage {
    var entries: [RegexCacheKey: Result<RegularExpression, RegexSyntaxError>] = [:]
    var order: [RegexCacheKey] = []
    /// Where the next key goes in `order` once it is full.
    var next = 0

    mutating func insert(
        _ entry: Result<RegularExpression, RegexSyntaxError>, for key: RegexCacheKey
    ) -> Result<RegularExpression, RegexSyntaxError> {
        if let existing = entries[key] { return existing }
        if order.count < RegularExpression.cacheCapacity {
            order.append(key)
        } else {
            entries[order[next]] = nil
            order[next] = key
            next = (next + 1) % RegularExpression.cacheCapacity
        }
        entries[key] = entry
        return entry
    }
}

private let regexCache = Mutex(RegexCacheStorage())
