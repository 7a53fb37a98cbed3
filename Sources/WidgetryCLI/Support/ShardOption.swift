import ArgumentParser

/// `--shard i/n`: the i-th of n equal parts of the bundles a command was given (every n-th,
/// starting at the i-th), for CI matrix jobs. Shared by `lint`, `validate` and `test`.
struct ShardOption: ParsableArguments {
    @Option(help: ArgumentHelp("Check only the i-th of n equal parts of the bundles (1-based), for CI matrix jobs.", valueName: "i/n"))
    var shard: String?

    func validate() throws {
        if let shard, Self.parse(shard) == nil { throw ValidationError("--shard takes i/n with 1 ≤ i ≤ n, such as 2/4") }
    }

    /// The part of `items` this shard takes, with their positions in `items`.
    func select<T>(_ items: [T]) -> [(offset: Int, element: T)] {
        let all = Array(items.enumerated()).map { (offset: $0.offset, element: $0.element) }
        guard let shard, let (index, count) = Self.parse(shard) else { return all }
        return all.filter { $0.offset % count == index - 1 }
    }

    /// `i/n` as (i, n), when 1 ≤ i ≤ n.
    static func parse(_ text: String) -> (Int, Int)? {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false).map { Int($0) }
        guard parts.count == 2, let index = parts[0], let count = parts[1], count >= 1, (1...count).contains(index) else { return nil }
        return (index, count)
    }
}
