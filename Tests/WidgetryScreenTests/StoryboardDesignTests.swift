import Foundation
import Testing
import WidgetryScreen

/// `ViewDesign` read from storyboard XML: frames, autoresizing, constraints (ratio multipliers,
/// missing items and priorities, at their lines), fonts, colours by component and by name,
/// and values that cannot be read left out without failing the load.
@Suite("Storyboard design")
struct StoryboardDesignTests {
    /// A storyboard whose one controller `c1` has a root view `root` holding `subviews`.
    static func storyboard(_ subviews: String, rootConstraints: String = "", resources: String = "") -> String {
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0">
            <scenes>
                <scene sceneID="s1">
                    <objects>
                        <viewController storyboardIdentifier="Main" useStoryboardIdentifierAsRestorationIdentifier="YES" id="c1" sceneMemberID="viewController">
                            <layoutGuides>
                                <viewControllerLayoutGuide type="top" id="top-guide"/>
                                <viewControllerLayoutGuide type="bottom" id="bottom-guide"/>
                            </layoutGuides>
                            <view key="view" id="root">
                                <rect key="frame" x="0.0" y="0.0" width="375" height="667"/>
                                <autoresizingMask key="autoresizingMask" widthSizable="YES" heightSizable="YES"/>
                                <subviews>
        \(subviews)
                                </subviews>
                                <viewLayoutGuide key="safeArea" id="safe-area"/>
                                <constraints>
        \(rootConstraints)
                                </constraints>
                            </view>
                        </viewController>
                    </objects>
                </scene>
            </scenes>
            <resources>
        \(resources)
            </resources>
        </document>
        """
    }

    private func root(_ text: String) throws -> ViewNode {
        let storyboard = try StoryboardReader.read(Array(text.utf8), file: "Main.storyboard")
        return try #require(storyboard.scene(named: "Main")?.view)
    }

    /// The node whose design id is `id`, anywhere under `node` (prototypes' children too).
    private func node(_ id: String, in node: ViewNode) -> ViewNode? {
        if node.design.designID == id { return node }
        for child in node.subviews + node.prototypes.flatMap(\.children) {
            if let found = self.node(id, in: child) { return found }
        }
        return nil
    }

    /// The line and column of the `<` that opens the first element of `text` containing `needle`.
    private func place(of needle: String, in text: String) -> (line: Int, column: Int)? {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        guard let index = lines.firstIndex(where: { $0.contains(needle) }), let open = lines[index].firstIndex(of: "<") else { return nil }
        return (index + 1, lines[index].distance(from: lines[index].startIndex, to: open) + 1)
    }

    @Test func rootViewFrameMaskGuidesAndSafeArea() throws {
        let root = try root(Self.storyboard(""))
        #expect(root.design.designID == "root")
        #expect(root.design.frame == DesignRect(x: 0, y: 0, width: 375, height: 667))
        #expect(root.design.autoresizing == [.flexibleWidth, .flexibleHeight])
        #expect(root.design.usesConstraints == false)
        #expect(root.design.safeAreaGuideID == "safe-area")
        #expect(root.design.topLayoutGuideID == "top-guide")
        #expect(root.design.bottomLayoutGuideID == "bottom-guide")
    }

    @Test func constraintsWithRatiosDefaultsAndPlaces() throws {
        let text = Self.storyboard("""
            <view translatesAutoresizingMaskIntoConstraints="NO" id="box">
                <rect key="frame" x="10" y="20" width="160" height="90"/>
                <constraints>
                    <constraint firstAttribute="width" secondItem="box" secondAttribute="height" multiplier="16:9" id="ratio"/>
                    <constraint firstAttribute="height" relation="greaterThanOrEqual" constant="44" id="min"/>
                </constraints>
            </view>
            """, rootConstraints: """
            <constraint firstItem="box" firstAttribute="top" secondItem="top-guide" secondAttribute="bottom" constant="8" priority="750" id="pin"/>
            <constraint firstItem="box" firstAttribute="width" secondItem="root" secondAttribute="width" multiplier="0.5" relation="lessThanOrEqual" id="half"/>
            """)
        let root = try root(text)
        let box = try #require(node("box", in: root))
        #expect(box.design.usesConstraints)
        #expect(box.design.frame == DesignRect(x: 10, y: 20, width: 160, height: 90))
        #expect(box.design.autoresizing == nil, "no mask was written")
        let ratio = try #require(box.design.constraints.first { $0.id == "ratio" })
        #expect(ratio.firstItem == nil, "the holding view")
        #expect(ratio.firstAttribute == .width && ratio.secondItem == "box" && ratio.secondAttribute == .height)
        #expect(abs(ratio.multiplier - 16.0 / 9.0) < 1e-12)
        #expect(ratio.priority == 1000 && ratio.relation == .equal && ratio.constant == 0)
        let written = try #require(place(of: #"id="ratio""#, in: text))
        #expect(ratio.place.location?.line == written.line)
        #expect(ratio.place.location?.column == written.column, "at the < of the constraint element")
        #expect(written.column > 1)
        #expect(ratio.place.file == "Main.storyboard")
        let min = try #require(box.design.constraints.first { $0.id == "min" })
        #expect(min.relation == .greaterThanOrEqual && min.constant == 44 && min.secondItem == nil && min.secondAttribute == .notAnAttribute)
        let pin = try #require(root.design.constraints.first { $0.id == "pin" })
        #expect(pin.firstItem == "box" && pin.secondItem == "top-guide" && pin.priority == 750 && pin.constant == 8)
        let half = try #require(root.design.constraints.first { $0.id == "half" })
        #expect(half.multiplier == 0.5 && half.relation == .lessThanOrEqual)
    }

    @Test func fixedFrameViewsKeepTheirMask() throws {
        let root = try root(Self.storyboard("""
            <tableView fixedFrame="YES" translatesAutoresizingMaskIntoConstraints="NO" style="grouped" rowHeight="44" sectionHeaderHeight="-1" id="table">
                <rect key="frame" x="0.0" y="0.0" width="375" height="667"/>
                <autoresizingMask key="autoresizingMask" flexibleMinX="YES" flexibleMaxX="YES" flexibleMinY="YES" flexibleMaxY="YES"/>
            </tableView>
            """))
        let table = try #require(node("table", in: root))
        #expect(table.design.usesConstraints == false, "Interface Builder compiles a fixed frame as translating its mask")
        #expect(table.design.autoresizing == [.flexibleLeftMargin, .flexibleRightMargin, .flexibleTopMargin, .flexibleBottomMargin])
        #expect(table.design.tableStyle == .grouped)
        #expect(table.design.rowHeight == 44)
        #expect(table.design.sectionHeaderHeight == nil, "-1 is UIKit's automatic height")
    }

    @Test func fontsColoursAndText() throws {
        let root = try root(Self.storyboard("""
            <label text="A" textAlignment="center" numberOfLines="2" id="a">
                <fontDescription key="fontDescription" type="system" weight="semibold" pointSize="24"/>
                <color key="textColor" systemColor="secondaryLabelColor"/>
                <color key="backgroundColor" white="0.5" alpha="0.25" colorSpace="custom" customColorSpace="genericGamma22GrayColorSpace"/>
                <color key="tintColor" name="Accent"/>
            </label>
            <label text="B" id="b">
                <fontDescription key="fontDescription" name="Helvetica-Bold" family="Helvetica" pointSize="17"/>
                <color key="textColor" red="1" green="0.5" blue="0.0" alpha="1" colorSpace="custom" customColorSpace="sRGB"/>
                <color key="backgroundColor" systemColor="systemBackgroundColor"/>
            </label>
            <label text="C" id="c">
                <fontDescription key="fontDescription" type="italicSystem" pointSize="12"/>
                <color key="textColor" cocoaTouchSystemColor="darkTextColor"/>
            </label>
            <label text="D" id="d">
                <fontDescription key="fontDescription" style="UICTFontTextStyleHeadline"/>
            </label>
            <button id="e">
                <fontDescription key="fontDescription" type="boldSystem" pointSize="15"/>
                <state key="normal" title="Go" image="arrow">
                    <color key="titleColor" systemColor="systemBlueColor"/>
                </state>
            </button>
            """, resources: """
            <namedColor name="Accent"><color red="0.2" green="0.4" blue="0.6" alpha="1" colorSpace="custom" customColorSpace="sRGB"/></namedColor>
            <systemColor name="systemBackgroundColor"><color white="0.9" alpha="1" colorSpace="custom" customColorSpace="genericGamma22GrayColorSpace"/></systemColor>
            """))
        let a = try #require(node("a", in: root)).design
        #expect(a.font == DesignFont(size: 24, weight: .semibold))
        #expect(a.textColor == DesignColor(red: 60.0 / 255, green: 60.0 / 255, blue: 67.0 / 255, alpha: 0.6), "from the table")
        #expect(a.backgroundColor == DesignColor(white: 0.5, alpha: 0.25))
        #expect(a.tintColor == DesignColor(red: 0.2, green: 0.4, blue: 0.6), "a named colour of the document's resources")
        #expect(a.textAlignment == .center && a.numberOfLines == 2)
        let b = try #require(node("b", in: root)).design
        #expect(b.font == DesignFont(size: 17, name: "Helvetica-Bold"))
        #expect(b.textColor == DesignColor(red: 1, green: 0.5, blue: 0))
        #expect(b.backgroundColor == DesignColor(white: 0.9), "the document's own value comes before the table's")
        let c = try #require(node("c", in: root)).design
        #expect(c.font == DesignFont(size: 12, italic: true))
        #expect(c.textColor == DesignColor(white: 0))
        #expect(try #require(node("d", in: root)).design.font == DesignFont(size: 17, weight: .semibold))
        let e = try #require(node("e", in: root)).design
        #expect(e.font == DesignFont(size: 15, weight: .bold))
        #expect(e.imageName == "arrow")
        #expect(e.titleColor == DesignColor(red: 0, green: 122.0 / 255, blue: 1))
    }

    /// ibtool stores colours in sRGB: Generic RGB (`calibratedRGB`) and Display P3 components
    /// are converted as it converts them (its output for upstream's cell backing is
    /// `-0.0734 0.5898 1.0012`); sRGB and gray levels are taken as written.
    @Test func coloursInOtherSpacesAreConvertedToSRGB() throws {
        let root = try root(Self.storyboard("""
            <view id="a"><color key="backgroundColor" red="0.0" green="0.50196078430000002" blue="1" alpha="1" colorSpace="calibratedRGB"/></view>
            <view id="b"><color key="backgroundColor" red="1" green="0" blue="0" alpha="0.5" colorSpace="custom" customColorSpace="displayP3"/></view>
            <view id="c"><color key="backgroundColor" red="0.5" green="0.25" blue="1" alpha="1" colorSpace="custom" customColorSpace="sRGB"/></view>
            <view id="d"><color key="backgroundColor" white="0.667" alpha="1" colorSpace="custom" customColorSpace="genericGamma22GrayColorSpace"/></view>
            """))
        func components(_ id: String) -> [Double] {
            guard let color = node(id, in: root)?.design.backgroundColor else { return [] }
            return [color.red, color.green, color.blue, color.alpha]
        }
        func close(_ left: [Double], _ right: [Double]) -> Bool { left.count == right.count && zip(left, right).allSatisfy { abs($0 - $1) < 0.0005 } }
        #expect(close(components("a"), [-0.0734183, 0.5898009, 1.0012298, 1]), "\(components("a"))")
        #expect(close(components("b"), [1.0931, -0.2267, -0.1501, 0.5]), "P3's red is outside sRGB: \(components("b"))")
        #expect(components("c") == [0.5, 0.25, 1, 1])
        #expect(components("d") == [0.667, 0.667, 0.667, 1])
    }

    /// Line break mode, content mode, alpha, hidden, clipping and a button's type; what is not
    /// written is UIKit's default (a button without a type is custom).
    @Test func visibilityAndModes() throws {
        let root = try root(Self.storyboard("""
            <label text="x" lineBreakMode="wordWrap" contentMode="left" alpha="0.5" hidden="YES" clipsSubviews="YES" id="a"/>
            <button buttonType="contactAdd" lineBreakMode="middleTruncation" id="b"/>
            <button buttonType="roundedRect" id="c"/>
            <button id="d"/>
            <view contentMode="sideways" alpha="2" id="e"/>
            """))
        let a = try #require(node("a", in: root)).design
        #expect(a.lineBreakMode == .wordWrap && a.contentMode == .left && a.alpha == 0.5 && a.isHidden && a.clipsToBounds)
        #expect(a.buttonType == nil)
        let b = try #require(node("b", in: root)).design
        #expect(b.buttonType == .contactAdd && b.lineBreakMode == .middleTruncation)
        #expect(try #require(node("c", in: root)).design.buttonType == .system, "roundedRect is the system type since iOS 7")
        #expect(try #require(node("d", in: root)).design.buttonType == .custom)
        let e = try #require(node("e", in: root)).design
        #expect(e.contentMode == nil && e.alpha == 1 && !e.isHidden && !e.clipsToBounds && e.lineBreakMode == nil, "unknown modes are left out; alpha is at most 1")
    }

    @Test func layerAttributes() throws {
        let root = try root(Self.storyboard("""
            <imageView image="avatar" id="a">
                <userDefinedRuntimeAttributes>
                    <userDefinedRuntimeAttribute type="number" keyPath="layer.cornerRadius"><real key="value" value="4.5"/></userDefinedRuntimeAttribute>
                    <userDefinedRuntimeAttribute type="number" keyPath="layer.borderWidth" value="2"/>
                    <userDefinedRuntimeAttribute type="color" keyPath="layer.borderColor"><color key="value" white="0.0" alpha="1"/></userDefinedRuntimeAttribute>
                </userDefinedRuntimeAttributes>
            </imageView>
            <view id="b">
                <userDefinedRuntimeAttributes>
                    <userDefinedRuntimeAttribute type="number" keyPath="cornerRadius"><integer key="value" value="20"/></userDefinedRuntimeAttribute>
                </userDefinedRuntimeAttributes>
            </view>
            """))
        let a = try #require(node("a", in: root)).design
        #expect(a.imageName == "avatar")
        #expect(a.cornerRadius == 4.5 && a.borderWidth == 2 && a.borderColor == DesignColor(white: 0))
        #expect(try #require(node("b", in: root)).design.cornerRadius == 20, "upstream's inspectable cornerRadius")
    }

    @Test func prototypeCellsTakeTheirContentViewsConstraints() throws {
        let root = try root(Self.storyboard("""
            <tableView translatesAutoresizingMaskIntoConstraints="NO" id="table">
                <prototypes>
                    <tableViewCell reuseIdentifier="Cell" id="cell">
                        <rect key="frame" x="0.0" y="28" width="375" height="60"/>
                        <tableViewCellContentView key="contentView" id="content">
                            <rect key="frame" x="0.0" y="0.0" width="375" height="59.5"/>
                            <subviews>
                                <label text="x" translatesAutoresizingMaskIntoConstraints="NO" id="label">
                                    <rect key="frame" x="16" y="8" width="100" height="20"/>
                                </label>
                            </subviews>
                            <constraints>
                                <constraint firstAttribute="trailing" secondItem="label" secondAttribute="trailing" constant="16" id="k1"/>
                                <constraint firstItem="label" firstAttribute="height" constant="20" id="k2"/>
                            </constraints>
                        </tableViewCellContentView>
                        <color key="backgroundColor" systemColor="systemGroupedBackgroundColor"/>
                    </tableViewCell>
                </prototypes>
            </tableView>
            """))
        let table = try #require(node("table", in: root))
        let cell = try #require(table.prototypes.first)
        #expect(cell.design.designID == "cell")
        #expect(cell.design.frame?.height == 60, "the row's height")
        #expect(cell.design.contentViewID == "content")
        #expect(cell.design.backgroundColor == DesignColor(red: 242.0 / 255, green: 242.0 / 255, blue: 247.0 / 255))
        let k1 = try #require(cell.design.constraints.first { $0.id == "k1" })
        #expect(k1.firstItem == "content", "the content view held it")
        #expect(k1.secondItem == "label" && k1.constant == 16)
        let k2 = try #require(cell.design.constraints.first { $0.id == "k2" })
        #expect(k2.firstItem == "label" && k2.secondItem == nil, "a constant height names no second item")
        #expect(cell.children.first?.design.frame == DesignRect(x: 16, y: 8, width: 100, height: 20))
    }

    /// Nothing a storyboard says about design can fail its load: what cannot be read is nil,
    /// and a constraint that cannot be read is left out.
    @Test func unreadableValuesAreLeftOut() throws {
        let root = try root(Self.storyboard("""
            <label text="x" textAlignment="sideways" numberOfLines="many" id="odd">
                <rect key="frame" x="zero" y="0" width="10" height="10"/>
                <fontDescription key="fontDescription" type="system" pointSize="huge"/>
                <color key="textColor" systemColor="noSuchColor"/>
                <color key="backgroundColor" red="1" green="nan" blue="0"/>
                <color key="tintColor" red="1" green="0"/>
                <constraints>
                    <constraint firstAttribute="sideways" constant="1" id="bad-attribute"/>
                    <constraint firstAttribute="width" multiplier="1:0" id="bad-ratio"/>
                    <constraint firstAttribute="width" priority="high" id="bad-priority"/>
                    <constraint firstAttribute="width" priority="5000" id="priority-too-high"/>
                    <constraint firstAttribute="width" relation="about" id="bad-relation"/>
                    <constraint firstAttribute="width" constant="wide" id="bad-constant"/>
                    <constraint firstAttribute="width" constant="10" id="good"/>
                </constraints>
                <userDefinedRuntimeAttributes>
                    <userDefinedRuntimeAttribute type="number" keyPath="layer.cornerRadius" value="round"/>
                    <userDefinedRuntimeAttribute type="color" keyPath="layer.borderColor"/>
                </userDefinedRuntimeAttributes>
            </label>
            """))
        let odd = try #require(node("odd", in: root)).design
        #expect(odd.frame == nil && odd.font == nil && odd.textAlignment == nil && odd.numberOfLines == nil)
        #expect(odd.textColor == nil && odd.backgroundColor == nil && odd.tintColor == nil)
        #expect(odd.cornerRadius == nil && odd.borderColor == nil)
        #expect(odd.constraints.map(\.id) == ["good"])
    }
}
