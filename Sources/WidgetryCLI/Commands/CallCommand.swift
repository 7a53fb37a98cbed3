import ArgumentParser
import Foundation
import WidgetryBundle
import WidgetryBundleFetch
import WidgetryExpressions
import WidgetryJSON
import WidgetryRuntime
import WidgetryService
import WidgetryStore
import WidgetryReporting

struct CallCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "call",
        abstract: "Perform one service action of a bundle (and its nextAction chain) and print what happened.",
        discussion: """
            Prints the requests as they went out (secrets redacted), the events (Start, Ready, \
            Success, Error) with their run times, and the objects in the store afterwards. The stub \
            file answers on a virtual clock, so debugDelay takes no time. With --dry-run the first \
            request is built and printed, nothing is sent. Exit codes: 0 success, 1 the action \
            failed, 2 input or usage error, 3 internal error.
            """
    )

    @Argument(help: "A bundle folder, archive or URL.")
    var bundle: String

    @Argument(help: "The action's name.")
    var action: String

    @Option(help: ArgumentHelp("The action's argument as a JSON object ($key placeholders read from it).", valueName: "json"))
    var arg: String?

    @Option(help: ArgumentHelp("The sender's identifier (part of the request identity).", valueName: "id"))
    var sender: String?

    @Option(help: ArgumentHelp("Keep the store in this SQLite file (created when missing) instead of memory.", valueName: "file"))
    var store: String?

    @Flag(name: .customLong("dry-run"), help: "Build and print the request without sending it.")
    var dryRun = false

    @OptionGroup var serviceOptions: ServiceCommandOptions
    @OptionGroup var sourceOptions: SourceOptions


    @OptionGroup var errorOptions: ErrorFormatOption
    func run() async throws {
        let console = Console.standard
        let profile = try sourceOptions.profile()
        let (loaded, place) = try await BundleLoader(options: try sourceOptions.loaderOptions(with: profile)).load(argument: bundle)
        defer { loaded.removeExtractedFiles() }
        let argument = try parsedArgument()
        var options = WidgetRun.Options(service: serviceOptions.service.selection, storeFile: dryRun ? nil : store,
                                        credentials: serviceOptions.credentials, transport: try serviceOptions.transportOptions(allowingPlainHTTP: sourceOptions.allowHTTP),
                                        recordsStubs: serviceOptions.recordStubs != nil)
        options.profile = profile
        let services = try place.reporting { try WidgetServices(bundle: loaded.bundle, options: options) }
        guard let resolved = services.configuration.resolved(action) else {
            await services.shutdown()
            throw CommandFailure(.unknownName, "\(services.configuration.file) has no action \(action)",
                                 hint: Suggestion.hint(for: action, among: services.configuration.actions.map(\.name).sorted(), noun: "actions"),
                                 file: place.prefix + services.configuration.file)
        }
        if dryRun {
            await services.shutdown()
            // Built by the engine that would send it: the profile's credentials, host redirect and signature included.
            let credentials = services.engine.options.credentials
            do throws(ActionError) {
                guard let request = try services.engine.request(for: resolved.name, argument: argument) else {
                    console.write("\(resolved.name) is performed by the host; it sends no request\n")
                    return
                }
                console.write(request.logLines(redacting: credentials).joined(separator: "\n") + "\n")
            } catch {
                throw ReportedDiagnostics(error, in: place)
            }
            return
        }
        services.engine.perform(action, argument: argument, sender: sender)
        await services.timeline.run()
        await services.shutdown()
        if let recorder = services.recorder, let path = serviceOptions.recordStubs {
            let source = serviceOptions.service == .dev ? (loaded.bundle.developmentService ?? loaded.bundle.service) : loaded.bundle.service
            try OutputFile.write(recorder.stubFile(from: source?.document.root ?? JSONValue(.object(JSONObject()))), to: path, option: "--record-stubs")
            console.writeError("recorded \(path)\n")
        }
        console.write(CallReport.render(engine: services.engine, store: services.store, credentials: services.engine.options.credentials))
        if services.engine.events.contains(where: { $0.kind == .error }) { throw ExitCode(1) }
    }

    private func parsedArgument() throws -> Value {
        guard let arg else { return .null }
        do {
            let json = try JSONParser.parse(arg, fileName: "--arg").root
            guard json.objectValue != nil else { throw CommandFailure(.invalidOption, "--arg takes a JSON object, not \(json.typeName)", hint: "write the action's argument as an object, e.g. --arg '{\"id\": 5}'") }
            return Value(json: json)
        } catch let error as JSONParseError {
            throw CommandFailure(.invalidOption, "--arg is not JSON: \(error.message)", hint: "write the action's argument as a JSON object, e.g. --arg '{\"id\": 5}'")
        }
    }
}

/// What `widgetry call` prints: requests, events and the store's contents, deterministically.
enum CallReport {
    static func render(engine: ActionEngine, store: ObjectStore?, credentials: Credentials?) -> String {
        var lines: [String] = ["requests:"] + SnapshotText.requestLines(engine.requestLog.map { Snapshot.Request($0, credentials: credentials) })
        lines.append("events:")
        lines += engine.events.map { "  \($0)" }
        if let store {
            lines.append("store:")
            for entity in store.model.entities {
                let count = store.objects(of: entity.name, includingDescendants: false).count
                if count > 0 { lines.append("  \(entity.name): \(count)") }
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }
}

extension CallCommand: ReportsErrors {
    var errorFormat: ReportFormat { errorOptions.format ?? .text }
    var reportName: String { "widgetry call" }
}
