import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// libarchive converts entry names between the archive's charset and the current locale's. A
/// process left in the `C` locale (the default for a command-line program) cannot hold a name
/// such as `Café.json`, so zips from Python, Java and 7-Zip that mark their names as UTF-8
/// (general purpose bit 11) would lose every non-ASCII name. Reading and writing archives run
/// with the calling thread, and only it, in a UTF-8 locale; the process locale is not touched.
enum UTF8ThreadLocale {
    /// Runs `body` (which must not suspend, so it stays on this thread) in a UTF-8 `LC_CTYPE`.
    static func run<T, E: Error>(_ body: () throws(E) -> T) throws(E) -> T {
        var found: locale_t?
        for name in ["C.UTF-8", "C.utf8", "en_US.UTF-8"] where found == nil {
            found = newlocale(Int32(1 << LC_CTYPE), name, nil)
        }
        guard let utf8 = found else { return try body() }
        let previous = uselocale(utf8)
        defer {
            uselocale(previous)
            freelocale(utf8)
        }
        return try body()
    }
}
