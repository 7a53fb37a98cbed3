public import WidgetryJSON

/// The files an image set's `Contents.json` names (`Assets.xcassets/logo.imageset/Contents.json`,
/// `"images": [{"filename": "logo@2x.png", "scale": "2x"}]`), each kept inside the bundle by
/// ``ConfinedPath``: what the renderer reads, and what `lint` and `validate` report
/// (`bundle.path-escape`) when a name climbs out with `..`, is absolute, or leads out through a
/// symbolic link.
public enum ImageSetFiles {
    /// What a name of an image set stands for.
    public enum Resolution: Sendable, Equatable {
        /// The file to read: its real path, inside the bundle, and listed by the bundle.
        case file(String)
        /// No file of the bundle's listing has the name (missing, or a link the listing skipped
        /// that stays inside the bundle): nothing to read, nothing to report.
        case missing
        /// The name leaves the bundle.
        case escape(PathEscape)
    }

    /// Whether `path` (relative to the bundle) is the `Contents.json` of an image set inside an
    /// asset catalogue folder.
    public static func isContents(_ path: String) -> Bool {
        let components = path.split(separator: "/")
        guard components.count >= 3, components[components.count - 1] == "Contents.json",
              components[components.count - 2].hasSuffix(".imageset") else { return false }
        return components.dropLast(2).contains { $0.hasSuffix(".xcassets") }
    }

    /// The file `name` that the image set in `setFolder` (relative to the bundle at `root`, without
    /// a trailing `/`) names. `listed` holds the bundle's files (its listing, which leaves links
    /// out): a file outside it is never read. The real path is checked last, just before the
    /// caller reads it.
    public static func resolve(_ name: String, inSet setFolder: String, root: String, listed: Set<String>) -> Resolution {
        let confined: ConfinedPath
        do throws(PathEscape) {
            let inSet = try ConfinedPath(name, in: setFolder)
            confined = try ConfinedPath(setFolder + "/" + inSet.relative, in: root)
        } catch {
            return .escape(PathEscape(name: name, folder: error.folder, reason: error.reason))
        }
        do throws(PathEscape) {
            let real = try confined.resolved()
            return listed.contains(confined.relative) ? .file(real) : .missing
        } catch {
            return .escape(PathEscape(name: name, folder: root, reason: error.reason))
        }
    }

    /// A finding (`bundle.path-escape`, an error) for every `filename` of the image set's
    /// `document` that leaves the bundle at `root`, at the name's value.
    /// - Parameters:
    ///   - contentsPath: the `Contents.json`, relative to the bundle.
    ///   - file: the `Contents.json` as findings name it.
    public static func escapes(in document: JSONDocument, contentsPath: String, root: String, listed: Set<String>,
                               file: String) -> [Diagnostic] {
        let setFolder = String(contentsPath.dropLast("/Contents.json".count))
        var findings: [Diagnostic] = []
        for entry in document.root["images"]?.arrayValue ?? [] {
            guard let value = entry["filename"], let name = value.stringValue,
                  case .escape(let escape) = resolve(name, inSet: setFolder, root: root, listed: listed) else { continue }
            findings.append(diagnostic(escape, file: file, at: value))
        }
        return findings
    }

    /// `escape` as an error at `value` (the `filename` string) of `file`.
    public static func diagnostic(_ escape: PathEscape, file: String, at value: JSONValue, severity: Diagnostic.Severity = .error) -> Diagnostic {
        Diagnostic(code: PathEscape.code, severity: severity, file: file, location: value.location, pointer: value.pointer,
                   message: "the image set's file \(escape.message)",
                   hint: "name a file inside the image set's folder (\"logo@2x.png\"); '..', absolute paths and links out of the bundle are never read")
    }
}
