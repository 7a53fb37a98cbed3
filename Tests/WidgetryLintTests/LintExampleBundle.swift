import Foundation
import WidgetryLint
import WidgetryTestSupport

/// A rule's example, or a case folder of `Examples/`, written out as a bundle in a temporary
/// folder: the shared base bundle (`Examples/_base`: a small model, stub and manifest) with the
/// case's files over it, so a case writes only the files it is about.
struct LintExampleBundle {
    /// Where each marker of the example was, in marker order, as `file:line:column` of the
    /// character after it (1-based; empty for a case folder, which has no markers).
    var expected: [String] = []
    let directory: String
    private let scratch: TemporaryDirectory

    /// The folder of the data cases, `<rule-id>/<case>/`.
    static let examples = Samples.file("Tests/WidgetryLintTests/Examples")
    /// The bundle every case is merged over.
    static let base = examples + "/_base"

    /// The bundle of `example`: its files without their markers, over the base.
    init(_ example: LintExample) throws {
        let files = LintExampleFiles(example)
        try self.init(files)
        expected = files.expected
    }

    /// The bundle of `files` over the base.
    init(_ files: LintExampleFiles) throws {
        scratch = try TemporaryDirectory()
        directory = scratch.file("bundle")
        try FileManager.default.copyItem(atPath: Self.base, toPath: directory)
        try files.write(into: directory)
    }

    func remove() {
        scratch.remove()
    }
}

/// The files of one case, by relative path, and which of them are executable: an example's,
/// with its markers taken out and their places kept, or a case folder's as they are on disk.
struct LintExampleFiles: Equatable {
    var texts: [String: String] = [:]
    var executable: Set<String> = []
    /// The places of an example's markers, in marker order, as `file:line:column`.
    var expected: [String] = []

    /// The name of the file in a case folder that holds lint's output, not part of the bundle.
    static let outputName = "expected.txt"

    init(_ example: LintExample) {
        let marked = example.files.mapValues(MarkedText.init)
        texts = marked.mapValues(\.text)
        executable = example.executable
        for marker in MarkedText.markers {
            for name in marked.keys.sorted() {
                if let place = marked[name]?.places[marker] { expected.append(name + ":" + place) }
            }
        }
    }

    /// The files of the case folder `folder`, but its expected output.
    init(folder: String) throws {
        let enumerator = FileManager.default.enumerator(atPath: folder)
        while let name = enumerator?.nextObject() as? String {
            let path = folder + "/" + name
            var isFolder: ObjCBool = false
            guard name != Self.outputName, FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), !isFolder.boolValue else { continue }
            texts[name] = try String(contentsOfFile: path, encoding: .utf8)
            if FileManager.default.isExecutableFile(atPath: path) { executable.insert(name) }
        }
    }

    /// Writes the files into `folder`, over what is there, with the execute permission where
    /// they have it.
    func write(into folder: String) throws {
        for (name, text) in texts {
            let path = folder + "/" + name
            try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try Data(text.utf8).write(to: URL(fileURLWithPath: path))
            try FileManager.default.setAttributes([.posixPermissions: executable.contains(name) ? 0o755 : 0o644], ofItemAtPath: path)
        }
    }

    /// The bundle's files compare; where an example's markers were does not.
    static func == (lhs: LintExampleFiles, rhs: LintExampleFiles) -> Bool {
        lhs.texts == rhs.texts && lhs.executable == rhs.executable
    }
}
