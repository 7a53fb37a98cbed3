import Foundation

/// Paths between folders, for files stored relative to the file that names them (a baseline).
enum RelativePath {
    /// `path` (absolute, or relative to the working directory) as seen from the folder
    /// `directory` (the same), with `..` where it climbs: `Feed/Info.json` from `ci` is
    /// `../Feed/Info.json`.
    static func of(_ path: String, from directory: String) -> String {
        let target = components(of: path)
        let base = components(of: directory)
        var common = 0
        while common < min(target.count, base.count), target[common] == base[common] { common += 1 }
        let climbs = Array(repeating: "..", count: base.count - common)
        let rest = climbs + target[common...]
        return rest.isEmpty ? "." : rest.joined(separator: "/")
    }

    /// The components of `path` made absolute and standardized (`.` and `..` resolved).
    private static func components(of path: String) -> [String] {
        let absolute = path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path
        return URL(fileURLWithPath: absolute).standardizedFileURL.path.split(separator: "/").map(String.init)
    }
}
