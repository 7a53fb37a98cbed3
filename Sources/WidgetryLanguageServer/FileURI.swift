import Foundation
import WidgetryLanguageServerProtocol

/// The conversions between the client's `file:` URIs and the absolute, standardized paths the
/// bundle readers take.
enum FileURI {
    /// The path `uri` names, standardized (`..` and `.` resolved, no trailing `/`); nil for a URI
    /// that is not a `file:` URI with a path.
    static func path(of uri: DocumentUri) -> String? {
        guard let url = URL(string: uri), url.isFileURL, !url.path.isEmpty else { return nil }
        return standardized(url.path)
    }

    /// The `file:` URI of an absolute path, percent-encoded where it must be.
    static func uri(of path: String) -> DocumentUri {
        URL(fileURLWithPath: path).absoluteString
    }

    /// `path` made absolute (against the working directory) and standardized.
    static func standardized(_ path: String) -> String {
        URL(fileURLWithPath: path).standardizedFileURL.path
    }

    /// The path of `uri`, or the refusal that says why there is none.
    static func requirePath(of uri: DocumentUri) throws(ResponseError) -> String {
        guard let path = path(of: uri) else {
            throw .refusal(.unsupportedURI, "\(uri) is not a file: URI", hint: "the server works on the files of bundles on the disk, named by file: URIs")
        }
        return path
    }
}
