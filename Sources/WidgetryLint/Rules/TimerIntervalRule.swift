import WidgetryJSON
import WidgetryScreen

/// A timer whose interval is below ``floor``: the runtime clamps intervals to 1 ms, but a run
/// then does a call (and a render) for every tick, thousands per second of run time.
struct TimerIntervalRule: LintRule {
    /// Intervals below this many seconds are reported: a tenth of a second is already faster
    /// than a person reads, and ten ticks a second of run time keeps a run cheap.
    static let floor = 0.1

    static let description = LintRuleDescription(
        id: "timer-interval", severity: .warning,
        summary: "A timer fires at most ten times a second.",
        rationale: "Every tick performs an action and renders the screen; a timer of a few milliseconds does that thousands of times per second of run time, which no person sees and every run pays for.",
        examples: [
            LintExample("a timer every millisecond", screen: #"""
                {"objects": {"tick": {"type": "TimerActionController", "attrs": {"actionName": "poll", "interval": 1️⃣0.001}}}}
                """#),
            LintExample("a timer every five seconds", screen: #"""
                {"objects": {"tick": {"type": "TimerActionController", "attrs": {"actionName": "poll", "interval": 5}}}}
                """#),
        ])

    func check(_ context: LintContext) -> [Diagnostic] {
        var findings: [Diagnostic] = []
        for screen in context.screens {
            for object in screen.document.objects where object.type == ObjectType.timerActionController.rawValue {
                guard let attr = object.attrs.first(where: { $0.key == "interval" }), let interval = attr.value.doubleValue,
                      interval < Self.floor else { continue }
                findings.append(Diagnostic(code: Self.description.id, severity: Self.description.severity, file: screen.file,
                                           location: attr.value.location, pointer: attr.value.pointer,
                                           message: "timer \(object.id) fires every \(interval) s, more often than every \(Self.floor) s",
                                           hint: "a run performs its action and renders on every tick; use an interval of \(Self.floor) s or more"))
            }
        }
        return findings
    }
}
