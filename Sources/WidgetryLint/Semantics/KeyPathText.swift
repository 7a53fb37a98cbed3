/// Key paths written as text (a binding's `from`): components split at dots, as the runtime
/// splits them, with their UTF-8 byte ranges.
enum KeyPathText {
    static func components(of text: String) -> [String] {
        text.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
    }

    /// The UTF-8 byte range of component `index` of `text`.
    static func range(ofComponent index: Int, in text: String) -> Range<Int> {
        var start = 0
        for (position, component) in components(of: text).enumerated() {
            let end = start + component.utf8.count
            if position == index { return start..<end }
            start = end + 1
        }
        return 0..<text.utf8.count
    }
}
