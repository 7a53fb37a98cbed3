import Foundation
import WidgetryJSON
import WidgetryRender
import WidgetryRuntime

/// What `widgetry test --pictures DIR` writes: one HTML picture per scenario step, named after
/// the scenario's file and the step (`2-search-03.html`), and `index.html`, which shows each
/// picture beside the step's text snapshot, for a CI job's artifacts. Every file is written
/// whole (beside its place, then renamed), in scenario and step order, so the folder is the same
/// on every run.
final class StepPictures: @unchecked Sendable {
    private struct Step {
        var scenario: String
        var title: String
        var file: String
        var snapshot: String
        var passed: Bool?
    }

    let folder: String
    private var steps: [Step] = []
    private let lock = NSLock()

    init(folder: String) {
        self.folder = folder
    }

    /// The file name stem of a scenario file: `Tests/2-search.scenario.json` is `2-search`.
    static func stem(of scenarioFile: String) -> String {
        let name = (scenarioFile as NSString).lastPathComponent
        return name.hasSuffix(".scenario.json") ? String(name.dropLast(".scenario.json".count)) : (name as NSString).deletingPathExtension
    }

    /// The name of step `step` (from 1) of the scenario in `scenarioFile`, as every picture of
    /// a step is named (`2-search-03`): `render --every-step`'s files, `test --pictures`'s, and a
    /// failed picture golden's.
    static func name(ofStep step: Int, in scenarioFile: String) -> String {
        stem(of: scenarioFile) + "-" + (step < 10 ? "0" : "") + "\(step)"
    }

    /// Draws `run` after step `index` (from 0) of the scenario in `scenarioFile`, in `prefix`
    /// (a bundle's folder when several bundles are tested).
    func record(scenario: String, scenarioFile: String, prefix: String, index: Int, title: String, run: WidgetRun) throws {
        let file = prefix + Self.name(ofStep: index + 1, in: scenarioFile) + ".html"
        let path = folder + "/" + file
        try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try OutputFile.write(ScreenPicture.html(run), to: path, option: "--pictures")
        lock.withLock { steps.append(Step(scenario: scenario, title: title, file: file, snapshot: SnapshotText.render(run))) }
    }

    /// Writes `index.html` for the pictures recorded so far.
    func writeIndex() throws {
        let recorded = lock.withLock { steps }
        var html = """
            <!DOCTYPE html>
            <html lang="en">
            <head>
            <meta charset="utf-8">
            <meta name="generator" content="widgetry test --pictures">
            <title>Scenario pictures</title>
            <style>
            body{font-family:\(HTMLPicture.fontFamily);margin:16px;background:#fafafa}
            section{margin-bottom:32px}
            .step{display:flex;gap:16px;align-items:flex-start;margin:12px 0}
            iframe{border:1px solid #c7c7cc;background:#fff;flex:none}
            pre{font-size:12px;background:#fff;border:1px solid #e5e5ea;padding:8px;overflow:auto;max-height:667px;flex:1}
            </style>
            </head>
            <body>
            <h1>Scenario pictures</h1>

            """
        var current: String?
        for step in recorded {
            if step.scenario != current {
                if current != nil { html += "</section>\n" }
                html += "<section>\n<h2>\(XMLText.escaped(step.scenario))</h2>\n"
                current = step.scenario
            }
            html += """
                <div class="step">
                <iframe src="\(XMLText.escaped(step.file))" width="\(Int(Device.standard.width) + 2)" height="\(Int(Device.standard.height) + 2)" title="\(XMLText.escaped(step.title))"></iframe>
                <div><h3>\(XMLText.escaped(step.title))</h3><pre>\(XMLText.escaped(step.snapshot))</pre></div>
                </div>

                """
        }
        if current != nil { html += "</section>\n" }
        html += "</body>\n</html>\n"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try OutputFile.write(html, to: folder + "/index.html", option: "--pictures")
    }
}
