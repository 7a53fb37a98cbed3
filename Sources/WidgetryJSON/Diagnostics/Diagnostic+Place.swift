extension Diagnostic {
    /// Where a name or value is written in a file of a bundle, for an error found later about
    /// what it names (the manifest's `entryScreen` naming a screen the bundle lacks).
    public struct Place: Sendable, Hashable {
        /// The file, relative to the bundle's root.
        public var file: String
        public var location: SourceLocation?
        public var pointer: JSONPointer?

        public init(file: String, location: SourceLocation?, pointer: JSONPointer?) {
            self.file = file
            self.location = location
            self.pointer = pointer
        }
    }
}
