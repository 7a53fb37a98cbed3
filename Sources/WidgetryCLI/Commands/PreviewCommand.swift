import ArgumentParser
import Foundation
import WidgetryBundleFetch
import WidgetryRender
import WidgetryRuntime
import WidgetryReporting

struct PreviewCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "preview",
        abstract: "Serve a live preview of a widget on 127.0.0.1: its screen drawn, clicks and typing performed.",
        discussion: """
            Runs the widget and serves a page that shows its screen as `widgetry render` draws it, \
            beside the text snapshot (requests, events, statuses, store counts). Clicking a button, \
            a bar button or a row taps it, clicking a field types into it; the bar pulls to refresh, \
            scrolls to the end, goes back and advances the clock. Changes reach the page as \
            server-sent events. When a file of a bundle folder changes, the widget reloads on the \
            screen it was showing, and a load error is shown on the page. Only 127.0.0.1 is served. \
            Stop with Ctrl-C.

            Web pages the browser shows cannot drive or read the preview: it answers only requests \
            for 127.0.0.1 or localhost at its port, and changes state only for its own page or a \
            client that sends the token it prints (X-Widgetry-Token), as JSON. One request's work, \
            the connections and their idle time are bounded by the options below (README, Security).
            """
    )

    @Argument(help: ArgumentHelp("The bundle folder, archive or URL.", valueName: "bundle"))
    var bundle: String

    @Option(parsing: .unconditional, help: "Port to listen on (0 picks a free one).")
    var port: Int = 8080

    @Option(help: ArgumentHelp("The screen to show instead of the entry screen.", valueName: "name"), completion: .custom(Completions.screens))
    var screen: String?

    @Option(help: ArgumentHelp("A device by name or a size WxH in points.", valueName: "name|WxH"))
    var device: String = Device.standard.name

    @Option(help: ArgumentHelp("The instant the run starts at, ISO 8601 (default: the system clock).", valueName: "date"))
    var now: String?

    @Option(help: ArgumentHelp("The most seconds of run time one advance may ask for.", valueName: "seconds"))
    var maxAdvance: Double = PreviewLimits().maxAdvance

    @Option(help: ArgumentHelp("The most events of the run (timer firings, answers, imports) one request may cause.", valueName: "count"))
    var maxEvents: Int = PreviewLimits().maxEvents

    @Option(help: ArgumentHelp("The most connections open at once; one more closes the one idle longest.", valueName: "count"))
    var maxConnections: Int = PreviewLimits().maxConnections

    @Option(help: ArgumentHelp("Seconds a connection may stay silent before it is closed.", valueName: "seconds"))
    var idleTimeout: Int = PreviewLimits().idleTimeout

    @OptionGroup var serviceOptions: ServiceCommandOptions
    @OptionGroup var sourceOptions: SourceOptions
    @OptionGroup var errorOptions: ErrorFormatOption

    func run() async throws {
        let console = Console.standard
        try NumericOptions.count(port, option: "--port", in: 0...65_535)
        try NumericOptions.seconds(maxAdvance, option: "--max-advance", allowZero: false)
        try NumericOptions.count(maxEvents, option: "--max-events", in: 1...10_000_000)
        try NumericOptions.count(maxConnections, option: "--max-connections", in: 1...1_024)
        try NumericOptions.count(idleTimeout, option: "--idle-timeout", in: 1...3_600)
        var limits = PreviewLimits()
        limits.maxAdvance = maxAdvance
        limits.maxEvents = maxEvents
        limits.maxConnections = maxConnections
        limits.idleTimeout = idleTimeout
        let device = try DeviceArgument.device(device)
        var start = Date()
        if let now { start = try NumericOptions.date(now, option: "--now") }
        let profile = try sourceOptions.profile()
        let loader = BundleLoader(options: try sourceOptions.loaderOptions(with: profile))
        var options = WidgetRun.Options(service: serviceOptions.service.selection, now: start, credentials: serviceOptions.credentials,
                                        transport: try serviceOptions.transportOptions(allowingPlainHTTP: sourceOptions.allowHTTP), screen: screen)
        options.profile = profile
        let argument = bundle
        let session = PreviewSession(source: argument, loader: loader, options: options, device: device, eventLimit: limits.maxEvents)
        let server = PreviewServer(session: session, limits: limits)
        var isFolder: ObjCBool = false
        let watched = FileManager.default.fileExists(atPath: argument, isDirectory: &isFolder) && isFolder.boolValue
        let watcher = Task {
            guard watched else { return }
            var last = FileSnapshot([argument])
            while !Task.isCancelled {
                try? await Task.sleep(nanoseconds: 300_000_000)
                let current = FileSnapshot([argument])
                guard current != last else { continue }
                last = current
                let state = await session.reload()
                console.writeError(state.error.map { "reload failed: \($0)\n" } ?? "reloaded \(state.screen)\n")
            }
        }
        defer { watcher.cancel() }
        try await StubServer.binding(port: port) {
            try await server.run(port: port) { port in
                console.writeError("previewing \(argument) on http://127.0.0.1:\(port)/\(watched ? " (reloads when its files change)" : "")\n")
                console.writeError("clients without an Origin send \(PreviewGate.tokenHeader): \(server.token)\n")
            }
        }
        await session.stop()
    }
}

extension PreviewCommand: ReportsErrors {
    var errorFormat: ReportFormat { errorOptions.format ?? .text }
    var reportName: String { "widgetry preview" }
}
