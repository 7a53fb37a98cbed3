import WidgetryRegex
import WidgetryJSON

/// The keywords that check a value itself: its type, its equality with listed values, and the
/// bounds on numbers and strings.
extension Evaluator {
    mutating func checkType(_ types: JSONTypeSet, _ site: KeywordSite, _ instance: JSONValue, _ collecting: Bool) -> Bool {
        guard !types.admits(instance) else { return true }
        if collecting {
            report(.type, ViolationMessage.type(expected: types.names, found: instance), site: site, instance: instance,
                   expected: .types(types.names))
        }
        return false
    }

    mutating func checkEnumeration(_ options: [JSONValue], _ site: KeywordSite, _ instance: JSONValue, _ collecting: Bool) -> Bool {
        guard !options.contains(where: { SchemaEquality.equal($0, instance) }) else { return true }
        if collecting {
            let suggestion = instance.stringValue.flatMap { text in
                Suggestion.closest(to: text, among: options.compactMap(\.stringValue))
            }
            report(.enumeration, ViolationMessage.enumeration(instance, options: options), site: site, instance: instance,
                   hint: suggestion.map(ViolationMessage.didYouMean), expected: .values(options, found: instance))
        }
        return false
    }

    mutating func checkConstant(_ expected: JSONValue, _ site: KeywordSite, _ instance: JSONValue, _ collecting: Bool) -> Bool {
        guard !SchemaEquality.equal(expected, instance) else { return true }
        if collecting {
            let suggestion = instance.stringValue.flatMap { text in
                expected.stringValue.flatMap { Suggestion.closest(to: text, among: [$0]) }
            }
            report(.constant, ViolationMessage.constant(expected: expected, found: instance), site: site, instance: instance,
                   hint: suggestion.map(ViolationMessage.didYouMean), expected: .values([expected], found: instance))
        }
        return false
    }

    mutating func checkMultipleOf(
        _ divisor: DecimalNumber, written: SchemaNumber, _ site: KeywordSite, _ instance: JSONValue, _ collecting: Bool
    ) -> Bool {
        let decimal: DecimalNumber? = switch instance.kind {
        case .integer(let integer): DecimalNumber(integer)
        case .double(let double): DecimalNumber(double)
        default: nil
        }
        guard let decimal, !decimal.isMultiple(of: divisor) else { return true }
        if collecting {
            report(.multipleOf, ViolationMessage.multipleOf(instance, divisor: written), site: site, instance: instance)
        }
        return false
    }

    mutating func checkBound(_ bound: NumericBound, _ site: KeywordSite, _ instance: JSONValue, _ collecting: Bool) -> Bool {
        guard let number = SchemaNumber(instance) else { return true }
        let order = SchemaNumber.compare(number, bound.limit)
        let passes = switch bound.kind {
        case .minimum: order != .less
        case .exclusiveMinimum: order == .greater
        case .maximum: order != .greater
        case .exclusiveMaximum: order == .less
        }
        guard !passes else { return true }
        if collecting {
            let code: SchemaViolation.Code = switch bound.kind {
            case .minimum: .minimum
            case .exclusiveMinimum: .exclusiveMinimum
            case .maximum: .maximum
            case .exclusiveMaximum: .exclusiveMaximum
            }
            report(code, ViolationMessage.bound(bound, found: number), site: site, instance: instance)
        }
        return false
    }

    mutating func checkLength(minimum: Int?, maximum: Int?, _ site: KeywordSite, _ instance: JSONValue, _ collecting: Bool) -> Bool {
        guard let text = instance.stringValue else { return true }
        let length = text.unicodeScalars.count
        if let minimum, length < minimum {
            if collecting {
                report(.minLength, ViolationMessage.length(atLeast: true, limit: minimum, found: length), site: site, instance: instance)
            }
            return false
        }
        if let maximum, length > maximum {
            if collecting {
                report(.maxLength, ViolationMessage.length(atLeast: false, limit: maximum, found: length), site: site, instance: instance)
            }
            return false
        }
        return true
    }

    mutating func checkPattern(
        _ pattern: SchemaPattern, _ site: KeywordSite, _ instance: JSONValue, _ collecting: Bool
    ) throws(EvaluationAbort) -> Bool {
        guard let text = instance.stringValue else { return true }
        guard try !matches(pattern, text, site) else { return true }
        if collecting {
            report(.pattern, ViolationMessage.pattern(text, pattern: pattern.source), site: site, instance: instance)
        }
        return false
    }

    /// Whether `pattern` matches somewhere in `text`, within the backtracking budget.
    func matches(_ pattern: SchemaPattern, _ text: String, _ site: KeywordSite) throws(EvaluationAbort) -> Bool {
        do {
            return try pattern.matches(text, budget: program.options.patternBacktrackingBudget)
        } catch {
            throw patternTooComplex(pattern, at: site)
        }
    }
}
