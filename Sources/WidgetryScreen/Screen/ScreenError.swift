public import WidgetryJSON
import WidgetryModel

/// A problem in a screen file, with its place: file, line and column, and JSON Pointer. Every
/// input that made the original runtime crash or stop is one of these (FORMAT.md#differences.errors).
public typealias ScreenError = Problem<ScreenErrorCode>

/// The codes of ``ScreenError``.
public enum ScreenErrorCode: String, StrictReaderCodes, CaseIterable {
    case missingScreen = "screen.missing-screen"
    case unknownKey = "screen.unknown-key"
    case wrongType = "screen.wrong-type"
    case missingKey = "screen.missing-key"
    case invalidValue = "screen.invalid-value"
    case duplicateID = "screen.duplicate-id"
    case unknownType = "screen.unknown-type"
    case unknownAttribute = "screen.unknown-attribute"
    case unknownOutlet = "screen.unknown-outlet"
    case unresolvedOutlet = "screen.unresolved-outlet"
    case outletKind = "screen.outlet-kind"
    case unknownElement = "screen.unknown-element"
    case binding = "screen.binding"
    case unknownSegue = "screen.unknown-segue"
    /// A segue would give a screen content other than the entity it declares as `input`.
    case wrongInput = "screen.wrong-input"
    /// The storyboard is not well-formed XML, or not an iOS storyboard.
    case storyboardXML = "storyboard.malformed-xml"
    case storyboardNotStoryboard = "storyboard.not-a-storyboard"
    /// A compiled storyboard (`Main.storyboardc`) whose `Info.plist` or nibs cannot be read, or
    /// do not have the shape ibtool writes; the `nib.*` code underneath is the cause.
    case storyboardCompiled = "storyboard.compiled"
    /// No scene of the storyboard (and no screen file) has the name asked for.
    case storyboardUnknownScreen = "storyboard.unknown-screen"
    /// A `cellNibNames` entry names no `<name>.xib` of the bundle, or one that holds no cell.
    case cellNib = "screen.cell-nib"
    /// Two elements of a scene share a `wx.identifier`.
    case storyboardDuplicateIdentifier = "storyboard.duplicate-identifier"
    /// A `wx.addBinding` runtime attribute that is not a binding dictionary's body.
    case storyboardBinding = "storyboard.binding"
    /// A user-defined runtime attribute without a key path or with a value of the wrong form.
    case storyboardAttribute = "storyboard.attribute"
    /// A segue without a destination, to an unknown controller, or sharing its identifier.
    case storyboardSegue = "storyboard.segue"
    /// A render whose bindings kept changing what other bindings read, pass after pass, up to
    /// the run's limit (`WidgetRun.Options.maxRenderPasses`): bindings that read, directly
    /// or through other elements, what they write.
    case renderPassLimit = "render.pass-limit"
    /// A problem met while running (a predicate that cannot be evaluated on the data, a
    /// missing prototype): the run goes on and the snapshot lists it.
    case runtime = "screen.runtime"
}

extension Problem where C == ScreenErrorCode {
    /// An error at `place`, in the place's own file when it has one (a view of the storyboard),
    /// else in `file`.
    public init(_ code: C, _ message: String, file: String, at place: SourcePlace, hint: String? = nil, cause: DiagnosticCode? = nil) {
        self.init(code, message, file: place.file ?? file, location: place.location, pointer: place.pointer, hint: hint, cause: cause)
    }
}

/// All the problems found in one file, in the order of the file.
public typealias ScreenErrors = LocatedErrors<ScreenError>
