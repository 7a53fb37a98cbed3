extension StringSubstitution {
    /// The text of a binding string (an `ifTrue`/`ifFalse` result or a `format`) for `source`.
    ///
    /// First ``keyPath`` substitution. If that changed the string, the result is final and any
    /// `%@` in it stays literal. If it left the string as it was (no match, or every match
    /// reproduced its own text), the string is a template with one argument, the source's
    /// ``Value/description``: each `%@` becomes that text and `%%` becomes `%`; any other `%`
    /// stays as it is. So `"$a is 5"` with `{a: 5}` gives `"5 is 5"`, and `"number %@"` with
    /// the source `"5 is 5"` gives `"number 5 is 5"`.
    ///
    /// Callers substitute only for a non-null source (FORMAT.md#binding.evaluation); a null source
    /// prints as `<null>`.
    public static func substituteBindingString(_ template: String, source: Value) throws(EvaluationError) -> String {
        let substituted = try StringSubstitution.keyPath.substitute(in: template, source: source)
        guard substituted.unicodeScalars.elementsEqual(template.unicodeScalars) else { return substituted }
        return fillingObjectPlaceholders(in: template, with: source.description)
    }

    /// `template` with `%@` replaced by `argument` and `%%` by `%`, in one left-to-right pass.
    static func fillingObjectPlaceholders(in template: String, with argument: String) -> String {
        var output = String.UnicodeScalarView()
        var scalars = template.unicodeScalars[...]
        while let scalar = scalars.popFirst() {
            guard scalar == "%", let directive = scalars.first, directive == "@" || directive == "%" else {
                output.append(scalar)
                continue
            }
            scalars.removeFirst()
            if directive == "@" {
                output.append(contentsOf: argument.unicodeScalars)
            } else {
                output.append("%")
            }
        }
        return String(output)
    }
}
