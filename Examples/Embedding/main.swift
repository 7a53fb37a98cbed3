// Embeds two widgets in one host and prints what happens to them.
//
//     swift run widgetry-embedding-example [SOURCE_A [SOURCE_B]]
//
// Each source is a bundle folder, archive or http(s) URL; both default to SampleWidgets/Feed
// (relative to the working directory), loaded twice under two identifiers. Prints every host
// event as a JSON line, then each widget's entry screen title; exits with 1 if a widget did not
// load.

import Foundation
import WidgetryBundleFetch
import WidgetryRuntime

let arguments = Array(CommandLine.arguments.dropFirst())
let widgets = [
    (identifier: "first", source: arguments.first ?? "SampleWidgets/Feed"),
    (identifier: "second", source: arguments.dropFirst().first ?? "SampleWidgets/Feed"),
]

let host = WidgetHost(options: WidgetHost.Options(loader: BundleLoader()))
let printer = Task {
    for await event in host.events { print(WidgetHostEventJSON.line(event)) }
}

let failures = await host.load(widgets)
var titles: [String] = []
for identifier in await host.identifiers {
    let title = (try? await host.title(identifier)) ?? nil
    titles.append("\(identifier): \(title ?? "(no title)")")
}
await host.shutdown()
await printer.value

for line in titles { print(line) }
for failure in failures { FileHandle.standardError.write(Data("error: \(failure)\n".utf8)) }
exit(failures.isEmpty ? 0 : 1)
