import ArgumentParser
import Foundation
import WidgetryRender
import WidgetryRuntime
import WidgetryScenario
import WidgetryBundleFetch
import WidgetryBundle
import WidgetryHostProfile
import WidgetryJSON
import WidgetryReporting

struct RenderCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "render",
        abstract: "Draw a widget's screen as a picture: HTML, or PNG through Chromium.",
        discussion: """
            Runs the widget as `widgetry run` does (or plays --scenario up to --step), then lays \
            the screen out for --device and draws every view with the values the bindings gave: \
            the storyboard's frames, fonts and colours where it has them, UIKit's defaults where \
            it does not (docs/RENDERING.md). HTML is one self-contained file, the same bytes on \
            every machine; PNG needs Debian's chromium package.
            """
    )

    @Argument(help: ArgumentHelp("The bundle folder, archive or URL.", valueName: "bundle"))
    var bundle: String = BundleArguments.workingDirectory

    @Option(help: ArgumentHelp("The screen to show instead of the entry screen.", valueName: "name"), completion: .custom(Completions.screens))
    var screen: String?

    @Option(help: ArgumentHelp("Play this scenario first and draw the screen after --step.", valueName: "file"))
    var scenario: String?

    @Option(help: ArgumentHelp("The scenario step to draw after, from 1 (default: the last).", valueName: "n"))
    var step: Int?

    @Option(help: ArgumentHelp("A device by name (\(Device.known.map(\.name).joined(separator: ", "))) or a size WxH in points.",
                               valueName: "name|WxH"))
    var device: String = Device.standard.name

    enum Format: String, ExpressibleByArgument, CaseIterable {
        case html, png
    }

    @Option(help: "The picture's format.")
    var format: Format = .html

    @Option(name: [.customShort("o"), .customLong("output")], help: ArgumentHelp("Write the picture here (default: HTML to standard output; PNG needs a file).", valueName: "path"))
    var output: String?

    @Flag(name: .customLong("full-page"), help: "Draw every row the render made, below the bottom of the device's screen too (default: the device's screen).")
    var fullPage = false

    @Flag(name: .customLong("status-bar"), help: "Draw the status bar over the top of the screen, as the device does.")
    var statusBar = false

    @Flag(name: .customLong("mark-fold"), help: "With --full-page, mark with a dashed line where the device's screen ends.")
    var markFold = false

    /// What the picture shows besides the screen's views.
    private var pictureOptions: PictureOptions {
        PictureOptions(fullPage: fullPage, statusBar: statusBar, marksFold: markFold)
    }

    @Option(help: ArgumentHelp("The instant the run starts at, ISO 8601 (default: the system clock).", valueName: "date"))
    var now: String?

    @Option(name: .customLong("time-zone"), help: ArgumentHelp("Time zone of dates and transformers.", valueName: "id"))
    var timeZone: String = "UTC"

    @OptionGroup var serviceOptions: ServiceCommandOptions
    @OptionGroup var sourceOptions: SourceOptions
    @OptionGroup var errorOptions: ErrorFormatOption

    func validate() throws {
        if step != nil, scenario == nil { throw ValidationError("--step picks a step of --scenario; give the scenario") }
        if format == .png, output == nil { throw ValidationError("a PNG goes to a file: give -o PATH") }
    }

    func run() async throws {
        let device = try DeviceArgument.device(device)
        if let step { try NumericOptions.count(step, option: "--step", in: 1...100_000) }
        var start = Date()
        if let now { start = try NumericOptions.date(now, option: "--now") }
        guard let zone = TimeZone(identifier: timeZone) else { throw ValidationError("--time-zone \(timeZone) is not a known time zone") }
        let profile = try sourceOptions.profile()
        let loader = BundleLoader(options: try sourceOptions.loaderOptions(with: profile))
        let (loaded, place) = try await loader.load(argument: bundle)
        defer { loaded.removeExtractedFiles() }
        let images = ScreenPicture.images(of: loaded.bundle)
        let picture: DrawnScreen
        if let scenario {
            picture = try await drawAfterStep(of: scenario, bundle: loaded, profile: profile, device: device)
        } else {
            var options = WidgetRun.Options(service: serviceOptions.service.selection, now: start, timeZone: zone,
                                            credentials: serviceOptions.credentials,
                                            transport: try serviceOptions.transportOptions(allowingPlainHTTP: sourceOptions.allowHTTP), screen: screen)
            options.profile = profile
            let widget = try place.reporting { try WidgetRun(bundle: loaded.bundle, options: options) }
            await widget.run(until: .infinity)
            await widget.shutdown()
            picture = ScreenPicture.draw(widget, device: device)
        }
        let html = HTMLPicture.page(picture, images: images, options: pictureOptions)
        let warnings = PictureWarnings(diagnostics: LayoutProblems(picture.problems).diagnostics + images.warnings)
        if !warnings.diagnostics.isEmpty { Console.standard.report(ReportedDiagnostics(warnings, in: place)) }
        try write(html, size: picture)
    }

    /// The picture after the scenario's step `--step` (or its last).
    private func drawAfterStep(of path: String, bundle loaded: LoadedBundle, profile: HostProfile, device: Device) async throws -> DrawnScreen {
        let scenario = try ScenarioFiles.read(path)
        let wanted = (step ?? scenario.steps.count) - 1
        guard scenario.steps.indices.contains(wanted) else {
            throw CommandFailure(.outOfRange, "--step \(wanted + 1): the scenario has \(scenario.steps.count) steps", hint: "give a step from 1 to \(scenario.steps.count)")
        }
        var runner = ScenarioRunner()
        runner.profile = profile
        runner.credentials = serviceOptions.credentials
        runner.transport = try serviceOptions.transportOptions(allowingPlainHTTP: sourceOptions.allowHTTP)
        let drawn = PictureSlot()
        runner.afterStep = { index, _, run in
            if index == wanted { drawn.picture = ScreenPicture.draw(run, device: device) }
        }
        _ = await runner.run(scenario, bundle: loaded.bundle)
        guard let picture = drawn.picture else {
            throw CommandFailure(.missingPart, "the scenario stopped before step \(wanted + 1), so there is no screen to draw",
                                 hint: "run `widgetry test` to see which step failed")
        }
        return picture
    }

    private func write(_ html: String, size picture: DrawnScreen) throws {
        switch format {
        case .html:
            if let output { try OutputFile.write(html, to: output, option: "--output") } else { Console.standard.write(html) }
        case .png:
            let made = Result { () throws(ChromiumScreenshot.Failure) in
                try ChromiumScreenshot.png(of: html, width: Int(picture.device.width.rounded(.up)), height: Int(pictureOptions.height(of: picture).rounded(.up)))
            }
            let bytes: [UInt8]
            switch made {
            case .success(let png):
                bytes = png
            case .failure(.missing):
                throw CommandFailure(.missingProgram, "--format png needs Chromium, and none is installed",
                                     hint: "install Debian's chromium package (sudo apt-get install chromium), or set WIDGETRY_CHROMIUM to a Chromium; --format html needs nothing")
            case .failure(.failed(let status, let printed)):
                throw CommandFailure(.internalError, "Chromium made no picture (exit status \(status)): \(printed)", exitCode: ExitStatus.internalError)
            case .failure(.timedOut(let seconds)):
                // A picture that could not be made is exit 3, like every output a command cannot write.
                throw ReportedDiagnostics(PictureWarnings(diagnostics: [Diagnostic(
                    code: ChromiumScreenshot.timeoutCode, severity: .error, file: "", location: nil, pointer: nil,
                    message: "Chromium drew no picture within \(Int(seconds)) seconds and was stopped",
                    hint: "a busy or broken Chromium (WIDGETRY_CHROMIUM names which one runs); try again, or use --format html, which needs no browser")]), exitCode: ExitStatus.internalError)
            }
            try OutputFile.write(Data(bytes), to: output ?? "", option: "--output")
        }
    }
}

/// What drawing a picture warned of (constraints left out, images refused), or why it failed.
private struct PictureWarnings: DiagnosticConvertible {
    var diagnostics: [Diagnostic]
}

/// Where the scenario's step hook leaves the picture (the hook runs on the runner's task).
private final class PictureSlot: @unchecked Sendable {
    var picture: DrawnScreen?
}

extension RenderCommand: ReportsErrors {
    var errorFormat: ReportFormat { errorOptions.format ?? .text }
    var reportName: String { "widgetry render" }
}
