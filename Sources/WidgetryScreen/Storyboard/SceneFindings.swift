import WidgetryJSON

/// The warnings and problems found while a scene is read. In a form without lines (a compiled
/// nib) a finding is placed by its ``subject`` and a key: `Scene-CR3-lf-MN1, UILabel object 27,
/// wx.addBinding: …`; where there are lines the place says it all.
struct SceneFindings {
    var warnings: [StoryboardWarning] = []
    var problems: [ScreenError] = []
    /// What the findings are about (the scene, the object being read); nil where places have lines.
    var subject: String?

    mutating func problem(_ code: ScreenError.Code, _ message: String, at place: SourcePlace, key: String? = nil, hint: String? = nil) {
        problems.append(ScreenError(code, placed(message, key: key), file: place.file ?? "", location: place.location, hint: hint))
    }

    mutating func warn(_ code: StoryboardWarning.Code, _ message: String, at place: SourcePlace, key: String? = nil) {
        warnings.append(StoryboardWarning(code: code, message: placed(message, key: key), file: place.file ?? "", location: place.location))
    }

    /// A problem found by another reader (a binding's), placed at `key`.
    mutating func add(_ problem: ScreenError, key: String) {
        var problem = problem
        problem.message = placed(problem.message, key: key)
        problems.append(problem)
    }

    private func placed(_ message: String, key: String?) -> String {
        guard let subject else { return message }
        return "\(subject)\(key.map { ", \($0)" } ?? ""): \(message)"
    }
}
