import Foundation
import WidgetryExpressions

/// What an upload sends for one value of the argument (FORMAT.md#service.upload): data as it is, or
/// the bytes of the file a string names. Upstream also took images (sent as JPEG); a headless run
/// has none.
struct UploadContent {
    var bytes: [UInt8]
    /// The file's last path component; nil for data.
    var fileName: String?
    var contentType: String

    /// The content of `value`; `subject` names it in errors ("part 'media'", "the argument").
    init(_ value: Value, subject: String, action: String, files: RequestBuilder.UploadFiles? = nil) throws(ActionError) {
        switch value {
        case .data(let bytes):
            self.bytes = bytes
            fileName = nil
            contentType = UploadContent.octetStream
        case .string(let text):
            var path = UploadContent.filePath(text)
            if let files {
                do {
                    path = try files(path)
                } catch {
                    throw ActionError(.upload, "action '\(action)': \(subject): the file '\(text)' may not be read: \(error)",
                                      hint: "an upload reads only files inside the bundle, named relative to its folder")
                }
            }
            var isDirectory: ObjCBool = false
            guard !path.isEmpty, FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), !isDirectory.boolValue,
                  let data = FileManager.default.contents(atPath: path)
            else {
                throw ActionError(.upload, "action '\(action)': \(subject): cannot read the file '\(text)'",
                                  hint: "the upload content must be data or the path of a readable file")
            }
            bytes = [UInt8](data)
            let name = path.split(separator: "/").last.map(String.init) ?? path
            fileName = name
            contentType = UploadContent.contentType(forFileName: name)
        default:
            throw ActionError(.upload, "action '\(action)': \(subject) is \(value.typeName), not data or a file path",
                              hint: "the upload content must be data or the path of a readable file")
        }
    }

    static let octetStream = "application/octet-stream"

    /// The content type for a file name's extension (case-insensitive).
    static func contentType(forFileName name: String) -> String {
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return octetStream }
        switch name[name.index(after: dot)...].lowercased() {
        case "jpg", "jpeg": return "image/jpeg"
        case "png": return "image/png"
        case "gif": return "image/gif"
        case "json": return "application/json"
        case "txt": return "text/plain"
        default: return octetStream
        }
    }

    /// A plain path, or the path of a `file://` URL.
    private static func filePath(_ text: String) -> String {
        guard text.hasPrefix("file://") else { return text }
        return URL(string: text)?.path(percentEncoded: false) ?? text
    }
}
