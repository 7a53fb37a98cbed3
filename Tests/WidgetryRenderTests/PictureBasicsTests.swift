import Foundation
import Testing
@testable import WidgetryRender
import WidgetryScreen
import WidgetryTestSupport

/// The pieces every picture is made of: devices, numbers, colours, escaping, autoresizing, and
/// Chromium for PNGs.
@Suite("Render: devices, HTML pieces, autoresizing")
struct PictureBasicsTests {
    @Test func devicesAreFoundByNameOrSize() throws {
        #expect(Device(argument: "iphone-8") == Device.standard)
        #expect(Device(argument: "iPhone-X")?.height == 812)
        let custom = try #require(Device(argument: "390x844"))
        #expect(custom.width == 390 && custom.height == 844 && custom.statusBarHeight == 20)
        for refused in ["", "phone", "0x0", "10x5000", "nanx500", "390x", "x844", "390x844x2"] {
            #expect(Device(argument: refused) == nil, "\(refused)")
        }
    }

    @Test func lengthsHaveAtMostTwoDecimalsAndNoNegativeZero() {
        #expect(HTMLPicture.number(0) == "0")
        #expect(HTMLPicture.number(-0.001) == "0")
        #expect(HTMLPicture.number(12) == "12")
        #expect(HTMLPicture.number(1.5) == "1.5")
        #expect(HTMLPicture.number(1.05) == "1.05")
        #expect(HTMLPicture.number(2.104) == "2.1")
        #expect(HTMLPicture.number(-3.25) == "-3.25")
        #expect(HTMLPicture.number(.nan) == "0")
    }

    @Test func coloursAreHexUnlessTranslucent() throws {
        #expect(HTMLPicture.color(DesignColor(red: 0, green: 122.0 / 255, blue: 1)) == "#007aff")
        #expect(HTMLPicture.color(DesignColor(white: 0, alpha: 0.5)) == "rgba(0,0,0,0.5)")
        #expect(try #require(DesignColor(hex: "#00000080")).alpha == 128.0 / 255)
        #expect(DesignColor(hex: "#12345") == nil)
        #expect(DesignColor(hex: "#GGGGGG") == nil)
    }

    @Test func autoresizingSharesTheChangeAmongTheFlexibleParts() {
        let designed = DesignRect(x: 20, y: 10, width: 100, height: 40)
        let parentDesigned = DesignRect(x: 0, y: 0, width: 320, height: 568)
        let parent = DesignRect(x: 0, y: 0, width: 420, height: 568)
        let stretched = ScreenLayout.resized(designed, mask: [.flexibleWidth], from: parentDesigned, to: parent)
        #expect(stretched == DesignRect(x: 20, y: 10, width: 200, height: 40))
        let pinnedRight = ScreenLayout.resized(designed, mask: [.flexibleLeftMargin], from: parentDesigned, to: parent)
        #expect(pinnedRight == DesignRect(x: 120, y: 10, width: 100, height: 40))
        let centred = ScreenLayout.resized(designed, mask: [.flexibleLeftMargin, .flexibleRightMargin], from: parentDesigned, to: parent)
        #expect(centred.x == 70)
        let kept = ScreenLayout.resized(designed, mask: nil, from: parentDesigned, to: parent)
        #expect(kept == designed, "without a mask a frame keeps its place from the top left")
    }

    @Test func looseImageFilesAreFoundByNameTwiceTheScaleFirst() throws {
        let scratch = try TemporaryDirectory()
        defer { scratch.remove() }
        let folder = scratch.path
        try FileManager.default.createDirectory(atPath: folder + "/images", withIntermediateDirectories: true)
        try Data([1]).write(to: URL(fileURLWithPath: folder + "/images/logo.png"))
        try Data([2]).write(to: URL(fileURLWithPath: folder + "/images/logo@2x.png"))
        try Data([3]).write(to: URL(fileURLWithPath: folder + "/photo.jpg"))
        try Data([4]).write(to: URL(fileURLWithPath: folder + "/notes.txt"))
        let library = ImageLibrary(root: folder, files: ["images/logo.png", "images/logo@2x.png", "photo.jpg", "notes.txt"])
        #expect(library.image(named: "logo") == ImageLibrary.Image(bytes: [2], mediaType: "image/png"))
        #expect(library.image(named: "photo") == ImageLibrary.Image(bytes: [3], mediaType: "image/jpeg"))
        #expect(library.image(named: "notes") == nil, "a text file is no image")
        #expect(library.image(named: "missing") == nil)
    }

    @Test func aChromiumThatIsNotThereIsNoChromium() {
        #expect(ChromiumScreenshot.executable(environment: ["WIDGETRY_CHROMIUM": "/nonexistent/chromium"]) == nil)
        #expect(ChromiumScreenshot.executable(environment: ["PATH": "/nonexistent"]) == nil)
    }

    @Test func chromiumDrawsAPNGOfTheAskedSizeOrIsReportedMissing() throws {
        let html = #"<!DOCTYPE html><html><body style="margin:0;background:#ff0000"></body></html>"#
        let result = Result { () throws(ChromiumScreenshot.Failure) in try ChromiumScreenshot.png(of: html, width: 120, height: 80) }
        switch result {
        case .success(let png):
            #expect(Array(png.prefix(8)) == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
            let width = png[16...19].reduce(0) { $0 << 8 | Int($1) }, height = png[20...23].reduce(0) { $0 << 8 | Int($1) }
            #expect(width == 120 && height == 80)
        case .failure(let failure):
            #expect(failure == .missing, "Chromium is there but failed: \(failure)")
            #expect(ChromiumScreenshot.executable() == nil, "reported missing only when no Chromium can be found")
        }
    }
}
