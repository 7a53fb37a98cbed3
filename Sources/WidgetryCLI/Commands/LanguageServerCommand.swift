import ArgumentParser
import Foundation
import WidgetryLanguageServer
import WidgetryLanguageServerProtocol

/// `widgetry lsp`: the language server, over standard input and output.
struct LanguageServerCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "lsp",
        abstract: "Run the language server over standard input and output, for editors.",
        discussion: """
            Speaks the Language Server Protocol 3.17 on standard input and output (nothing else \
            is written there): the bundles of the workspace folders, and of the folders above \
            each opened file, are linted with the editor's unsaved contents on every change. \
            Diagnostics are pushed and pulled, every fix-it is a quick fix (with a fix-all \
            source action, source.fixAll.widgetry), hover over a finding explains its code as \
            lint --explain does, and completion offers the actions, entities and screens a \
            bundle defines. Exits 0 after shutdown and exit, 1 when the input ends before.
            """
    )

    func run() async throws {
        // A client that goes away makes writes fail with EPIPE, not end the process.
        signal(SIGPIPE, SIG_IGN)
        let code = await LanguageServer.serve(input: FileDescriptorInput(descriptor: STDIN_FILENO),
                                              output: FileDescriptorOutput(descriptor: STDOUT_FILENO))
        if code != 0 { throw ExitCode(code) }
    }
}
