extension JSONObject {
    /// The object with each member replaced by `transform`'s, in order, key locations kept as
    /// the transform leaves them. The transform must map distinct keys to distinct keys (a
    /// renaming such as a dialect's prefixes); a key it makes twice keeps its first member.
    public func mappingMembers(_ transform: (Member) throws -> Member) rethrows -> JSONObject {
        var seen = Set<String>()
        var result: [Member] = []
        result.reserveCapacity(members.count)
        for member in members {
            let mapped = try transform(member)
            if seen.insert(mapped.key).inserted { result.append(mapped) }
        }
        return JSONObject(uniqueMembers: result, index: nil)
    }
}
