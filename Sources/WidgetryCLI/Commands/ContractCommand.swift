import ArgumentParser
import Foundation
import WidgetryBundle
import WidgetryBundleFetch
import WidgetryJSON
import WidgetryLint
import WidgetryReporting
import WidgetryRuntime
import WidgetryService

struct ContractCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "contract",
        abstract: "Print, for each action, the request it sends and the JSON Schema of the response it can import.",
        discussion: """
            For backend contract tests: each action's method, URL template, headers and \
            parameters (with their $key templates), and a JSON Schema of the response derived \
            from the data model's JSON key paths (entities under $defs). Reads the service file \
            --service names (prod by default, the real backend's).
            """
    )

    @Argument(help: "A bundle folder, archive or URL.")
    var bundle: String

    @Option(help: "The service file: prod (Service.json), dev (Service.dev.json) or stub (StubService.json).")
    var service: ServiceCommandOptions.ServiceChoice = .prod

    @OptionGroup var sourceOptions: SourceOptions


    @OptionGroup var errorOptions: ErrorFormatOption
    func run() async throws {
        let (loaded, place) = try await BundleLoader(options: try sourceOptions.loaderOptions).load(argument: bundle)
        defer { loaded.removeExtractedFiles() }
        let services = try place.reporting { try WidgetServices(bundle: loaded.bundle, options: WidgetRun.Options(service: service.selection)) }
        let contract = ServiceContract.document(for: services.configuration, model: services.store?.model)
        await services.shutdown()
        Console.standard.write(contract.serialized(JSONWritingOptions(pretty: true)) + "\n")
    }
}

extension ContractCommand: ReportsErrors {
    var errorFormat: ReportFormat { errorOptions.format ?? .text }
    var reportName: String { "widgetry contract" }
}
