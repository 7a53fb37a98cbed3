import Foundation
import Testing
import WidgetryXML
import WidgetryBundle
import WidgetryBundleFetch
import WidgetryRuntime
import WidgetryStore

/// The limits on a bundle's Xcode sources (`WidgetRun.Options.xmlLimits`) apply to the model and
/// the storyboard alike, each refused with its own error and file.
struct XMLLimitsTests {
    private func load(_ limits: XMLLimits) async throws -> WidgetRunError? {
        let loaded = try await BundleLoader().load(try BundleSource(argument: OriginalLayoutTests.bundle))
        do {
            _ = try WidgetRun(bundle: loaded.bundle, options: WidgetRun.Options(now: FeedAcceptanceTests.now, xmlLimits: limits))
            return nil
        } catch {
            return error
        }
    }

    private func size(_ path: String) throws -> Int {
        try #require(FileManager.default.attributesOfItem(atPath: OriginalLayoutTests.bundle + "/" + path)[.size] as? Int)
    }

    @Test func aModelOverTheByteLimitIsRefusedUnread() async throws {
        let model = try size("Model.xcdatamodeld/Model.xcdatamodel/contents")
        let error = try #require(try await load(XMLLimits(maxBytes: model - 1)))
        #expect(error.description.contains("Model.xcdatamodeld/Model.xcdatamodel/contents: cannot read Model.xcdatamodeld/Model.xcdatamodel/contents: the document is larger than \(model - 1) bytes (XMLLimits.maxBytes) [model.invalid-xml]"),
                "\(error)")
    }

    @Test func aStoryboardOverTheByteLimitIsRefusedUnread() async throws {
        let model = try size("Model.xcdatamodeld/Model.xcdatamodel/contents")
        let storyboard = try size("Base.lproj/Main.storyboard")
        #expect(model < storyboard)
        let error = try #require(try await load(XMLLimits(maxBytes: storyboard - 1)))
        #expect(error.description.contains("Base.lproj/Main.storyboard: cannot read the storyboard: the document is larger than \(storyboard - 1) bytes (XMLLimits.maxBytes) [storyboard.malformed-xml]"),
                "\(error)")
        #expect(try await load(XMLLimits(maxBytes: storyboard)) == nil)
    }

    @Test func nestingOverTheDepthLimitIsALocatedError() async throws {
        let error = try #require(try await load(XMLLimits(maxDepth: 3)))
        #expect(error.description.contains("Model.xcdatamodel/contents:"))
        #expect(error.description.contains("elements are nested more than 3 deep (XMLLimits.maxDepth) [model.invalid-xml]"), "\(error)")
    }
}
