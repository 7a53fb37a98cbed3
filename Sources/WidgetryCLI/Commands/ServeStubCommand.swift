import ArgumentParser
import WidgetryBundle
import WidgetryBundleFetch
import WidgetryJSON
import WidgetryService
import WidgetryServiceConfiguration
import WidgetryReporting

struct ServeStubCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve-stub",
        abstract: "Serve a bundle's StubService.json over HTTP on 127.0.0.1.",
        discussion: """
            Each action with a response answers at its method and path (baseUrl's path + the \
            action's path; $key placeholders match any text and can be read back in the response), \
            and every action also at /_actions/NAME. Query parameters and form fields are the \
            argument $keyPath substitution in responses reads from. options.debugDelay becomes real \
            latency. Each request is logged on stderr. Stop with Ctrl-C.
            """
    )

    @Argument(help: "A bundle folder, archive or URL.")
    var bundle: String

    @Option(parsing: .unconditional, help: "Port to listen on (0 picks a free one).")
    var port: Int = 8080

    @OptionGroup var sourceOptions: SourceOptions


    @OptionGroup var errorOptions: ErrorFormatOption
    func run() async throws {
        let console = Console.standard
        try NumericOptions.count(port, option: "--port", in: 0...65_535)
        let (loaded, place) = try await BundleLoader(options: try sourceOptions.loaderOptions).load(argument: bundle)
        defer { loaded.removeExtractedFiles() }
        guard let file = loaded.bundle.stubService else {
            throw CommandFailure(.missingPart, "\(bundle) has no StubService.json", hint: "serve-stub serves canned responses from the bundle's StubService.json; add one")
        }
        let configuration = try place.reporting { try ServiceConfigurationReader.read(file.document, file: file.path, kind: .stub) }
        let server = StubServer(configuration: configuration) { line in console.writeError(line + "\n") }
        try await StubServer.binding(port: port) { try await server.run(port: port) { port in
            console.writeError("serving \(configuration.actions.count) actions of \(file.path) on http://127.0.0.1:\(port)/\n")
            for route in server.routes.routes {
                let path = "/" + route.segments.map { $0.map { part in
                    switch part {
                    case .text(let text): text
                    case .placeholder(let name): "$" + name
                    }
                }.joined() }.joined(separator: "/")
                console.writeError("  \(route.method) \(path)  →  \(route.action.name)\n")
            }
        } }
    }
}

extension ServeStubCommand: ReportsErrors {
    var errorFormat: ReportFormat { errorOptions.format ?? .text }
    var reportName: String { "widgetry serve-stub" }
}
