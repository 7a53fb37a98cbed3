/// The i-th of n equal parts of a list of bundles (every n-th, starting at the i-th), for CI
/// matrix jobs (`--shard i/n`): how `test`, `lint` and `validate` split the bundles they are given.
public struct BundleShard: Sendable, Equatable {
    /// Which part, from 1.
    public let index: Int
    /// How many parts.
    public let count: Int

    /// The `index`-th of `count` parts; nil unless 1 ≤ index ≤ count.
    public init?(index: Int, count: Int) {
        guard count >= 1, (1...count).contains(index) else { return nil }
        self.index = index
        self.count = count
    }

    /// The part `i/n` names; nil for any other text.
    public init?(_ text: String) {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false).map { Int($0) }
        guard parts.count == 2, let index = parts[0], let count = parts[1] else { return nil }
        self.init(index: index, count: count)
    }

    /// The items of `items` this part takes, with their positions in `items`.
    public func select<T>(_ items: [T]) -> [(offset: Int, element: T)] {
        items.enumerated().filter { $0.offset % count == index - 1 }.map { (offset: $0.offset, element: $0.element) }
    }
}
