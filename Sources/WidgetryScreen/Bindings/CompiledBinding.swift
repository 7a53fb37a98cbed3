public import WidgetryExpressions
public import WidgetryJSON

/// A binding or evaluation ready to run: its predicate parsed, its transformer looked up and its
/// key paths split once, so that evaluating it (on every refresh of a screen, for every cell) does
/// no parsing and no lookups by name.
///
/// ``evaluate(in:context:transformerContext:)`` runs steps 1–5 of FORMAT.md#binding.evaluation and is all
/// an evaluation (`evals`, e.g. `cellIdentifier`) needs; ``apply(to:in:context:transformerContext:)``
/// adds step 6, the write at ``BindingSpec/to``.
///
/// Compiling is stricter than upstream in two places, both reported as a located
/// ``BindingError``: a `predicateFormat` that does not parse (upstream: an exception when the
/// binding first ran) and a `transformer` no one registered (upstream ignored the option
/// silently and bound the untransformed value).
public struct CompiledBinding: Sendable {
    /// What compiling gave, behind one reference: a binding is copied for every cell it
    /// renders, and a copy then costs one retain instead of one per field.
    private let parts: Parts

    private final class Parts: Sendable {
        let spec: BindingSpec
        let predicate: Predicate?
        let choices: (ifTrue: Value, ifFalse: Value)?
        let transformer: BindingTransformer?
        let source: BindingSourcePath?
        let targetKeys: [String]

        init(spec: BindingSpec, predicate: Predicate?, choices: (ifTrue: Value, ifFalse: Value)?,
             transformer: BindingTransformer?, source: BindingSourcePath?, targetKeys: [String]) {
            self.spec = spec
            self.predicate = predicate
            self.choices = choices
            self.transformer = transformer
            self.source = source
            self.targetKeys = targetKeys
        }
    }

    /// The binding as written.
    public var spec: BindingSpec { parts.spec }
    /// The parsed `predicateFormat`, if any.
    public var predicate: Predicate? { parts.predicate }
    /// The `ifTrue`/`ifFalse` results, when both are present (JSON null as ``Value/null``).
    var choices: (ifTrue: Value, ifFalse: Value)? { parts.choices }
    /// The registered transformer `spec.transformer` names, if any.
    var transformer: BindingTransformer? { parts.transformer }
    var source: BindingSourcePath? { parts.source }
    /// `spec.to` split at its dots.
    var targetKeys: [String] { parts.targetKeys }

    /// Compiles `spec`, looking its transformer up in `transformers`.
    ///
    /// Throws `binding.predicate` for a `predicateFormat` that does not parse and
    /// `binding.unknown-transformer` for a `transformer` that `transformers` does not hold, both
    /// at the spec's location and pointer.
    public init(_ spec: BindingSpec, transformers: BindingTransformerRegistry) throws(BindingError) {
        let predicate: Predicate?
        if let format = spec.predicateFormat {
            do {
                predicate = try Predicate(format: format, arguments: [])
            } catch {
                throw BindingError(.predicate, "predicateFormat '\(format)' does not parse: \(error)", at: "predicateFormat", of: spec, hint: error.hint)
            }
        } else {
            predicate = nil
        }
        var choices: (ifTrue: Value, ifFalse: Value)?
        if let ifTrue = spec.ifTrue, let ifFalse = spec.ifFalse {
            choices = (Value(json: ifTrue), Value(json: ifFalse))
        }
        var transformer: BindingTransformer?
        if let name = spec.transformer {
            guard let found = transformers.transformer(named: name) else {
                throw BindingError(.unknownTransformer, "no transformer named '\(name)'", at: "transformer", of: spec,
                                   hint: Suggestion.hint(for: name, among: transformers.names, noun: "transformers"))
            }
            transformer = found
        }
        parts = Parts(spec: spec, predicate: predicate, choices: choices, transformer: transformer,
                      source: spec.from.map(BindingSourcePath.init),
                      targetKeys: spec.to.split(separator: ".", omittingEmptySubsequences: false).map(String.init))
    }

    /// The binding's value for `scope` (FORMAT.md#binding.evaluation, steps 1–5); ``Value/null`` stands
    /// for nil.
    ///
    /// 1. The source is the value at `from` in `scope`, or `scope` itself.
    /// 2. With a predicate, evaluated with the source as `SELF` (null allowed), the value is the
    ///    chosen `ifTrue`/`ifFalse` result when both are given, else the boolean. A chosen string
    ///    is a binding string (``StringSubstitution/substituteBindingString(_:source:)``) for a
    ///    non-null source. Without a predicate the value is the source.
    /// 3. A non-null value goes through the transformer; a transformer that does not apply (nil,
    ///    or null) leaves the value as it was.
    /// 4. A non-null value is substituted into `format` as its source.
    /// 5. A null value becomes the placeholder, which skips steps 3 and 4.
    ///
    /// Throws `binding.evaluation` when `from` cannot be read or the predicate fails on the source
    /// (a type mismatch, an unbound variable), at the spec's location and pointer.
    public func evaluate(in scope: Value, context: EvaluationContext,
                         transformerContext: TransformerContext) throws(BindingError) -> Value {
        try evaluation(in: scope, context: context, transformerContext: transformerContext).value
    }

    /// ``evaluate(in:context:transformerContext:)``, also telling which way the predicate went
    /// and whether the value is the placeholder (snapshots show which elements fell back to
    /// theirs; coverage counts the branches taken).
    public func evaluation(in scope: Value, context: EvaluationContext,
                           transformerContext: TransformerContext) throws(BindingError) -> BindingOutcome {
        let source: Value
        if let path = self.source {
            do {
                source = try path.read(from: scope)
            } catch {
                throw BindingError(.evaluation, "cannot read 'from' key path '\(path.text)': \(error)", at: spec)
            }
        } else {
            source = scope
        }

        var value = source
        var matched: Bool?
        if let predicate {
            let matches: Bool
            do {
                matches = try predicate.evaluate(with: source, context: context)
            } catch {
                throw BindingError(.evaluation, "predicate '\(predicate.format)' failed on \(source.typeName): \(error)", at: spec)
            }
            matched = matches
            if let choices {
                value = matches ? choices.ifTrue : choices.ifFalse
                if case .string(let template) = value, !source.isNull {
                    value = .string(try bindingString(template, source: source, option: matches ? "ifTrue" : "ifFalse"))
                }
            } else {
                value = .bool(matches)
            }
        }

        if let transformer, !value.isNull, let transformed = transformer.transform(value, transformerContext),
           !transformed.isNull
        {
            value = transformed
        }

        if let format = spec.format, !value.isNull {
            value = .string(try bindingString(format, source: value, option: "format"))
        }

        if value.isNull, let placeholder = spec.placeholder {
            return BindingOutcome(value: .string(placeholder), predicateMatched: matched, usedPlaceholder: true)
        }
        return BindingOutcome(value: value, predicateMatched: matched, usedPlaceholder: false)
    }

    /// `template` substituted for `source` by the binding-string rules (FORMAT.md#binding.strings).
    private func bindingString(_ template: String, source: Value, option: String) throws(BindingError) -> String {
        do {
            return try StringSubstitution.substituteBindingString(template, source: source)
        } catch {
            throw BindingError(.evaluation, "cannot substitute \(option) '\(template)': \(error)", at: spec)
        }
    }
}

/// The `from` key path, split once.
struct BindingSourcePath: Sendable {
    let text: String
    private let program: KeyPathProgram

    init(_ text: String) {
        self.text = text
        program = KeyPathProgram(text)
    }

    func read(from scope: Value) throws(EvaluationError) -> Value {
        try program.evaluate(on: scope)
    }
}

/// What evaluating a binding gave, and how it got there.
public struct BindingOutcome: Sendable {
    /// The value written to the target.
    public var value: Value
    /// What the binding's predicate said; nil without a predicate.
    public var predicateMatched: Bool?
    /// Whether the value is the binding's placeholder.
    public var usedPlaceholder: Bool
    /// Whether the value was written (false when a key on the way to the target is missing).
    public var written = true
}
