import ArgumentParser
import Foundation
import WidgetryBundle
import WidgetryExpressions
import WidgetryJSON
import WidgetryService
import WidgetryStore

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

    func run() async throws {
        let console = Console.standard
        let loaded = try await BundleLoader(options: sourceOptions.loaderOptions).load(try BundleSource(argument: bundle))
        defer { loaded.removeExtractedFiles() }
        let bundle = loaded.bundle
        let configuration = try readConfiguration(bundle, console: console)
        let argument = try parsedArgument()
        if dryRun {
            guard let resolved = configuration.resolved(action) else { throw CommandFailure(message: "\(configuration.file) has no action \(action)") }
            do throws(ActionError) {
                let request = try RequestBuilder(credentials: serviceOptions.credentials).request(for: resolved, argument: argument)
                console.write(request.logLines(redacting: serviceOptions.credentials).joined(separator: "\n") + "\n")
            } catch {
                throw CommandFailure(message: error.description)
            }
            return
        }
        let objectStore = try makeStore(bundle, console: console)
        var transformers = BindingTransformerRegistry()
        if let definitions = configuration.options.transformers {
            do {
                try transformers.registerDateTransformers(from: definitions)
            } catch {
                throw CommandFailure(message: "\(configuration.file): \(error)")
            }
        }
        let timeline = Timeline()
        let importer = JSONImporter(transformers: transformers, transformerContext: TransformerContext(now: Date()))
        let backend: ActionEngine.Backend
        var transport: HTTPTransport?
        var recorder: RecordingTransport?
        switch serviceOptions.service {
        case .stub:
            backend = .stub(StubResponder(configuration: configuration))
        case .dev, .prod:
            let http = HTTPTransport(options: serviceOptions.transportOptions)
            transport = http
            if serviceOptions.recordStubs != nil {
                recorder = RecordingTransport(base: http)
                backend = .network(recorder!)
            } else {
                backend = .network(http)
            }
        }
        let engine = ActionEngine(configuration: configuration, backend: backend, timeline: timeline, store: objectStore, importer: importer,
                                  options: .init(widgetIdentifier: bundle.manifest.identifier, credentials: serviceOptions.credentials))
        engine.perform(action, argument: argument, sender: sender)
        await timeline.run()
        try? await transport?.shutdown()
        if let recorder, let path = serviceOptions.recordStubs {
            try recorder.writeStubFile(from: configurationSource(bundle)?.document.root ?? JSONValue(.object(JSONObject())), to: path)
            console.writeError("recorded \(path)\n")
        }
        console.write(CallReport.render(engine: engine, store: objectStore, credentials: serviceOptions.credentials))
        if engine.events.contains(where: { $0.kind == .error }) { throw ExitCode(1) }
    }

    private func configurationSource(_ bundle: WidgetBundle) -> BundleFile? {
        switch serviceOptions.service {
        case .stub: bundle.stubService
        case .dev: bundle.developmentService ?? bundle.service
        case .prod: bundle.service
        }
    }

    private func readConfiguration(_ bundle: WidgetBundle, console: Console) throws -> ServiceConfiguration {
        func file(_ source: BundleFile?) -> ServiceFiles.File? { source.map { ($0.path, $0.document) } }
        do {
            return try ServiceFiles.read(serviceOptions.service.selection, prod: file(bundle.service), dev: file(bundle.developmentService),
                                         stub: file(bundle.stubService))
        } catch {
            error.errors.forEach { console.writeError($0.description + "\n") }
            throw ExitCode(ExitStatus.inputError)
        }
    }

    private func parsedArgument() throws -> Value {
        guard let arg else { return .null }
        do {
            let json = try JSONParser.parse(arg, fileName: "--arg").root
            guard json.objectValue != nil else { throw CommandFailure(message: "--arg takes a JSON object, not \(json.typeName)") }
            return Value(json: json)
        } catch let error as JSONParseError {
            throw CommandFailure(message: "--arg: \(error)")
        }
    }

    private func makeStore(_ bundle: WidgetBundle, console: Console) throws -> ObjectStore? {
        guard let source = bundle.model else { return nil }
        let model: EntityModel
        do {
            model = try ModelListing.load(source, bundleRoot: bundle.rootPath)
        } catch {
            error.errors.forEach(console.reportModelError)
            throw ExitCode(ExitStatus.inputError)
        }
        guard let store else { return ObjectStore(model: model) }
        do {
            return try ObjectStore(model: model, filePath: store)
        } catch {
            throw CommandFailure(message: error.description)
        }
    }
}

/// What `widgetry call` prints: requests, events and the store's contents, deterministically.
enum CallReport {
    static func render(engine: ActionEngine, store: ObjectStore?, credentials: Credentials?) -> String {
        var lines: [String] = ["requests:"]
        for logged in engine.requestLog {
            let request = logged.request.logLines(redacting: credentials)
            lines.append("  \(RunTimeText.seconds(logged.time)) \(request[0])")
            lines += request.dropFirst().map { $0.isEmpty ? "" : "    " + $0 }
            if let fallback = logged.parameterFallback { lines.append("    (parameters sent unsubstituted: \(fallback.message))") }
        }
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
