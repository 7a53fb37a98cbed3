/// Interface Builder storyboard XML written in a few words, for the tests of the storyboard
/// reader and of the screens it gives: `Self.document(Self.screen("home", subviews: …))`.
public protocol StoryboardWriting {}

/// The writer for tests that are not themselves ``StoryboardWriting``.
public enum StoryboardXML: StoryboardWriting {}

extension StoryboardWriting {
    public static func document(_ scenes: String..., initial: String? = nil) -> String {
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0"\(initial.map { " initialViewController=\"\($0)\"" } ?? "")>
            <scenes>
        \(scenes.joined(separator: "\n"))
            </scenes>
        </document>
        """
    }

    /// A scene holding one controller (`tag`) with `attributes` and `body`.
    public static func scene(_ id: String, _ attributes: String = "", tag: String = "viewController", _ body: String = "") -> String {
        """
                <scene sceneID="scene-\(id)">
                    <objects>
                        <\(tag) id="\(id)" \(attributes) sceneMemberID="viewController">
        \(body)
                        </\(tag)>
                        <placeholder placeholderIdentifier="IBFirstResponder" id="fr-\(id)" sceneMemberID="firstResponder"/>
                    </objects>
                </scene>
        """
    }

    /// A view controller whose root view holds `subviews`.
    public static func screen(_ id: String, _ attributes: String = "", subviews: String, more: String = "") -> String {
        scene(id, attributes, """
            <view key="view" contentMode="scaleToFill" id="root-\(id)">
                <rect key="frame" x="0.0" y="0.0" width="375" height="667"/>
                <subviews>
            \(subviews)
                </subviews>
            </view>
            \(more)
            """)
    }

    public static func attributes(_ members: String...) -> String {
        "<userDefinedRuntimeAttributes>" + members.joined() + "</userDefinedRuntimeAttributes>"
    }

    public static func identifier(_ id: String) -> String {
        #"<userDefinedRuntimeAttribute type="string" keyPath="wx.identifier" value="\#(id)"/>"#
    }
}
