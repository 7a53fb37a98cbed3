import Foundation

/// `docs/TUTORIAL.md` read as a script: its fenced blocks, in order, are what a reader does.
/// - ```` ```json path=Notes/Model.json ```` writes the file with the block's text;
/// - ```` ```edit path=Notes/Model.json ```` changes it: each `- old` line is replaced by the
///   `+ new` line after it (the old text must occur exactly once);
/// - ```` ```console ```` runs each `$ widgetry …` line; the lines after it, up to the next
///   `$`, are what the command prints (standard output, then standard error), and a last
///   `[exit N]` line is its exit status when not 0.
/// Other blocks are prose.
struct TutorialScript {
    enum Block {
        case write(path: String, text: String)
        case edit(path: String, replacements: [(old: String, new: String)])
        case console([Command])
    }

    struct Command {
        var line: String
        var arguments: [String]
        var output: String
        var status: Int32
    }

    /// The document split into literal text and the blocks, in order, so it can be rewritten
    /// with new outputs.
    enum Part {
        case text(String)
        case block(Block, header: String)
    }

    let parts: [Part]

    init(markdown: String) {
        var parts: [Part] = []
        var text = ""
        var lines = markdown.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)[...]
        while let line = lines.popFirst() {
            let info = line.hasPrefix("```") ? String(line.dropFirst(3)) : nil
            guard let info, let block = Self.kind(of: info) else {
                text += line + "\n"
                continue
            }
            var body: [String] = []
            while let next = lines.popFirst(), next != "```" { body.append(next) }
            text += line + "\n"
            parts.append(.text(text))
            text = ""
            parts.append(.block(block(body), header: line))
        }
        parts.append(.text(String(text.dropLast())))
        self.parts = parts
    }

    /// The block an info string starts, as a function of its lines; nil for prose blocks.
    private static func kind(of info: String) -> (([String]) -> Block)? {
        let words = info.split(separator: " ").map(String.init)
        let path = words.first { $0.hasPrefix("path=") }.map { String($0.dropFirst("path=".count)) }
        switch (words.first, path) {
        case ("console", _):
            return { .console(commands(in: $0)) }
        case ("edit", let path?):
            return { lines in
                var replacements: [(String, String)] = []
                var pending: String?
                for line in lines {
                    if line.hasPrefix("- ") { pending = String(line.dropFirst(2)) }
                    if line.hasPrefix("+ "), let old = pending {
                        replacements.append((old, String(line.dropFirst(2))))
                        pending = nil
                    }
                }
                return .edit(path: path, replacements: replacements)
            }
        case (_, let path?):
            return { .write(path: path, text: $0.joined(separator: "\n") + "\n") }
        default:
            return nil
        }
    }

    private static func commands(in lines: [String]) -> [Command] {
        var commands: [Command] = []
        for line in lines {
            if line.hasPrefix("$ ") {
                let commandLine = String(line.dropFirst(2))
                commands.append(Command(line: commandLine, arguments: words(of: commandLine), output: "", status: 0))
            } else if !commands.isEmpty {
                if line.hasPrefix("[exit "), line.hasSuffix("]"), let status = Int32(line.dropFirst(6).dropLast()) {
                    commands[commands.count - 1].status = status
                } else {
                    commands[commands.count - 1].output += line + "\n"
                }
            }
        }
        return commands
    }

    /// The words of a command line, with '…' and "…" quoting.
    static func words(of line: String) -> [String] {
        var words: [String] = []
        var current = ""
        var quote: Character?
        var inWord = false
        for character in line {
            if let open = quote {
                if character == open { quote = nil } else { current.append(character) }
            } else if character == "'" || character == "\"" {
                quote = character
                inWord = true
            } else if character == " " {
                if inWord { words.append(current) }
                current = ""
                inWord = false
            } else {
                current.append(character)
                inWord = true
            }
        }
        if inWord { words.append(current) }
        return words
    }

    /// The document with each console block showing `outputs` (one per command, in order).
    func rendered(outputs: [(output: String, status: Int32)]) -> String {
        var remaining = outputs[...]
        var text = ""
        for part in parts {
            switch part {
            case .text(let literal): text += literal
            case .block(let block, _):
                switch block {
                case .console(let commands):
                    for command in commands {
                        let result = remaining.popFirst() ?? (command.output, command.status)
                        text += "$ " + command.line + "\n" + result.output + (result.status == 0 ? "" : "[exit \(result.status)]\n")
                    }
                case .write(_, let body):
                    text += body
                case .edit(_, let replacements):
                    for replacement in replacements { text += "- " + replacement.old + "\n+ " + replacement.new + "\n" }
                }
                text += "```\n"
            }
        }
        return text
    }
}
