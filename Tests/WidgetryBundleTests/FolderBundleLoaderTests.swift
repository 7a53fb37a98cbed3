import Foundation
import Testing
import WidgetryBundle
import WidgetryTestSupport

/// The loader a host has without WidgetryBundleFetch: folders, and a refusal that names the
/// loader that reads archives and URLs.
@Suite("Folder loading")
struct FolderBundleLoaderTests {
    @Test func readsAFolder() async throws {
        let loaded = try await FolderBundleLoader().load(.directory(Samples.widget("Feed")), progress: nil)
        #expect(loaded.bundle.manifest.name == "Feed")
        #expect(loaded.extractedDirectory == nil)
    }

    @Test func refusesArchivesAndURLs() async {
        await #expect(throws: BundleError.self) { try await FolderBundleLoader().load(.archive(Samples.widget("Feed") + "/x.zip"), progress: nil) }
        do {
            _ = try await FolderBundleLoader().load(.remote("https://example.com/a.zip"), progress: nil)
            Issue.record("a URL was loaded")
        } catch {
            #expect(error.description.contains("BundleLoader (WidgetryBundleFetch)"))
        }
    }
}
