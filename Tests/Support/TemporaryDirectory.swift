import Foundation
import Synchronization

/// A fresh temporary folder for one test, removed by ``remove()`` (or, when made so, once the
/// last reference to it is gone, for a suite that keeps one per test): the one scratch folder of
/// the test targets (the system's temporary folder is named nowhere else). Whatever is still
/// there when the test process exits is removed then, so a test that keeps its folder to the end
/// (a sample unpacked once per process, a failing test's evidence while it runs) leaves nothing.
public final class TemporaryDirectory: Sendable {
    public let path: String
    private let removedOnRelease: Bool

    /// Creates the folder; with `removedOnRelease`, it is removed when this value is released.
    public init(removedOnRelease: Bool = false) throws {
        path = NSTemporaryDirectory() + "widgetry-test-" + UUID().uuidString
        self.removedOnRelease = removedOnRelease
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        LeftoverFolders.register(path)
    }

    deinit {
        if removedOnRelease { remove() }
    }

    /// The path of `name` in the folder.
    public func file(_ name: String) -> String { path + "/" + name }

    /// A path in the folder that no other call returned, ending in `name`.
    public func newFile(_ name: String) -> String {
        path + "/" + UUID().uuidString + "-" + name
    }

    /// Removes the folder and everything in it.
    public func remove() {
        try? FileManager.default.removeItem(atPath: path)
        LeftoverFolders.forget(path)
    }

    /// Every path below the folder, relative and sorted.
    public func listing() -> [String] {
        let enumerator = FileManager.default.enumerator(atPath: path)
        var result: [String] = []
        while let next = enumerator?.nextObject() as? String { result.append(next) }
        return result.sorted()
    }
}

/// The folders made and not yet removed, removed when the process exits.
private enum LeftoverFolders {
    private static let paths = Mutex<Set<String>?>(nil)

    static func register(_ path: String) {
        paths.withLock { paths in
            if paths == nil {
                paths = []
                atexit { LeftoverFolders.removeAll() }
            }
            paths?.insert(path)
        }
    }

    static func forget(_ path: String) {
        paths.withLock { _ = $0?.remove(path) }
    }

    private static func removeAll() {
        let leftovers = paths.withLock { paths in
            defer { paths = [] }
            return paths ?? []
        }
        for path in leftovers { try? FileManager.default.removeItem(atPath: path) }
    }
}

extension TemporaryDirectory {
    /// A copy of the bundle folder `source` at `name` in this directory, with each of `edits`
    /// applied (in the file at its path in the bundle, the text replaced everywhere); the copy's
    /// path. An edit whose text is not in its file is an error, so a test cannot pass on a
    /// bundle it did not break.
    public func copy(of source: String, as name: String, editing edits: [(file: String, text: String, replacement: String)] = []) throws -> String {
        let bundle = path + "/" + name
        try FileManager.default.copyItem(atPath: source, toPath: bundle)
        for edit in edits {
            let file = bundle + "/" + edit.file
            let text = try String(contentsOfFile: file, encoding: .utf8)
            guard text.contains(edit.text) else { throw EditNotFound(file: edit.file, text: edit.text) }
            try Data(text.replacingOccurrences(of: edit.text, with: edit.replacement).utf8).write(to: URL(fileURLWithPath: file))
        }
        return bundle
    }

    /// An edit's text that its file does not hold.
    public struct EditNotFound: Error, CustomStringConvertible {
        public let file: String
        public let text: String
        public var description: String { "\(file) does not hold \(text)" }
    }
}
