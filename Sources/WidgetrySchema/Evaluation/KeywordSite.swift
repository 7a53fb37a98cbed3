/// The keyword being applied and the schema it belongs to, for placing violations.
struct KeywordSite {
    var node: NodeID
    /// The keyword's name; nil for a boolean schema.
    var keyword: String?
}
