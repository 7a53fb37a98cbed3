import WidgetryJSON
import WidgetryScreen

/// Elements whose bindings read, in a ring, what the next one's bindings write: `echo` bound to
/// `echo.text`, or `ping` to `pong.text` and `pong` to `ping.text`. Each render evaluates such
/// bindings again while they change what they read, and stops at the pass limit with
/// `render.pass-limit` when they never settle.
struct BindingCycleRule: LintRule {
    static let description = LintRuleDescription(
        id: "binding-cycle", severity: .warning,
        summary: "No element's bindings read, directly or through other elements, what they write.",
        rationale: "A render evaluates a screen's bindings again while they change elements other bindings read. Bindings that read what they write may never settle: each render then stops after the pass limit (render.pass-limit), and the text grows or flips on every event. Upstream evaluated them once per refresh, so the element changed on every refresh instead.",
        examples: [
            LintExample("a label that reads its own text", screen: #"""
                {"elements": {"echo": {"bindings": [1️⃣{"from": "echo.text", "format": "%@!"}]}},
                 "views": {"type": "UIView", "children": [{"id": "echo", "type": "UILabel"}]}}
                """#),
            LintExample("two labels that read each other, one through a predicate", screen: #"""
                {"elements": {"ping": {"bindings": [1️⃣{"from": "pong.text", "format": "%@+"}]},
                              "pong": {"bindings": [{"predicateFormat": "ping.text == 'x'", "ifTrue": "yes", "ifFalse": "no"}]}},
                 "views": {"type": "UIView", "children": [{"id": "ping", "type": "UILabel"}, {"id": "pong", "type": "UILabel"}]}}
                """#),
            LintExample("a label that reads another, which reads content", screen: #"""
                {"elements": {"summary": {"bindings": [{"from": "title.text", "format": "About %@"}]},
                              "title": {"bindings": [{"from": "content.name"}]}},
                 "views": {"type": "UIView", "children": [{"id": "summary", "type": "UILabel"}, {"id": "title", "type": "UILabel"}]}}
                """#),
        ])

    func check(_ context: LintContext) -> [Diagnostic] {
        var findings: [Diagnostic] = []
        for sites in context.screenSites {
            // The screen's bound elements (not cells, which are made anew each render, nor @self),
            // and for each the bound elements its bindings read, with the binding that reads.
            let entries = sites.screen.document.elements.filter { sites.model.elements[$0.id] != nil && !$0.bindings.isEmpty }
            let bound = Set(entries.map(\.id))
            var reads: [String: [(element: String, binding: BindingSpec)]] = [:]
            for entry in entries {
                for binding in entry.bindings {
                    for name in (binding.readNames ?? []).sorted() where bound.contains(name) {
                        reads[entry.id, default: []].append((name, binding))
                    }
                }
            }
            var reported: Set<String> = []
            for entry in entries where !reported.contains(entry.id) {
                guard let ring = Self.shortestRing(from: entry.id, reads: reads) else { continue }
                reported.formUnion(ring.map(\.element))
                let first = ring[0].binding
                let names = ring.map(\.element)
                let message = names.count == 1
                    ? "\(entry.id)'s binding reads \(entry.id), which it writes: a render may never settle"
                    : "\((names + [entry.id]).joined(separator: " → ")): each element's bindings read the next one, which they write in turn; a render may never settle"
                findings.append(Diagnostic(code: Self.description.id, severity: Self.description.severity, file: sites.screen.file,
                                           location: first.location, pointer: first.pointer, message: message,
                                           hint: "bind to content, a provider or a status instead; a render that does not settle stops after \(CompiledScreen.defaultMaxRenderPasses) passes with render.pass-limit"))
            }
        }
        return findings
    }

    /// The shortest ring of reads from `start` back to it: each element of the ring, `start`
    /// first, with its binding that reads the next; nil when there is none.
    private static func shortestRing(from start: String, reads: [String: [(element: String, binding: BindingSpec)]]) -> [(element: String, binding: BindingSpec)]? {
        // Breadth first, remembering how each element was first reached.
        var cameFrom: [String: (previous: String, binding: BindingSpec)] = [:]
        var frontier = [start]
        while !frontier.isEmpty {
            var next: [String] = []
            for element in frontier {
                for read in reads[element] ?? [] {
                    if read.element == start {
                        var ring = [(element: element, binding: read.binding)]
                        var current = element
                        while current != start, let step = cameFrom[current] {
                            ring.insert((step.previous, step.binding), at: 0)
                            current = step.previous
                        }
                        return ring
                    }
                    guard cameFrom[read.element] == nil else { continue }
                    cameFrom[read.element] = (element, read.binding)
                    next.append(read.element)
                }
            }
            frontier = next
        }
        return nil
    }
}
