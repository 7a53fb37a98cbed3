public import WidgetryBundle
import WidgetryScreen

/// What of a bundle is in the compiled form Xcode ships: the model (`.mom`, `.momd`) and the
/// storyboard (`.storyboardc`, with its scenes and nibs).
public struct CompiledParts: Sendable, Equatable {
    /// A compiled storyboard, as read.
    public struct Storyboard: Sendable, Equatable {
        /// The `.storyboardc` folder, relative to the bundle.
        public var path: String
        public var scenes: Int
        public var nibs: Int
    }

    public var model = false
    /// Nil when the storyboard is not compiled or cannot be read.
    public var storyboard: Storyboard?

    /// Nothing compiled.
    public init() {}

    /// What of `bundle` is compiled; a compiled storyboard is read to count its scenes.
    public init(_ bundle: WidgetBundle) {
        model = bundle.model.map { $0.path.hasSuffix(".mom") || $0.path.hasSuffix(".momd") } ?? false
        guard let path = bundle.mainStoryboardPath, path.hasSuffix(".storyboardc"),
              let read = try? ScreenSource.storyboard(in: bundle) else { return }
        let nibs = bundle.resources.filter { $0.hasPrefix(path + "/") && $0.hasSuffix(".nib") }.count
        storyboard = Storyboard(path: path, scenes: read.scenes.count, nibs: nibs)
    }
}
