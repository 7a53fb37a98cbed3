import Foundation
import WidgetryAssets
import WidgetryRender
import WidgetryRuntime
import WidgetryScenario

/// How `widgetry test` compares pictures with golden PNGs (docs/RENDERING.md#picture-goldens):
/// the screen drawn as `render --format png` draws it, through one Chromium for the whole
/// command, the font it was drawn in recorded in the PNG (``PictureFont``), then compared with
/// the golden by ``PictureComparison``. A failure writes the picture (`…-actual.png`) and the
/// golden, the picture and their difference side by side (`…-comparison.png`) into ``folder``,
/// and names both. With `--update`, a golden that differs (or is missing) is written.
final class PictureGoldens: Sendable {
    /// Where failures' pictures go: the `--pictures` folder, else ``defaultFolder``.
    let folder: String
    /// Whether failures' pictures go in a folder per bundle (several bundles are tested).
    let perBundle: Bool
    private let session: Result<ChromiumSession, ChromiumScreenshot.Failure>

    /// The largest golden read: a PNG of the most pixels ``PNGImage`` decodes, stored.
    static let maxGoldenBytes = 80 << 20

    /// The folder failures' pictures go in without `--pictures`: `widgetry-pictures` in the
    /// working directory.
    static let defaultFolder = "widgetry-pictures"

    init(folder: String?, perBundle: Bool) {
        self.folder = folder ?? Self.defaultFolder
        self.perBundle = perBundle
        session = Result { () throws(ChromiumScreenshot.Failure) in try ChromiumSession() }
    }

    /// The runner's hook: `picture` steps, and with `lastSteps` the goldens of scenarios' last
    /// steps in each bundle's `Tests/pictures/`.
    func check(lastSteps: Bool) -> PictureCheck {
        PictureCheck(lastStepFolder: lastSteps ? PictureCheck.defaultLastStepFolder : nil) { request, run in
            let picture = ScreenPicture.draw(run)
            let options = PictureOptions()
            let html = HTMLPicture.page(picture, images: ScreenPicture.images(of: run.bundle), options: options)
            let size = options.pixelSize(of: picture)
            return await self.compare(request, html: html, width: size.width, height: size.height)
        }
    }

    /// Ends the command's Chromium.
    func close() async {
        if case .success(let session) = session { await session.close() }
    }

    private func compare(_ request: PictureCheck.Request, html: String, width: Int, height: Int) async -> PictureCheck.Outcome {
        let golden: PNGImage?
        let size = (try? FileManager.default.attributesOfItem(atPath: request.path)[.size] as? Int) ?? 0
        if size > Self.maxGoldenBytes, !request.updating {
            return .failed(.pictureUnavailable, "the golden \(request.name) is \(size) bytes, more than a picture golden may be (\(Self.maxGoldenBytes))\n  hint: run with --update to draw it again", files: [])
        }
        if size <= Self.maxGoldenBytes, let bytes = FileManager.default.contents(atPath: request.path) {
            do {
                golden = try PNGImage(png: Array(bytes))
            } catch {
                if !request.updating {
                    return .failed(.pictureUnavailable, "the golden \(request.name) is not a PNG widgetry reads: \(error.message) [\(error.code.rawValue)]\n  hint: run with --update to draw it again", files: [])
                }
                golden = nil
            }
        } else {
            golden = nil
        }
        if golden == nil, !request.updating {
            return .failed(.pictureMismatch, "golden \(request.name) does not exist; run with --update to write it", files: [])
        }
        let picture: PNGImage
        switch await draw(html, width: width, height: height) {
        case .success(let drawn): picture = drawn
        case .failure(let failure): return failure.outcome
        }
        let comparison = golden.map { PictureComparison(golden: $0, picture: picture, tolerance: request.updating ? 0 : request.tolerance) }
        if request.updating {
            if comparison?.passed == true { return .matched }
            do {
                try FileManager.default.createDirectory(atPath: (request.path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
                try Data(try picture.encoded()).write(to: URL(fileURLWithPath: request.path), options: .atomic)
                return .written(request.path)
            } catch {
                return .failed(.pictureUnavailable, "cannot write the golden \(request.name): \(OutputFailure.reason(error))", files: [])
            }
        }
        guard let comparison else { return .matched }
        let message: String
        let code: ScenarioFailureCode
        switch comparison.verdict {
        case .same:
            return .matched
        case .otherFont(let expected, let actual):
            code = .pictureFontMismatch
            message = "the golden \(request.name) was drawn in \(expected ?? "a font it does not record"), this picture in \(actual ?? "a font it does not record"); pictures drawn in different fonts are not compared\n"
                + "  hint: install the golden's font (Debian's fonts-open-sans for Open Sans), or run with --update to draw the golden again in this one"
        case .otherSize(let expected, let actual):
            code = .pictureMismatch
            message = "the picture is \(actual.width)×\(actual.height) pixels, the golden \(request.name) \(expected.width)×\(expected.height)"
        case .differs(let count, let tolerance):
            code = .pictureMismatch
            let allowed = tolerance == 0 ? "" : " (\(tolerance) allowed)"
            let antialiased = comparison.difference.map { $0.antialiasedPixels == 0 ? "" : "; \($0.antialiasedPixels) more differ as anti-aliasing only" } ?? ""
            message = "the picture differs from the golden \(request.name) in \(count) pixel\(count == 1 ? "" : "s")\(allowed)\(antialiased)"
        }
        return written(picture: picture, comparison: comparison.sideBySide, for: request, code: code, message: message)
    }

    /// A picture Chromium did not draw, as a failed step says it.
    private static func text(of failure: ChromiumScreenshot.Failure) -> String {
        "\(failure.message) [\(failure.code)]\n  hint: \(failure.hint)"
    }

    /// The PNG of `html`, its font recorded; a failure's outcome when there is none.
    private func draw(_ html: String, width: Int, height: Int) async -> Result<PNGImage, FailedPicture> {
        let session: ChromiumSession
        switch self.session {
        case .success(let started): session = started
        case .failure(let failure): return .failure(FailedPicture(unavailable: Self.text(of: failure)))
        }
        do {
            return .success(try PNGImage(png: try await session.picture(of: html, width: width, height: height)))
        } catch let failure as ChromiumScreenshot.Failure {
            return .failure(FailedPicture(unavailable: Self.text(of: failure)))
        } catch {
            return .failure(FailedPicture(unavailable: "Chromium's picture does not decode: \(error)"))
        }
    }

    /// Writes the picture and the comparison for a failure, named after the scenario's file and
    /// the step (`1-feed-05-actual.png`), and the failure naming them.
    private func written(picture: PNGImage, comparison: PNGImage?, for request: PictureCheck.Request,
                         code: ScenarioFailureCode, message: String) -> PictureCheck.Outcome {
        let step = request.step + 1
        var stem = StepPictures.name(ofStep: step, in: request.scenario.file)
        if perBundle {
            // The bundle's folder name: the scenarios are in its Tests folder.
            let bundle = ((request.scenario.file as NSString).deletingLastPathComponent as NSString).deletingLastPathComponent
            stem = (bundle as NSString).lastPathComponent + "/" + stem
        }
        let actual = folder + "/" + stem + "-actual.png"
        let sideBySide = folder + "/" + stem + "-comparison.png"
        var files: [String] = []
        do {
            try FileManager.default.createDirectory(atPath: (actual as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try Data(try picture.encoded()).write(to: URL(fileURLWithPath: actual), options: .atomic)
            files.append(actual)
            if let comparison {
                try Data(try comparison.encoded()).write(to: URL(fileURLWithPath: sideBySide), options: .atomic)
                files.append(sideBySide)
            }
        } catch {
            return .failed(code, message + "\n  cannot write the picture into \(folder): \(OutputFailure.reason(error))", files: files)
        }
        let shown = files.count == 2 ? "wrote \(files[0]) and \(files[1]) (golden | picture | difference)" : "wrote \(files[0])"
        return .failed(code, message + "\n  " + shown, files: files)
    }
}

/// A picture that could not be made, as the step's failure.
private struct FailedPicture: Error {
    var outcome: PictureCheck.Outcome

    init(unavailable message: String) {
        outcome = .failed(.pictureUnavailable, message, files: [])
    }
}
