import ArgumentParser
import Foundation
import WidgetryJSON

/// What a command given several bundles (`run`, `inspect`) prints: one text or JSON document
/// per bundle, in the order named, and the problems of the bundles that failed, which do not
/// stop the others. Printed at the end: the texts one after another, or the documents as one
/// JSON value (the document itself for a single bundle, else an array); then the problems.
struct BundleOutputs {
    private var texts: [String] = []
    private var documents: [JSONValue] = []
    private var problems = DiagnosticReport()
    /// How many bundles the command was given.
    let count: Int

    init(count: Int) {
        self.count = count
    }

    mutating func append(text: String) { texts.append(text) }
    mutating func append(document: JSONValue) { documents.append(document) }

    /// Adds the problems of a bundle that failed (errors that are not problems are thrown).
    mutating func recordFailure(_ error: any Error) throws {
        switch error {
        case let reported as ReportedDiagnostics: problems.append(reported.report)
        case let convertible as any DiagnosticConvertible: problems.append(ReportedDiagnostics(convertible).report)
        default: throw error
        }
    }

    /// Prints the outputs. Problems with nothing printed are thrown, so the command's error
    /// format applies; problems after printed output go to standard error as text (standard
    /// output must stay one document), with exit 2.
    func finish(console: Console, json: JSONWritingOptions?, separator: String = "") throws {
        let printed: Bool
        if let json, !documents.isEmpty {
            let shown = count == 1 ? documents[0] : JSONValue(.array(documents))
            console.write(shown.serialized(json) + "\n")
            printed = true
        } else {
            console.write(texts.joined(separator: separator))
            printed = !texts.isEmpty
        }
        guard !problems.diagnostics.isEmpty else { return }
        guard printed else { throw ReportedDiagnostics(problems) }
        console.report(ReportedDiagnostics(problems))
        throw ExitCode(ExitStatus.inputError)
    }
}
