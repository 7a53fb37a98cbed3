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

    @Argument(help: ArgumentHelp("Bundle folders, archives, URLs or glob patterns (default: the working directory); several draw a picture of each.",
                                 valueName: "bundle"))
    var bundles: [String] = []

    @Option(name: .customLong("screen"), help: ArgumentHelp("The screen to show instead of the entry screen; repeat it for a picture of each.", valueName: "name"),
            completion: .custom(Completions.screens))
    var screens: [String] = []

    @Flag(name: .customLong("all-screens"), help: "Draw a picture of each of the bundle's screens, shown as --screen shows one.")
    var allScreens = false

    @Option(help: ArgumentHelp("Play this scenario first and draw the screen after --step.", valueName: "file"))
    var scenario: String?

    @Option(help: ArgumentHelp("The scenario step to draw after, from 1 (default: the last).", valueName: "n"))
    var step: Int?

    @Flag(name: .customLong("every-step"), help: "With --scenario, draw a picture after each of its steps.")
    var everyStep = false

    @Option(help: ArgumentHelp("A device by name (\(Device.known.map(\.name).joined(separator: ", "))) or a size WxH in points.",
                               valueName: "name|WxH"))
    var device: String = Device.standard.name

    enum Format: String, ExpressibleByArgument, CaseIterable {
        case html, png
    }

    @Option(help: "The picture's format.")
    var format: Format = .html

    @Option(name: [.customShort("o"), .customLong("output")],
            help: ArgumentHelp("Write the picture here (default: HTML to standard output; PNG needs a file); the folder several pictures go into.", valueName: "path"))
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

    /// Whether the options ask for several pictures, which go into the folder `-o` names: more
    /// than one `--screen`, `--all-screens`, `--every-step`, several bundles or a pattern
    /// (even one that matches a single bundle).
    private var drawsSeveral: Bool {
        screens.count > 1 || allScreens || everyStep || bundles.count > 1 || bundles.contains(where: BundleArguments.isPattern)
    }

    func validate() throws {
        if step != nil, scenario == nil { throw ValidationError("--step picks a step of --scenario; give the scenario") }
        if everyStep, scenario == nil { throw ValidationError("--every-step draws each step of --scenario; give the scenario") }
        if everyStep, step != nil { throw ValidationError("--step draws one step and --every-step draws them all; give one") }
        if allScreens, !screens.isEmpty { throw ValidationError("--all-screens draws every screen; leave out --screen, or name the screens without --all-screens") }
        if scenario != nil, !screens.isEmpty || allScreens {
            throw ValidationError("--scenario draws the screen its steps lead to; --screen and --all-screens show screens without one: give one or the other")
        }
        if scenario != nil, bundles.count > 1 || bundles.contains(where: BundleArguments.isPattern) { throw ValidationError("--scenario plays one bundle; name one") }
        if drawsSeveral, output == nil { throw ValidationError("several pictures go into a folder: give -o DIR") }
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
        let arguments = try BundleArguments.expand(bundles)
        let several = drawsSeveral
        let pictures = try RenderedPictures(format: format, output: output, isFolder: several)
        // The problems of bundles and screens that could not be drawn, which do not stop the others.
        var outputs = BundleOutputs(count: arguments.count)
        do {
            for (position, argument) in arguments.enumerated() {
                do {
                    try await draw(argument, subfolder: arguments.count > 1 ? position : nil, loader: loader, profile: profile, device: device,
                                   start: start, zone: zone, into: pictures)
                } catch let error where several && !(error is RenderedPictures.Stopped) {
                    try outputs.recordFailure(error)
                }
            }
        } catch {
            await pictures.close()
            throw (error as? RenderedPictures.Stopped)?.error ?? error
        }
        await pictures.close()
        try outputs.finish(console: .standard, json: nil)
    }

    /// Draws the pictures of the bundle `argument` names into `pictures`: in the folder of its
    /// place among several bundles (`subfolder`, from 0) when there are several.
    private func draw(_ argument: String, subfolder position: Int?, loader: BundleLoader, profile: HostProfile, device: Device,
                      start: Date, zone: TimeZone, into pictures: RenderedPictures) async throws {
        let (loaded, place) = try await loader.load(argument: argument)
        defer { loaded.removeExtractedFiles() }
        let images = ScreenPicture.images(of: loaded.bundle)
        let subfolder = position.map { RenderedPictures.bundleFolder(position: $0, identifier: loaded.bundle.manifest.identifier) }
        let write = { (picture: DrawnScreen, name: String) async throws in
            let html = HTMLPicture.page(picture, images: images, options: pictureOptions)
            let warnings = PictureWarnings(diagnostics: LayoutProblems(picture.problems).diagnostics + images.warnings)
            if !warnings.diagnostics.isEmpty { Console.standard.report(ReportedDiagnostics(warnings, in: place)) }
            try await pictures.write(html, of: picture, options: pictureOptions, name: name, subfolder: subfolder)
        }
        if let scenario {
            let (drawn, stoppedBefore, failures) = try await drawSteps(of: scenario, bundle: loaded, profile: profile, device: device)
            // The steps drawn before the scenario stopped are kept; the first missing one fails
            // the command, as does a step up to the last one drawn that failed (its picture may
            // not show what the scenario meant).
            for (index, picture) in drawn {
                try await write(picture, everyStep ? StepPictures.name(ofStep: index + 1, in: scenario) : picture.screen)
            }
            for failure in failures { Console.standard.writeError(failure.description + "\n") }
            if let missing = stoppedBefore {
                throw CommandFailure(.missingPart, "the scenario stopped before step \(missing + 1), so there is no screen to draw",
                                     hint: "the failure above says why; `widgetry test` checks the whole scenario")
            }
            if let failed = failures.first {
                throw CommandFailure(.missingPart, "step \(failed.step + 1) of the scenario failed, so the pictures from it on may not show what it means",
                                     hint: "the failure above says why; the pictures were written")
            }
            return
        }
        var names: [String?] = allScreens ? loaded.bundle.screens.map(\.name) : screens.isEmpty ? [nil] : []
        for name in screens where !names.contains(name) { names.append(name) }
        var problems = BundleOutputs(count: names.count)
        for name in names {
            do {
                var options = WidgetRun.Options(service: serviceOptions.service.selection, now: start, timeZone: zone,
                                                credentials: serviceOptions.credentials,
                                                transport: try serviceOptions.transportOptions(allowingPlainHTTP: sourceOptions.allowHTTP), screen: name)
                options.profile = profile
                let widget = try place.reporting { try WidgetRun(bundle: loaded.bundle, options: options) }
                await widget.run(until: .infinity)
                await widget.shutdown()
                let picture = ScreenPicture.draw(widget, device: device)
                try await write(picture, picture.screen)
            } catch let error where names.count > 1 && !(error is RenderedPictures.Stopped) {
                // One screen that cannot be shown does not stop the bundle's other screens.
                try problems.recordFailure(error)
            }
        }
        try problems.finish(console: .standard, json: nil)
    }

    /// The pictures after the scenario's steps, each with its step's index (from 0): after every
    /// step with `--every-step`, else after `--step` (or its last); and the first step wanted that
    /// the scenario stopped before, if it did.
    private func drawSteps(of path: String, bundle loaded: LoadedBundle, profile: HostProfile,
                           device: Device) async throws -> (pictures: [(Int, DrawnScreen)], stoppedBefore: Int?, failures: [ScenarioResult.Failure]) {
        let scenario = try ScenarioFiles.read(path)
        let wanted = (step ?? scenario.steps.count) - 1
        guard everyStep || scenario.steps.indices.contains(wanted) else {
            throw CommandFailure(.outOfRange, "--step \(wanted + 1): the scenario has \(scenario.steps.count) steps", hint: "give a step from 1 to \(scenario.steps.count)")
        }
        let drawnSteps = everyStep ? Set(scenario.steps.indices) : [wanted]
        var runner = ScenarioRunner()
        runner.profile = profile
        runner.credentials = serviceOptions.credentials
        runner.transport = try serviceOptions.transportOptions(allowingPlainHTTP: sourceOptions.allowHTTP)
        let drawn = PictureSlot()
        runner.afterStep = { index, _, run in
            if drawnSteps.contains(index) { drawn.pictures[index] = ScreenPicture.draw(run, device: device) }
        }
        let result = await runner.run(scenario, bundle: loaded.bundle)
        let pictures = drawn.pictures.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }
        let lastDrawn = drawnSteps.max() ?? 0
        return (pictures, drawnSteps.sorted().first { drawn.pictures[$0] == nil }, result.failures.filter { $0.step <= lastDrawn })
    }
}

/// What drawing a picture warned of (constraints left out, images refused), or why it failed.
private struct PictureWarnings: DiagnosticConvertible {
    var diagnostics: [Diagnostic]
}

/// Where the scenario's step hook leaves the pictures, by step (the hook runs on the runner's task).
private final class PictureSlot: @unchecked Sendable {
    var pictures: [Int: DrawnScreen] = [:]
}

extension RenderCommand: ReportsErrors {
    var errorFormat: ReportFormat { errorOptions.format ?? .text }
    var reportName: String { "widgetry render" }
}
