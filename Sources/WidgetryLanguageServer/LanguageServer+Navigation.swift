import WidgetryLanguageServerProtocol

extension LanguageServer {
    /// `textDocument/definition`: where the name at the cursor is defined: an action's entries
    /// in the service and stub files, a screen's file, an entity in the model, an outlet's
    /// object or view in its screen, an image's image set, a transformer in a service file.
    /// Links when the client takes them, else locations; nothing when no name is there.
    func definition(_ params: TextDocumentPositionParams) async throws -> DefinitionResult? {
        guard let (names, occurrence) = try await occurrence(at: params), let occurrence else { return nil }
        let origin = try located(occurrence, in: names)
        let targets = try names.occurrences(of: occurrence.symbol).filter(\.isDeclaration).map { try located($0, in: names) }
        guard !targets.isEmpty else { return nil }
        if definitionLinks {
            return .links(targets.map { LocationLink(originSelectionRange: origin.range, targetUri: $0.uri, targetRange: $0.range, targetSelectionRange: $0.range) })
        }
        return .locations(targets)
    }

    /// `textDocument/references`: every place naming what the name at the cursor names, its
    /// definitions among them when the context asks; nothing when no name is there.
    func references(_ params: ReferenceParams) async throws -> [Location]? {
        let at = TextDocumentPositionParams(textDocument: params.textDocument, position: params.position)
        guard let (names, occurrence) = try await occurrence(at: at), let occurrence else { return nil }
        return try names.occurrences(of: occurrence.symbol).filter { params.context.includeDeclaration || !$0.isDeclaration }.map { try located($0, in: names) }
    }

    /// `textDocument/prepareRename`: the range and text of the action, object or element name
    /// at the cursor; refused (``LanguageServerCode/notRenameable``) anywhere else.
    func prepareRename(_ params: TextDocumentPositionParams) async throws -> PrepareRenameResult? {
        let (names, occurrence) = try await renameable(at: params)
        return PrepareRenameResult(range: try located(occurrence, in: names).range, placeholder: occurrence.symbol.name)
    }

    /// `textDocument/rename`: the edits that rename the action, object or element at the
    /// cursor everywhere it is named (an action across the service, stub and screen files; an
    /// object or element within its screen, its view id, outlets, bindings and predicates
    /// among them).
    /// Refused when the new name is not one the readers take, or is already taken.
    func rename(_ params: RenameParams) async throws -> WorkspaceEdit? {
        let at = TextDocumentPositionParams(textDocument: params.textDocument, position: params.position)
        let (names, occurrence) = try await renameable(at: at)
        let renamed: BundleNames.Symbol
        switch occurrence.symbol {
        case .action:
            guard RenameRules.isActionName(params.newName) else {
                throw ResponseError.refusal(.invalidName, "\"\(params.newName)\" is no action name: it is empty, or has a dot, a quote, a backslash or a control character",
                                            hint: "name the action without a dot (a dot separates the parts of a key path)")
            }
            renamed = .action(params.newName)
        case .member(let file, _):
            guard RenameRules.isIdentifier(params.newName) else {
                throw ResponseError.refusal(.invalidName, "\"\(params.newName)\" is no object or element id: an id is a letter or _, then letters, digits and _",
                                            hint: "bindings name objects and elements as the first name of a key path, so an id must be one")
            }
            renamed = .member(file: file, id: params.newName)
        default:
            throw Self.notRenameable(occurrence.symbol)
        }
        guard renamed == occurrence.symbol || !names.isDeclared(renamed) else {
            throw ResponseError.refusal(.nameTaken, "\(Self.describe(renamed)) already exists", hint: "choose another name, or rename the other one first")
        }
        var changes: [DocumentUri: [TextEdit]] = [:]
        for place in names.occurrences(of: occurrence.symbol) {
            let location = try located(place, in: names)
            changes[location.uri, default: []].append(TextEdit(range: location.range, newText: params.newName))
        }
        return WorkspaceEdit(changes: changes)
    }

    // MARK: Places

    /// The names of the bundle holding the document and the occurrence at the cursor (nil when
    /// none is there); nil when the document is of no bundle, or is open and does not parse.
    private func occurrence(at params: TextDocumentPositionParams) async throws -> (BundleNames, BundleNames.Occurrence?)? {
        let (path, text) = try document(params.textDocument.uri)
        try Self.check(params.position, in: text)
        guard let root = bundle(holding: path) else { return nil }
        guard let (names, readFromMemory) = await names(of: root), documents[path] == nil || readFromMemory.contains(path) else { return nil }
        return (names, names.occurrence(in: path, at: text.offset(of: params.position)))
    }

    /// The names of the bundle at `root`, read once per lint of it, with the open documents
    /// they were read from; nil when the bundle cannot be read.
    func names(of root: String) async -> (BundleNames, Set<String>)? {
        let generation = findings[root]?.generation
        let known = await definitions(of: root)
        if let names = known.names { return (names, known.readFromMemory) }
        guard let context = known.context else { return nil }
        let names = await Task.detached { BundleNames(context: context) }.value
        if findings[root]?.generation == generation { definitions[root]?.names = names }
        return (names, known.readFromMemory)
    }

    /// The occurrence at the cursor, when it is an action's, an object's or an element's and
    /// every open document of its bundle parses (so that every edit lands where it should).
    private func renameable(at params: TextDocumentPositionParams) async throws -> (BundleNames, BundleNames.Occurrence) {
        let (path, _) = try document(params.textDocument.uri)
        guard let (names, found) = try await occurrence(at: params) else {
            throw ResponseError.refusal(.notRenameable, "\(params.textDocument.uri) is of no bundle, or does not parse as the editor has it",
                                        hint: "rename in a file of a bundle whose JSON parses")
        }
        guard let occurrence = found else {
            throw ResponseError.refusal(.notRenameable, "no action, object or element is named at line \(params.position.line), character \(params.position.character)",
                                        hint: "put the cursor on an action's name, or on an object's or element's id or an outlet naming it")
        }
        switch occurrence.symbol {
        case .action: break
        // `@self` names the screen's controller, not an id of the screen's.
        case .member(_, let id) where RenameRules.isIdentifier(id): break
        default: throw Self.notRenameable(occurrence.symbol)
        }
        if let root = bundle(holding: path), let (_, readFromMemory) = await self.names(of: root) {
            if let broken = documents.keys.sorted().first(where: { $0.hasPrefix(root + "/") && $0.hasSuffix(".json") && !readFromMemory.contains($0) }) {
                throw ResponseError.refusal(.notRenameable, "\(broken) does not parse as the editor has it, so the places it names cannot be renamed",
                                            hint: "fix the file's JSON (its diagnostics say where), then rename")
            }
        }
        return (names, occurrence)
    }

    /// The refusal to rename what is neither an action nor an object or element.
    private static func notRenameable(_ symbol: BundleNames.Symbol) -> ResponseError {
        .refusal(.notRenameable, "\(describe(symbol)) is not renamed by the language server: it renames actions, and the objects and elements of a screen",
                 hint: "rename the file or definition by hand, then the places that name it")
    }

    /// What `symbol` is, for a message.
    private static func describe(_ symbol: BundleNames.Symbol) -> String {
        switch symbol {
        case .action(let name): "the action \(name)"
        case .screen(let name): "the screen \(name)"
        case .entity(let name): "the entity \(name)"
        case .transformer(let name): "the transformer \(name)"
        case .image(let name): "the image \(name)"
        case .member(_, let id): "the object or element \(id) of its screen"
        case .attribute(let entity, let name): "the attribute \(name) of \(entity)"
        }
    }

    /// The location of `occurrence`, in UTF-16 positions of its file's text as it was read.
    private func located(_ occurrence: BundleNames.Occurrence, in names: BundleNames) throws -> Location {
        let uri = documents[occurrence.file]?.uri ?? FileURI.uri(of: occurrence.file)
        guard let bytes = names.sources[occurrence.file] else {
            return Location(uri: uri, range: LSPRange(start: Position(line: 0, character: 0), end: Position(line: 0, character: 0)))
        }
        let text = TextDocument(uri: uri, languageId: "json", version: 0, text: String(decoding: bytes, as: UTF8.self))
        return Location(uri: uri, range: LSPRange(start: text.position(atOffset: occurrence.range.lowerBound), end: text.position(atOffset: occurrence.range.upperBound)))
    }
}

/// What a new name must be, as the bundle's readers take it.
enum RenameRules {
    /// An action name: not empty, no dot (the service reader's rule), and nothing JSON would
    /// have to escape.
    static func isActionName(_ name: String) -> Bool {
        !name.isEmpty && !name.unicodeScalars.contains { $0 == "." || $0 == "\"" || $0 == "\\" || $0.value < 0x20 }
    }

    /// An object or element id: a letter or `_`, then letters, digits and `_`, so that a key
    /// path can start with it.
    static func isIdentifier(_ name: String) -> Bool {
        guard let first = name.unicodeScalars.first, first.properties.isAlphabetic || first == "_" else { return false }
        return name.unicodeScalars.allSatisfy { $0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "_" }
    }
}
