import WidgetryJSON

/// Decides what to report when no alternative of `anyOf` or `oneOf` matches.
///
/// Listing the violations of every alternative buries the one that matters, so the choice is:
///
/// 1. When every alternative wants another type than the value has, one violation naming all
///    the types: `expected a string or an object, found an integer`.
/// 2. Otherwise, among the alternatives that accept the value's type, those whose pinned values
///    (`const` or `enum` on the value or on one of its members: a discriminator) also match are
///    plausible; the plausible alternative that got deepest into the value before failing, then
///    the one with the fewest violations, is reported with its violations.
/// 3. When the alternatives are told apart by a member each requires and the others do not
///    (`{"tap": …}`, `{"back": true}`), the value has none of them, and a member of the value is
///    a near miss of one (`goBack`), one violation at that member with a did-you-mean.
/// 4. When no alternative is plausible and two or more pin one place to different values, one
///    violation listing every value any of them allows there, with a did-you-mean.
/// 5. Otherwise the deepest, least-violated alternative among those that accept the type.
enum AlternativeSelection {
    /// One alternative that failed, with its violations.
    struct Failure {
        var index: Int
        var violations: [PendingViolation]
    }

    enum Choice {
        /// Report this alternative's violations.
        case alternative(Failure)
        /// Every alternative wants another type; these are all the types they accept.
        case types([String])
        /// Every alternative pins the value at one place; these are all the values allowed there,
        /// the value found, and a violation placed there.
        case values([JSONValue], found: JSONValue, at: PendingViolation)
        /// Rule 3: the value's member `member` is a misspelling of one of `selectors`, the
        /// members that pick an alternative.
        case misspeltSelector(String, selectors: [String])
    }

    /// The choice for `failures` (every alternative, in order) of a value `depth` steps deep,
    /// whose member names (for an object) are `members`; `required` holds the members each
    /// alternative requires (empty when not worked out).
    static func choose(_ failures: [Failure], depth: Int, members: [String] = [], required: [[String]] = []) -> Choice? {
        let typeRejected = failures.map { rejectsType($0, depth: depth) }
        if !failures.isEmpty, typeRejected.allSatisfy({ $0 }) {
            var types: [String] = []
            for violation in failures.flatMap(\.violations) where violation.instanceDepth == depth {
                guard case .types(let names)? = violation.expected else { continue }
                for name in names where !types.contains(name) { types.append(name) }
            }
            if !types.isEmpty { return .types(types) }
        }
        let candidates = zip(failures, typeRejected).filter { !$0.1 }.map(\.0)
        let plausible = candidates.filter { pinnedValueMismatch($0, depth: depth) == nil }
        if let misspelt = misspeltSelector(plausible, members: members, required: required) { return misspelt }
        if let best = closest(plausible) { return .alternative(best) }
        if let merged = mergedValues(candidates, depth: depth) { return merged }
        return closest(candidates).map { .alternative($0) } ?? closest(failures).map { .alternative($0) }
    }

    /// Whether the alternative refuses the value's type, or refuses any value (`false`), or
    /// refuses it through alternatives of its own that were all rejected at this place.
    private static func rejectsType(_ failure: Failure, depth: Int) -> Bool {
        failure.violations.contains { violation in
            guard violation.instanceDepth == depth else { return false }
            switch violation.code {
            case .type, .falseSchema: return true
            case .anyOf, .oneOf:
                if case .types? = violation.expected { return true }
                return false
            default: return false
            }
        }
    }

    /// The first `const` or `enum` violation on the value or on one of its members.
    private static func pinnedValueMismatch(_ failure: Failure, depth: Int) -> PendingViolation? {
        failure.violations.first { violation in
            guard violation.instanceDepth <= depth + 1, case .values? = violation.expected else { return false }
            return true
        }
    }

    /// Rule 4: when two or more candidates all pin the same place, the union of the values they
    /// allow there.
    private static func mergedValues(_ candidates: [Failure], depth: Int) -> Choice? {
        guard candidates.count > 1 else { return nil }
        var values: [JSONValue] = []
        var place: PendingViolation?
        var found: JSONValue?
        for candidate in candidates {
            guard let mismatch = pinnedValueMismatch(candidate, depth: depth), case .values(let allowed, let foundValue)? = mismatch.expected else {
                return nil
            }
            found = foundValue
            if let place, place.instanceTokens != mismatch.instanceTokens { return nil }
            place = place ?? mismatch
            for value in allowed where !values.contains(where: { SchemaEquality.equal($0, value) }) {
                values.append(value)
            }
        }
        guard let place, let found else { return nil }
        return .values(values, found: found, at: place)
    }

    /// Rule 3: two or more alternatives each require a member no other alternative requires
    /// (its selector: the first such), the value has none of them, and a member of the value is
    /// close to one.
    private static func misspeltSelector(_ candidates: [Failure], members: [String], required: [[String]]) -> Choice? {
        guard candidates.count > 1, !members.isEmpty, required.count > 1 else { return nil }
        var requiring: [String: Int] = [:]
        for names in required {
            for name in Set(names) { requiring[name, default: 0] += 1 }
        }
        let selectors = required.map { names in names.first { requiring[$0] == 1 } }
        guard candidates.allSatisfy({ selectors.indices.contains($0.index) && selectors[$0.index] != nil }) else { return nil }
        let all = selectors.compactMap(\.self)
        guard !members.contains(where: all.contains),
              let member = members.first(where: { !Suggestion.closestCandidates(to: $0, among: all).isEmpty }) else { return nil }
        return .misspeltSelector(member, selectors: all)
    }

    /// The alternative that got deepest into the value, then the one with the fewest
    /// violations, then the first.
    private static func closest(_ failures: [Failure]) -> Failure? {
        var best: (failure: Failure, depth: Int, count: Int)?
        for failure in failures {
            let reached = failure.violations.map(\.instanceDepth).max() ?? 0
            let count = failure.violations.count
            if let current = best, reached < current.depth || (reached == current.depth && count >= current.count) { continue }
            best = (failure, reached, count)
        }
        return best?.failure
    }
}
