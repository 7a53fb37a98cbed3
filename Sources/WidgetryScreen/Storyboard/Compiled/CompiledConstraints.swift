import WidgetryJSON
import WidgetryNIB

/// A view's `NSLayoutConstraint`s in a compiled nib as ``DesignConstraint``s: `NSFirstItem`,
/// `NSFirstAttribute` (`…V2` when written), `NSRelation` (-1 ≤, 0 =, 1 ≥), `NSSecondItem`,
/// `NSSecondAttribute`, `NSMultiplier` (1 when missing), `NSConstant` (0) or a symbolic
/// constant, `NSPriority` (1000). Items are named by ``CompiledDesign/designID(of:in:)``.
/// What ibtool adds is not the author's and is left out: `_UILayoutSupportConstraint`s, and
/// the constraints that pin a controller's layout guide (`_UILayoutGuide`) to the root view
/// that holds them (its edges, its zero height), which UIKit replaces at run time. So is a
/// constraint whose values cannot be read, as the XML reader leaves one out.
struct CompiledConstraints {
    let nib: CompiledNib
    private var archive: NIBArchive { nib.archive }

    /// The constraints `view` holds (`UIViewAutolayoutConstraints`), in archive order.
    func constraints(heldBy view: Int) -> [DesignConstraint] {
        ((try? archive.objectItems(of: view, key: "UIViewAutolayoutConstraints")) ?? []).compactMap { constraint($0, holder: view) }
    }

    /// Whether a constraint relates a layout guide to nothing or to the view holding it.
    private func pinsLayoutGuide(_ first: Int, _ second: Int?, holder: Int) -> Bool {
        func isGuide(_ item: Int?) -> Bool { item.map { (try? archive.className(of: $0)) == "_UILayoutGuide" } ?? false }
        return (isGuide(first) && (second == nil || second == holder)) || (isGuide(second) && first == holder)
    }

    private func constraint(_ object: Int, holder: Int) -> DesignConstraint? {
        guard (try? archive.className(of: object)) == "NSLayoutConstraint",
              let firstItem = try? archive.reference(of: object, key: "NSFirstItem"),
              let firstAttribute = attribute(of: object, key: "NSFirstAttribute"), firstAttribute != .notAnAttribute,
              let secondAttribute = attribute(of: object, key: "NSSecondAttribute"),
              let relation = relation(of: object),
              let multiplier = number(of: object, key: "NSMultiplier", default: 1),
              let constant = symbolicConstant(of: object, holder: holder) ?? number(of: object, key: "NSConstant", default: 0),
              let priority = number(of: object, key: "NSPriority", default: 1000), priority >= 1, priority <= 1000 else { return nil }
        let secondItem: Int?
        do { secondItem = try archive.reference(of: object, key: "NSSecondItem") } catch { return nil }
        guard !pinsLayoutGuide(firstItem, secondItem, holder: holder) else { return nil }
        return DesignConstraint(id: nil, firstItem: CompiledDesign.designID(of: firstItem, in: archive), firstAttribute: firstAttribute,
                                relation: relation, secondItem: secondItem.map { CompiledDesign.designID(of: $0, in: archive) },
                                secondAttribute: secondAttribute, multiplier: multiplier, constant: constant, priority: Int(priority.rounded()),
                                place: SourcePlace(file: nib.file, location: nil))
    }

    /// `NSLayoutConstraint.Attribute`'s numbers: 0 none, 1 left … 10 centerY, 11 last
    /// baseline, 12 first baseline, 13 leftMargin … 20 centerYWithinMargins. Missing is none.
    private func attribute(of object: Int, key: String) -> DesignConstraint.Attribute? {
        guard let code = integer(of: object, key: key + "V2") ?? integer(of: object, key: key) else { return .notAnAttribute }
        let order: [DesignConstraint.Attribute] = [
            .notAnAttribute, .left, .right, .top, .bottom, .leading, .trailing, .width, .height, .centerX, .centerY,
            .lastBaseline, .firstBaseline, .leftMargin, .rightMargin, .topMargin, .bottomMargin, .leadingMargin, .trailingMargin,
            .centerXWithinMargins, .centerYWithinMargins,
        ]
        return code >= 0 && code < Int64(order.count) ? order[Int(code)] : nil
    }

    /// A constraint at Interface Builder's standard spacing (`NSSymbolicConstant` `NSSpace`,
    /// the XML's `symbolic="YES"`) is 20 points from the holding view's edge and 8 between
    /// siblings, the constant the XML writes beside it.
    private func symbolicConstant(of object: Int, holder: Int) -> Double? {
        guard (try? archive.string(of: object, key: "NSSymbolicConstant")) == "NSSpace" else { return nil }
        let items = ["NSFirstItem", "NSSecondItem"].map { try? archive.reference(of: object, key: $0) }
        return items.contains(holder) ? 20 : 8
    }

    private func relation(of object: Int) -> DesignConstraint.Relation? {
        switch integer(of: object, key: "NSRelation") ?? 0 {
        case -1: .lessThanOrEqual
        case 0: .equal
        case 1: .greaterThanOrEqual
        default: nil
        }
    }

    private func integer(of object: Int, key: String) -> Int64? {
        try? archive.integer(of: object, key: key)
    }

    /// A finite number under `key`, `value` when missing, nil when it cannot be read.
    private func number(of object: Int, key: String, default value: Double) -> Double? {
        let read: Double
        do { read = try archive.double(of: object, key: key) ?? value } catch { return nil }
        return read.isFinite ? read : nil
    }
}
