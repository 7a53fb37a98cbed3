import WidgetryJSON

/// The names of a screen's elements as they are read: the one rule that ids are unique across
/// the screen and within each cell, while cells may share them (one entry configures the same
/// element of every cell; FORMAT.md#screen.namespace), and the structural names of storyboard
/// elements that need one (``StructuralElementNames``), counted afresh in each cell prototype.
/// The screen reader and the scene builder register every id here.
struct ElementNamespace {
    /// An id registered before.
    struct Repeat {
        /// Where it was first registered, when places have lines.
        var first: SourceLocation?
    }

    /// What a cell prototype's reading replaces, given back when it ends.
    struct CellScope {
        fileprivate var ids: [String: Repeat]?
        fileprivate var names: StructuralElementNames
    }

    private var screenIDs: [String: Repeat] = [:]
    /// The ids of every cell read so far.
    private var cellIDs: [String: Repeat] = [:]
    /// The ids of the cell being read; nil outside cells.
    private var currentCellIDs: [String: Repeat]?
    private var names = StructuralElementNames()

    /// Registers `id`, at `location`; where it was first registered, if it was.
    mutating func register(_ id: String, at location: SourceLocation?) -> Repeat? {
        let entry = Repeat(first: location)
        guard var inCell = currentCellIDs else {
            if let first = screenIDs[id] ?? cellIDs[id] { return first }
            screenIDs[id] = entry
            return nil
        }
        let first = inCell[id] ?? screenIDs[id]
        if inCell[id] == nil { inCell[id] = entry }
        currentCellIDs = inCell
        if cellIDs[id] == nil { cellIDs[id] = entry }
        return first
    }

    /// Counts one element of `className` and returns the name it goes by if it needs one.
    mutating func structuralName(_ className: String) -> String {
        names.next(className)
    }

    /// Starts reading a cell prototype: its ids and structural names are its own.
    mutating func enterCell() -> CellScope {
        let scope = CellScope(ids: currentCellIDs, names: names)
        currentCellIDs = [:]
        names = StructuralElementNames()
        return scope
    }

    /// Ends reading the cell `enterCell` started.
    mutating func leaveCell(_ scope: CellScope) {
        currentCellIDs = scope.ids
        names = scope.names
    }
}
