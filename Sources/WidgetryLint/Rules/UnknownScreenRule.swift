import WidgetryJSON
import WidgetryScreen

/// The manifest's `entryScreen` or a segue's `destination` names a screen the bundle lacks.
struct UnknownScreenRule: LintRule {
    static let description = LintRuleDescription(
        id: "unknown-screen", severity: .error,
        summary: "The manifest's entryScreen and every segue's destination name a screen of the bundle.",
        rationale: "A run opens the entry screen first and a segue opens its destination: a screen that is not there stops the run, or the tap, with nothing shown.",
        examples: [
            LintExample("a misspelt entry screen", files: [
                "Info.json": #"{"identifier": "test.lint", "entryScreen": 1️⃣"Feeds"}"#,
                "Feed.json": #"{"Feed": {}}"#]),
            LintExample("a segue to a screen that is not there", files: [
                "Info.json": #"{"identifier": "test.lint", "entryScreen": "Feed"}"#,
                "Feed.json": #"{"Feed": {"views": {"type": "UIButton", "id": "more", "segue": "more"}, "segues": {"more": {"destination": 1️⃣"Detail"}}}}"#]),
            LintExample("screens that are there", files: [
                "Info.json": #"{"identifier": "test.lint", "entryScreen": "Feed"}"#,
                "Feed.json": #"{"Feed": {"views": {"type": "UIButton", "id": "more", "segue": "more"}, "segues": {"more": {"destination": "Details"}}}}"#,
                "Details.json": #"{"Details": {}}"#]),
        ])

    func check(_ context: LintContext) -> [Diagnostic] {
        // A storyboard that does not read leaves its scenes unknown; its own errors say why.
        guard context.bundle.mainStoryboardPath == nil || context.storyboard != nil else { return [] }
        let known = context.screenNames
        let sortedKnown = known.sorted()
        var hints = SuggestionHints(among: sortedKnown, noun: "screens")
        var findings: [Diagnostic] = []
        if let entry = context.bundle.manifest.entryScreen, !known.contains(entry), let manifest = context.bundle.manifestFile,
           let value = manifest.document.root["entryScreen"] {
            findings.append(Diagnostic(
                code: Self.description.id, severity: Self.description.severity, file: context.displayPrefix + manifest.path,
                location: value.location, length: value.location.map { manifest.document.source.tokenLength(at: $0.offset) } ?? 1,
                pointer: value.pointer, message: "entryScreen names \(entry), which is not a screen of the bundle",
                hint: hints.hint(for: entry)
                    ?? "add \(entry).json holding {\"\(entry)\": {…}}").renaming(entry, using: &hints))
        }
        for screen in context.screens {
            for segue in screen.document.segues where !known.contains(segue.destination) {
                let place = segue.place.member("destination")
                findings.append(Diagnostic(
                    code: Self.description.id, severity: Self.description.severity, file: place.file.map { context.displayPrefix + $0 } ?? screen.file,
                    location: place.location, length: place.location.flatMap { screen.source?.tokenLength(at: $0.offset) } ?? 1, pointer: place.pointer,
                    message: "segue \(segue.id) leads to \(segue.destination), which is not a screen of the bundle",
                    hint: hints.hint(for: segue.destination)
                        ?? "add \(segue.destination).json holding {\"\(segue.destination)\": {…}}").renaming(segue.destination, using: &hints))
            }
        }
        return findings
    }
}
