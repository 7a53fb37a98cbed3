import WidgetryJSON
import WidgetryScreen

/// What the storyboard reader kept but could not use: tags Widgetry does not model (kept as
/// plain views), segues it does not perform, connections without effect headlessly.
struct StoryboardWarningRule: LintRule {
    static let description = LintRuleDescription(
        id: "storyboard", severity: .warning,
        summary: "Everything in the storyboard is something Widgetry models.",
        rationale: "An element kept as a plain view answers none of its class's keys, and an embed or unwind segue does nothing headlessly: the widget would behave differently than in the app.",
        examples: [
            LintExample("an element Widgetry does not model", files: [
                "Base.lproj/Main.storyboard": """
                    <?xml version="1.0" encoding="UTF-8"?>
                    <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0" initialViewController="vc1">
                        <scenes>
                            <scene sceneID="s1">
                                <objects>
                                    <viewController id="vc1" customClass="ContentViewController" restorationIdentifier="S" sceneMemberID="viewController">
                                        <view key="view" id="v1">
                                            <subviews>
                                                1️⃣<datePicker id="d1"/>
                                            </subviews>
                                        </view>
                                    </viewController>
                                </objects>
                            </scene>
                        </scenes>
                    </document>
                    """,
                "Info.json": #"{"identifier": "test.lint", "formatVersion": 1}"#,
            ]),
            LintExample("a screen file alone", screen: "{}"),
        ])

    /// The storyboard's warnings, and those of the cell nibs screens register (each nib once,
    /// however many screens register it).
    func check(_ context: LintContext) -> [Diagnostic] {
        var seen: Set<String> = []
        let cellNibs = context.screens.flatMap(\.document.warnings).filter { seen.insert($0.description).inserted }
        return ((context.storyboard?.warnings ?? []) + cellNibs).map { warning in
            Diagnostic(code: warning.code.rawValue, severity: .warning, file: context.displayPrefix + warning.file, location: warning.location,
                       pointer: nil, message: warning.message)
        }
    }
}
