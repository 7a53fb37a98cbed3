import Foundation
import WidgetryJSON
import WidgetryTestSupport

/// Paths and scratch bundles for the lint tests.
enum LintTestSupport {
    static let feed = Samples.widget("Feed")
    static let goldens = Samples.file("Tests/WidgetryLintTests/Goldens")

    /// A copy of the Feed sample in a fresh temporary folder, with `files` (relative path to
    /// text) written over it; the caller removes the returned folder.
    static func feedCopy(overwriting files: [String: String] = [:]) throws -> String {
        let folder = try TemporaryDirectory().path
        let bundle = folder + "/Feed"
        try FileManager.default.copyItem(atPath: feed, toPath: bundle)
        for (path, text) in files {
            try Data(text.utf8).write(to: URL(fileURLWithPath: bundle + "/" + path))
        }
        return bundle
    }

    /// Removes a folder `feedCopy` made (its parent too).
    static func remove(_ bundle: String) {
        try? FileManager.default.removeItem(atPath: (bundle as NSString).deletingLastPathComponent)
    }
}

/// Text with markers (1️⃣ … 9️⃣) where findings must be reported, as the style guide asks: the
/// markers are removed and their places kept as `line:column` (columns in Unicode scalars).
struct MarkedText {
    let text: String
    private(set) var places: [String: String] = [:]

    static let markers = ["1️⃣", "2️⃣", "3️⃣", "4️⃣", "5️⃣", "6️⃣", "7️⃣", "8️⃣", "9️⃣"]

    init(_ marked: String) {
        var text = ""
        var line = 1, column = 1
        var rest = Substring(marked)
        outer: while let character = rest.first {
            for marker in MarkedText.markers where rest.hasPrefix(marker) {
                places[marker] = "\(line):\(column)"
                rest = rest.dropFirst(marker.count)
                continue outer
            }
            text.append(character)
            rest = rest.dropFirst()
            if character == "\n" {
                line += 1
                column = 1
            } else {
                column += character.unicodeScalars.count
            }
        }
        self.text = text
    }

    /// `line:column` of `marker`, or `?` when the text has no such marker.
    subscript(_ marker: String) -> String {
        places[marker] ?? "?"
    }
}
