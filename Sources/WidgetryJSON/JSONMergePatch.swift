extension JSONValue {
    /// This value with `patch` applied by JSON Merge Patch (RFC 7386): an object patch merges
    /// member by member, a null member removes the member, anything else replaces the value.
    /// Kept values keep their locations; patched ones bring theirs.
    public func merging(_ patch: JSONValue) -> JSONValue {
        guard case .object(let changes) = patch.kind else { return patch }
        var result = objectValue ?? JSONObject()
        for change in changes {
            if change.value.isNull {
                result[change.key] = nil
            } else {
                result[change.key] = (result[change.key] ?? JSONValue(.null)).merging(change.value)
            }
        }
        return JSONValue(.object(result), location: objectValue == nil ? patch.location : location, pointer: pointer)
    }
}
