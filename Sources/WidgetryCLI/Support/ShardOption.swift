import ArgumentParser
import WidgetryBundle

/// `--shard i/n`: the i-th of n equal parts of the bundles a command was given (every n-th,
/// starting at the i-th), for CI matrix jobs. Shared by `lint`, `validate` and `test`.
struct ShardOption: ParsableArguments {
    @Option(help: ArgumentHelp("Check only the i-th of n equal parts of the bundles (1-based), for CI matrix jobs.", valueName: "i/n"))
    var shard: String?

    func validate() throws {
        if let shard, BundleShard(shard) == nil { throw ValidationError("--shard takes i/n with 1 ≤ i ≤ n, such as 2/4") }
    }

    /// The part `--shard` names; nil without the option.
    var part: BundleShard? { shard.flatMap { BundleShard($0) } }

    /// The part of `items` this shard takes, with their positions in `items`.
    func select<T>(_ items: [T]) -> [(offset: Int, element: T)] {
        guard let part else { return items.enumerated().map { (offset: $0.offset, element: $0.element) } }
        return part.select(items)
    }
}
