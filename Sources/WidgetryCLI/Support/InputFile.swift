import Foundation
import WidgetryJSON

#if canImport(Glibc)
import Glibc
#endif

/// A file a command reads because an option or argument names it (`--data`, `--baseline`):
/// read whole, within a size limit, with `-` meaning standard input where the option allows
/// it. A file that cannot be read is `io.unreadable-file` about that file, with the system's
/// reason and a hint, the same for every option.
enum InputFile {
    /// The bytes of `path`, named by `option`; `-` reads standard input when `allowingStandardInput`.
    static func bytes(of path: String, option: String, allowingStandardInput: Bool = false, limit: Int = 256 << 20) throws(CommandFailure) -> [UInt8] {
        if path == "-", allowingStandardInput {
            return [UInt8](FileHandle.standardInput.readDataToEndOfFile())
        }
        var info = stat()
        guard stat(path, &info) == 0 else {
            let reason = String(cString: strerror(errno))
            throw CommandFailure(.unreadableFile, "\(option) names a file that cannot be read: \(reason)",
                                 hint: "the path is relative to the working directory, \(FileManager.default.currentDirectoryPath)", file: path)
        }
        guard info.st_mode & S_IFMT != S_IFDIR else {
            throw CommandFailure(.unreadableFile, "\(option) names a folder, not a file", hint: "name a file", file: path)
        }
        do throws(BoundedFile.Failure) {
            return try BoundedFile.bytes(of: path, limit: limit)
        } catch {
            switch error {
            case .tooLarge(let limit):
                throw CommandFailure(.unreadableFile, "\(option) names a file larger than \(limit) bytes", hint: "name a smaller file", file: path)
            case .cannotOpen(let reason), .readFailed(let reason):
                throw CommandFailure(.unreadableFile, "\(option) names a file that cannot be read: \(reason)",
                                     hint: "check that the file can be read", file: path)
            }
        }
    }

    /// The name findings about what was read give the file (`<stdin>` for standard input).
    static func displayName(of path: String) -> String {
        path == "-" ? "<stdin>" : path
    }
}
