import Foundation
import Testing
import WidgetryNIB
@testable import WidgetryScreen
import WidgetryTestSupport

/// A compiled nib's collection flow layout (`UICollectionLayout`) and navigation bar title
/// attributes (`UITitleTextAttributes`) give the same design as the storyboard XML they were
/// compiled from. No compiled sample has either, so the nibs are written here, object by object,
/// with the keys ibtool writes (those at UIKit's default left out).
@Suite("Compiled design: collections and bar titles")
struct CompiledCollectionDesignTests {
    /// A nib archive written object by object; the first object added is the root.
    struct Nib {
        enum Value {
            case integer(Int64)
            case double(Double)
            case bool(Bool)
            case object(Int)
            case data([UInt8])
        }

        var writer = NIBTestWriter()

        /// Adds an object of `className` with `entries`; its index.
        mutating func add(_ className: String, _ entries: [(String, Value)] = []) -> Int {
            let classIndex = writer.classes.firstIndex { $0.0 == className } ?? {
                writer.classes.append((className, []))
                return writer.classes.count - 1
            }()
            let first = writer.values.count
            for (key, value) in entries {
                let keyIndex = writer.keys.firstIndex(of: key) ?? {
                    writer.keys.append(key)
                    return writer.keys.count - 1
                }()
                let (type, payload): (UInt8, [UInt8]) = switch value {
                case .integer(let number): (3, (0..<8).map { UInt8(truncatingIfNeeded: UInt64(bitPattern: number) >> (8 * $0)) })
                case .double(let number): (7, (0..<8).map { UInt8(truncatingIfNeeded: number.bitPattern >> (8 * $0)) })
                case .bool(let flag): (flag ? 5 : 4, [])
                case .object(let index): NIBTestWriter.reference(UInt32(index))
                case .data(let bytes): NIBTestWriter.data(bytes)
                }
                writer.values.append((keyIndex, type, payload))
            }
            writer.objects.append((classIndex, first, entries.count))
            return writer.objects.count - 1
        }

        mutating func string(_ text: String) -> Int {
            add("NSString", [("NS.bytes", .data(Array(text.utf8)))])
        }

        /// Geometry as ibtool writes it: a tag byte (7, 64-bit floats) and the numbers.
        static func geometry(_ numbers: Double...) -> Value {
            .data([7] + numbers.flatMap { number in (0..<8).map { UInt8(truncatingIfNeeded: number.bitPattern >> (8 * $0)) } })
        }

        /// The design `CompiledDesign` reads of `object`.
        func design(of object: Int) throws -> ViewDesign {
            let archive = try NIBArchive(bytes: writer.bytes(), file: "Test.nib")
            return CompiledDesign(nib: try CompiledNib(archive: archive, parent: nil, externals: [:], controller: nil)).design(of: object)
        }
    }

    /// The XML design of the view or bar with `id` in a one-scene storyboard holding `body`.
    private static func xmlDesign(_ body: String, tag: String = "viewController", id: String) throws -> ViewDesign {
        let text = StoryboardXML.document(StoryboardXML.scene("c", #"storyboardIdentifier="S""#, tag: tag, body))
        let storyboard = try StoryboardReader.read(Array(text.utf8), file: "Main.storyboard")
        if tag == "navigationController" { return try #require(storyboard.scenes.first?.navigationBar) }
        return try #require(storyboard.scene(named: "S")?.view?.children.first { $0.design.designID == id }?.design)
    }

    @Test func aFlowLayoutReadsAsItsStoryboardSource() throws {
        var nib = Nib()
        _ = nib.add("NSObject")
        let layout = nib.add("UICollectionViewFlowLayout", [
            ("UIItemSize", Nib.geometry(120, 90)), ("UILineSpacing", .double(4)), ("UIInteritemSpacing", .double(6)),
            ("UISectionInset", Nib.geometry(8, 12, 16, 20)), ("UIScrollDirection", .integer(1)),
        ])
        let collection = nib.add("UICollectionView", [("UICollectionLayout", .object(layout))])
        let defaults = nib.add("UICollectionView", [("UICollectionLayout", .object(nib.add("UICollectionViewFlowLayout")))])
        let custom = nib.add("UICollectionView", [("UICollectionLayout", .object(nib.add("UICollectionViewLayout")))])

        let xml = try Self.xmlDesign("""
            <view key="view" id="root">
                <subviews>
                    <collectionView dataMode="prototypes" id="cv">
                        <collectionViewFlowLayout key="collectionViewLayout" scrollDirection="horizontal" minimumLineSpacing="4" minimumInteritemSpacing="6" id="fl">
                            <size key="itemSize" width="120" height="90"/>
                            <inset key="sectionInset" minX="12" minY="8" maxX="20" maxY="16"/>
                        </collectionViewFlowLayout>
                    </collectionView>
                </subviews>
            </view>
            """, id: "cv")
        #expect(xml.flowLayout == FlowLayoutDesign(itemWidth: 120, itemHeight: 90, minimumLineSpacing: 4, minimumInteritemSpacing: 6,
                                                  sectionInset: DesignInsets(top: 8, left: 12, bottom: 16, right: 20), scrollDirection: .horizontal))
        #expect(try nib.design(of: collection).flowLayout == xml.flowLayout)
        #expect(try nib.design(of: defaults).flowLayout == FlowLayoutDesign(), "keys ibtool leaves out are UIKit's defaults")
        #expect(try nib.design(of: custom).flowLayout == nil, "a layout that is not a flow layout")
    }

    @Test func aBarsTitleTextAttributesReadAsTheirStoryboardSource() throws {
        var nib = Nib()
        _ = nib.add("NSObject")
        let font = nib.add("UIFont", [("UIFontName", .object(nib.string(".SFUIText-Bold"))), ("UIFontPointSize", .double(20)),
                                      ("UISystemFont", .bool(true)), ("UIFontTraits", .integer(2))])
        let color = nib.add("UIColor", [("UIRed", .double(1)), ("UIGreen", .double(0)), ("UIBlue", .double(0)), ("UIAlpha", .double(1))])
        let fontKey = nib.string("NSFont"), colorKey = nib.string("NSColor")
        let attributes = nib.add("NSDictionary", [("NSInlinedValue", .bool(true)),
                                                  ("UINibEncoderEmptyKey", .object(fontKey)), ("UINibEncoderEmptyKey", .object(font)),
                                                  ("UINibEncoderEmptyKey", .object(colorKey)), ("UINibEncoderEmptyKey", .object(color))])
        let bar = nib.add("UINavigationBar", [("UITitleTextAttributes", .object(attributes))])

        let xml = try Self.xmlDesign("""
            <navigationBar key="navigationBar" contentMode="scaleToFill" id="bar">
                <textAttributes key="titleTextAttributes">
                    <fontDescription key="fontDescription" type="boldSystem" pointSize="20"/>
                    <color key="textColor" red="1" green="0.0" blue="0.0" alpha="1" colorSpace="custom" customColorSpace="sRGB"/>
                </textAttributes>
            </navigationBar>
            """, tag: "navigationController", id: "bar")
        #expect(xml.font == DesignFont(size: 20, weight: .bold) && xml.titleColor == DesignColor(red: 1, green: 0, blue: 0))
        let compiled = try nib.design(of: bar)
        #expect(compiled.font == xml.font && compiled.titleColor == xml.titleColor)
    }
}
