extension AssetCatalog {
    /// The longest file name most file systems take, in UTF-8 bytes.
    static let maxFileNameBytes = 255

    /// The file an image named `name` is written to, as UIKit names scaled images:
    /// `name.png`, or `name@<scale>x.png` above 1x.
    ///
    /// Image names are data from the catalogue, and a hostile one could climb out of the
    /// folder it is written to or hide in it: a name holding `/`, `\`, NUL or another control
    /// character, starting with `.` (which covers `.` and `..`), empty, or too long for a file
    /// name is refused with `assets.unsafe-name`, naming the catalogue and the image.
    public func fileName(forImage name: String, scale: Int) throws(AssetError) -> String {
        let fileName = scale > 1 ? "\(name)@\(scale)x.png" : "\(name).png"
        let problem: String? = if name.isEmpty {
            "is empty"
        } else if name.contains("/") || name.contains("\\") {
            "holds a path separator"
        } else if name.hasPrefix(".") {
            "starts with '.', which would hide the file or name a folder"
        } else if name.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }) {
            "holds NUL or another control character"
        } else if fileName.utf8.count > Self.maxFileNameBytes {
            "is longer than a file name may be (\(Self.maxFileNameBytes) bytes)"
        } else {
            nil
        }
        if let problem {
            let shown = name.unicodeScalars.map { $0.value < 0x20 || $0.value == 0x7F ? "\\u{\(String($0.value, radix: 16))}" : String($0) }.joined()
            throw AssetError(.unsafeName, "the image name '\(shown)' \(problem)", file: file, image: shown,
                             hint: "image names become file names; the catalogue is damaged or was made to write outside the folder")
        }
        return fileName
    }
}
