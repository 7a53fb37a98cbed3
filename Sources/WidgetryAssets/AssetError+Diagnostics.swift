public import WidgetryJSON

extension AssetError: DiagnosticConvertible {
    /// One diagnostic about the catalogue file; the image and the decompression error
    /// underneath are its notes.
    public var diagnostics: [Diagnostic] {
        var notes: [String] = []
        if let image { notes.append("image \(image)") }
        if let cause { notes.append("\(cause.message) at byte \(cause.offset) [\(cause.code.rawValue)]") }
        return [Diagnostic(code: code.rawValue, severity: .error, file: file, location: nil, pointer: nil, message: message, hint: hint, notes: notes)]
    }
}

extension LZFSEError: DiagnosticConvertible {
    /// One diagnostic; the stream has no file of its own, so the offset leads the message.
    public var diagnostics: [Diagnostic] {
        [Diagnostic(code: code.rawValue, severity: .error, file: "", location: nil, pointer: nil, message: "byte \(offset): \(message)", hint: hint)]
    }
}
