import Foundation
import WidgetryRender
import WidgetryJSON
import WidgetryReporting

/// Where `widgetry render` puts its pictures, and the one Chromium it draws PNGs with.
///
/// One picture goes where `-o` names (HTML to standard output without it). Several pictures
/// (docs/RENDERING.md#several-pictures) go into the folder `-o` names, created when missing,
/// one file each, named by ``fileName(_:format:)``. Every PNG of the command is drawn by one
/// ``ChromiumSession``, started at the first PNG and ended by ``close()``.
final class RenderedPictures {
    /// Why the command stops: Chromium is missing, failed or timed out, so no later picture can
    /// be drawn either. It carries the command's error, which is not one bundle's problem.
    struct Stopped: Error {
        var error: any Error
    }

    let format: RenderCommand.Format
    let output: String?
    /// Whether `output` is a folder of several pictures.
    let isFolder: Bool
    private var session: ChromiumSession?

    /// Pictures written as `format`, to `output`; into it as a folder when `isFolder`.
    init(format: RenderCommand.Format, output: String?, isFolder: Bool) throws(CommandFailure) {
        self.format = format
        self.output = output
        self.isFolder = isFolder
        guard isFolder, let output else { return }
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: output, isDirectory: &isDirectory), !isDirectory.boolValue {
            throw CommandFailure(.invalidOption, "-o \(output) is a file, and several pictures go into a folder",
                                 hint: "name a folder for -o (it is created when missing), or draw one picture")
        }
    }

    /// The file name of the picture `name` (a screen's name, or a scenario's file stem and its
    /// step): ``safeName(_:)`` with the format's extension.
    static func fileName(_ name: String, format: RenderCommand.Format) -> String {
        safeName(name) + "." + format.rawValue
    }

    /// `name` as a file name: characters other than ASCII letters, digits, `.`, `_` and `-`
    /// become `_`, and a leading `.` too, so a name never leaves the folder or hides in it.
    static func safeName(_ name: String) -> String {
        let allowed = CharacterSet(charactersIn: "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789._-")
        let safe = String(String.UnicodeScalarView(name.unicodeScalars.map { allowed.contains($0) ? $0 : "_" }))
        return safe.isEmpty ? "_" : safe.hasPrefix(".") ? "_" + safe.dropFirst() : safe
    }

    /// The folder of the bundle at `position` (from 0) among several: its place in the command
    /// line and its identifier, as `widgetry test --pictures` names it (`2-com.example.feed`).
    static func bundleFolder(position: Int, identifier: String) -> String {
        "\(position + 1)-" + safeName(identifier)
    }

    /// Writes the picture `screen` drawn as `html` with `options`: to `-o` (or standard output
    /// for HTML) when one picture is drawn, else as `name` (``fileName(_:format:)``) in the
    /// folder, under `subfolder` when given.
    func write(_ html: String, of screen: DrawnScreen, options: PictureOptions, name: String, subfolder: String? = nil) async throws {
        var path = output
        if isFolder, let output {
            let folder = subfolder.map { output + "/" + $0 } ?? output
            do {
                try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            } catch {
                throw Stopped(error: CommandFailure(.unwritableFile, "-o \(folder): cannot make the folder: \(OutputFailure.reason(error))",
                                                    hint: "check that the folder can be written", exitCode: ExitStatus.internalError))
            }
            path = folder + "/" + Self.fileName(name, format: format)
        }
        do {
            switch format {
            case .html:
                if let path { try OutputFile.write(html, to: path, option: "--output") } else { Console.standard.write(html) }
            case .png:
                let size = options.pixelSize(of: screen)
                let bytes = try await png(of: html, width: size.width, height: size.height)
                try OutputFile.write(Data(bytes), to: path ?? "", option: "--output")
            }
        } catch let failure as CommandFailure {
            throw Stopped(error: failure)
        }
    }

    /// Ends the command's Chromium, if one was started.
    func close() async {
        await session?.close()
        session = nil
    }

    /// The PNG of `html` from the command's Chromium; a failure stops the command.
    private func png(of html: String, width: Int, height: Int) async throws -> [UInt8] {
        let made: Result<[UInt8], ChromiumScreenshot.Failure>
        do throws(ChromiumScreenshot.Failure) {
            if session == nil { session = try ChromiumSession() }
            made = .success(try await session!.picture(of: html, width: width, height: height))
        } catch {
            made = .failure(error)
        }
        switch made {
        case .success(let png):
            return png
        case .failure(let failure):
            // A picture that could not be made is exit 3, like every output a command cannot
            // write; without Chromium, the usage mistake it is.
            let status = failure == .missing ? ExitStatus.inputError : ExitStatus.internalError
            throw Stopped(error: ReportedDiagnostics(ChromiumFailure(diagnostics: [Diagnostic(
                code: failure.code, severity: .error, file: "", location: nil, pointer: nil, message: failure.message,
                hint: failure.hint + "; --format html needs no browser")]), exitCode: status))
        }
    }
}

/// A picture Chromium did not draw.
private struct ChromiumFailure: DiagnosticConvertible {
    var diagnostics: [Diagnostic]
}
