extension NIBArchive {
    /// The archive inside a `UINib` object (a prototype cell's nib): its `archiveData` (an
    /// `NSData` object, or data inline), decoded with the same limits one level deeper, so
    /// nesting is bounded by ``NIBLimits/maxNestingDepth``. Its file name is this one's with
    /// `#<object>` appended.
    public func nestedArchive(_ index: Int) throws(NIBError) -> NIBArchive {
        guard let bytes = try data(of: index, key: "archiveData") else {
            throw NIBError(.malformed, "object \(index) (\(try className(of: index))) has no archiveData", file: file,
                           objectIndex: index, key: "archiveData", hint: "UINib objects carry their archive under archiveData")
        }
        let (depth, overflow) = self.depth.addingReportingOverflow(1)
        guard !overflow, depth <= limits.maxNestingDepth else {
            throw NIBError(.limit, "archives nest more than \(limits.maxNestingDepth) deep", file: file, objectIndex: index,
                           key: "archiveData", hint: "prototype cells nest one archive; deeper nesting is not something Interface Builder writes")
        }
        return try NIBArchive(bytes: bytes, file: "\(file)#\(index)", limits: limits, depth: depth)
    }
}
