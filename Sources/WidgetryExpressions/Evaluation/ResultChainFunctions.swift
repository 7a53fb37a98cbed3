import Foundation

/// The `resultChain` functions, callable as `FUNCTION(items, 'wx_takeLast:', 2)`.
///
/// They work on an array (a set counts, in its order); a null receiver gives null. Arguments may
/// be numbers or strings (`resultChainArgs` are strings). `wx_itemAt:` counts negative indices
/// from the end (−1 is the last); an index out of range gives null. `wx_joinedBy:` joins the
/// elements' text (``Value/description``). `wx_map:` reads a key path on each element (null
/// when missing; collection operators allowed), `valueForKeyPath:` on the receiver itself.
enum ResultChainFunctions {
    static let all: [String: SelectorFunction] = [
        "wx_itemAt:": SelectorFunction(argumentCount: 1) { receiver, arguments throws(EvaluationError) in
            guard let elements = try elements(receiver, "wx_itemAt:") else { return .null }
            var index = try integer(arguments[0], "wx_itemAt:")
            if index < 0 { index += Int64(elements.count) }
            return index >= 0 && index < elements.count ? elements[Int(index)] : .null
        },
        "wx_first": SelectorFunction(argumentCount: 0) { receiver, _ throws(EvaluationError) in
            try elements(receiver, "wx_first")?.first ?? .null
        },
        "wx_last": SelectorFunction(argumentCount: 0) { receiver, _ throws(EvaluationError) in
            try elements(receiver, "wx_last")?.last ?? .null
        },
        "wx_count": SelectorFunction(argumentCount: 0) { receiver, _ throws(EvaluationError) in
            guard let elements = try elements(receiver, "wx_count") else { return .null }
            return .int(Int64(elements.count))
        },
        "wx_takeFirst:": SelectorFunction(argumentCount: 1) { receiver, arguments throws(EvaluationError) in
            guard let elements = try elements(receiver, "wx_takeFirst:") else { return .null }
            let count = max(0, try integer(arguments[0], "wx_takeFirst:"))
            return .array(Array(elements.prefix(Int(min(count, Int64(elements.count))))))
        },
        "wx_takeLast:": SelectorFunction(argumentCount: 1) { receiver, arguments throws(EvaluationError) in
            guard let elements = try elements(receiver, "wx_takeLast:") else { return .null }
            let count = max(0, try integer(arguments[0], "wx_takeLast:"))
            return .array(Array(elements.suffix(Int(min(count, Int64(elements.count))))))
        },
        "wx_joinedBy:": SelectorFunction(argumentCount: 1) { receiver, arguments throws(EvaluationError) in
            guard let elements = try elements(receiver, "wx_joinedBy:") else { return .null }
            let separator = arguments[0].isNull ? "" : arguments[0].description
            return .string(elements.map(\.description).joined(separator: separator))
        },
        "wx_map:": SelectorFunction(argumentCount: 1) { receiver, arguments throws(EvaluationError) in
            guard let elements = try elements(receiver, "wx_map:") else { return .null }
            let keyPath = try keyPathProgram(arguments[0], "wx_map:")
            var mapped: [Value] = []
            mapped.reserveCapacity(elements.count)
            for element in elements { mapped.append(try keyPath.evaluate(on: element)) }
            return .array(mapped)
        },
        "valueForKeyPath:": SelectorFunction(argumentCount: 1) { receiver, arguments throws(EvaluationError) in
            try keyPathProgram(arguments[0], "valueForKeyPath:").evaluate(on: receiver)
        },
    ]

    private static func elements(_ receiver: Value, _ name: String) throws(EvaluationError) -> [Value]? {
        switch receiver {
        case .null: return nil
        case .array(let elements), .set(let elements): return elements
        default: throw .typeMismatch("\(name) needs an array, not a \(receiver.typeName)")
        }
    }

    private static func integer(_ argument: Value, _ name: String) throws(EvaluationError) -> Int64 {
        if argument.isNumeric, let integer = argument.integerValue { return integer }
        if case .string(let text) = argument, let integer = Int64(text.trimmingCharacters(in: .whitespaces)) { return integer }
        throw EvaluationError(.invalidArgument, "\(name) needs an integer, not \(argument.isNull ? "null" : "'\(argument)'")")
    }

    private static func keyPathProgram(_ argument: Value, _ name: String) throws(EvaluationError) -> KeyPathProgram {
        guard case .string(let keyPath) = argument, !keyPath.isEmpty else {
            throw EvaluationError(.invalidArgument, "\(name) needs a key path string, not \(argument.isNull ? "null" : "a \(argument.typeName)")")
        }
        return KeyPathProgram(keyPath)
    }
}
