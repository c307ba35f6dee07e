import LifeloopCassowary

/// How important a constraint is: UIKit's `UILayoutPriority`, from 1 to 1000
/// (``required``). A constraint below ``required`` is satisfied as well as the ones above
/// it allow.
public struct LayoutPriority: RawRepresentable, Hashable, Comparable, Sendable, ExpressibleByFloatLiteral,
    ExpressibleByIntegerLiteral, CustomStringConvertible {
    /// The priority's value, 1…1000.
    public var rawValue: Float
    /// A priority of `rawValue`.
    public init(rawValue: Float) { self.rawValue = rawValue }
    /// A priority of `rawValue`.
    public init(_ rawValue: Float) { self.rawValue = rawValue }
    /// A priority written as a number.
    public init(floatLiteral value: Float) { rawValue = value }
    /// A priority written as a whole number.
    public init(integerLiteral value: Int) { rawValue = Float(value) }

    /// 1000: must hold.
    public static let required = LayoutPriority(1000)
    /// 750: a button's compression resistance.
    public static let defaultHigh = LayoutPriority(750)
    /// 250: a button's content hugging.
    public static let defaultLow = LayoutPriority(250)
    /// 50: what `systemLayoutSizeFitting(_:)` asks for on its own.
    public static let fittingSizeLevel = LayoutPriority(50)
    /// 500: the priority a drag may give.
    public static let dragThatCanResizeScene = LayoutPriority(510)

    /// Whether `lhs` is the lower priority.
    public static func < (lhs: LayoutPriority, rhs: LayoutPriority) -> Bool { lhs.rawValue < rhs.rawValue }
    /// A priority `rhs` higher.
    public static func + (lhs: LayoutPriority, rhs: Float) -> LayoutPriority { LayoutPriority(lhs.rawValue + rhs) }
    /// A priority `rhs` lower.
    public static func - (lhs: LayoutPriority, rhs: Float) -> LayoutPriority { LayoutPriority(lhs.rawValue - rhs) }
    /// The value, as UIKit prints it.
    public var description: String {
        rawValue.isFinite && rawValue == rawValue.rounded() && abs(rawValue) < 1e9 ? String(Int(rawValue)) : String(rawValue)
    }

    /// The solver strength: required at 1000, else proportional (a 751 constraint outweighs
    /// one 750 constraint, as in UIKit).
    var strength: Double {
        guard rawValue.isFinite else { return rawValue > 0 ? Strength.required : Strength.medium }
        return rawValue >= 1000 ? Strength.required : Double(max(1, min(999, rawValue))) * Strength.medium
    }
}

/// A constraint between two items: `first.attribute (== | <= | >=) multiplier *
/// second.attribute + constant`. UIKit's `NSLayoutConstraint`.
///
/// A constraint does nothing until it is active (``isActive``, ``activate(_:)``); it is then
/// installed on the closest common ancestor of its views, and the window's layout engine
/// solves it in the next update pass (L33). Changing ``constant`` re-solves incrementally.
open class LayoutConstraint: CustomStringConvertible {
    /// An edge, center, size or baseline of an item: UIKit's `NSLayoutConstraint.Attribute`.
    public enum Attribute: Int, Hashable, Sendable {
        /// Edges, sizes and centers; baselines; the same inside the layout margins.
        case left = 1, right, top, bottom, leading, trailing, width, height, centerX, centerY
        /// A label's last and first baselines, from the font model.
        case lastBaseline, firstBaseline = 12
        /// The edges of the view's layout margins.
        case leftMargin, rightMargin, topMargin, bottomMargin, leadingMargin, trailingMargin
        /// The centers of the view's layout margins.
        case centerXWithinMargins, centerYWithinMargins
        /// No attribute: the second item of a constant size constraint.
        case notAnAttribute = 0
        /// The last baseline (UIKit's older name).
        public static let baseline = Attribute.lastBaseline

        var isHorizontal: Bool {
            switch self {
            case .left, .right, .leading, .trailing, .width, .centerX, .leftMargin, .rightMargin, .leadingMargin,
                 .trailingMargin, .centerXWithinMargins: true
            default: false
            }
        }

        var name: String {
            switch self {
            case .left: "left"
            case .right: "right"
            case .top: "top"
            case .bottom: "bottom"
            case .leading: "leading"
            case .trailing: "trailing"
            case .width: "width"
            case .height: "height"
            case .centerX: "centerX"
            case .centerY: "centerY"
            case .lastBaseline: "lastBaseline"
            case .firstBaseline: "firstBaseline"
            case .leftMargin: "leftMargin"
            case .rightMargin: "rightMargin"
            case .topMargin: "topMargin"
            case .bottomMargin: "bottomMargin"
            case .leadingMargin: "leadingMargin"
            case .trailingMargin: "trailingMargin"
            case .centerXWithinMargins: "centerXWithinMargins"
            case .centerYWithinMargins: "centerYWithinMargins"
            case .notAnAttribute: "notAnAttribute"
            }
        }
    }

    /// `==`, `<=` or `>=`: UIKit's `NSLayoutConstraint.Relation`.
    public enum Relation: Int, Hashable, Sendable {
        /// `<=`, `==`, `>=`.
        case lessThanOrEqual = -1, equal = 0, greaterThanOrEqual = 1

        var symbol: String {
            switch self {
            case .lessThanOrEqual: "<="
            case .equal: "=="
            case .greaterThanOrEqual: ">="
            }
        }
    }

    /// The constraint's name in descriptions (where UIKit prints its address): numbered per app.
    public let label: String
    /// The first item (a view or a layout guide), held weakly: as in UIKit, a constraint
    /// does not keep its items alive (a view holds the constraints installed on it).
    public private(set) weak var firstItem: AnyObject?
    /// The first item's attribute.
    public let firstAttribute: Attribute
    /// The relation.
    public let relation: Relation
    /// The second item, nil for a constant size; held weakly, as the first.
    public private(set) weak var secondItem: AnyObject?
    /// The second item's attribute (`.notAnAttribute` without one).
    public let secondAttribute: Attribute
    /// The factor on the second attribute.
    public let multiplier: CGFloat
    /// A name shown in diagnostics.
    open var identifier: String?
    /// Whether the constraint is kept by an archive (data).
    open var shouldBeArchived = false

    /// The constant; a change re-solves incrementally in the next update pass.
    open var constant: CGFloat {
        didSet {
            if !constant.isFinite { constant = LayoutConstraint.finite(constant, or: oldValue, "constant") }
            guard constant != oldValue else { return }
            engine?.constantChanged(self)
        }
    }

    /// The priority; a required constraint cannot become optional once active (as UIKit, which
    /// throws; Lifeloop records an `invalidArgument` diagnostic), and a change re-solves.
    open var priority: LayoutPriority {
        get { storedPriority }
        set {
            if isActive, (storedPriority == .required) != (newValue == .required) {
                firstView?.app?.diagnose(.invalidArgument, label: firstView?.traceLabel ?? "",
                                         message: "Mutating a priority from required to not on an installed constraint (or vice-versa) is not supported. You passed priority \(newValue) and the existing priority was \(storedPriority).")
                return
            }
            storedPriority = newValue
            engine?.constantChanged(self)
        }
    }
    private var storedPriority: LayoutPriority = .required

    /// The view the constraint is installed on while active.
    weak var installedOn: View?
    /// The engine solving it (the window's), while it is in one.
    weak var engine: LayoutEngine?
    /// Its form in the engine's solver.
    var solverConstraint: Constraint?
    /// The engine refused it as unsatisfiable (it stays active, unsatisfied, as in UIKit,
    /// until it changes).
    var isBroken = false
    /// A constraint the runtime made (autoresizing, content size, guides, stack views),
    /// described with UIKit's class names for those.
    var origin: Origin = .user

    enum Origin { case user, autoresizing, contentSize, guide, stackView }

    /// Creates `view1.attr1 relation multiplier * view2.attr2 + c`, inactive. UIKit's
    /// `init(item:attribute:relatedBy:toItem:attribute:multiplier:constant:)`.
    public convenience init(item view1: Any, attribute attr1: Attribute, relatedBy relation: Relation, toItem view2: Any?,
                            attribute attr2: Attribute, multiplier: CGFloat, constant c: CGFloat) {
        self.init(label: ThreadContext.application?.nextLabel(for: LayoutConstraint.self) ?? "LayoutConstraint",
                  item: view1, attribute: attr1, relatedBy: relation, toItem: view2, attribute: attr2,
                  multiplier: multiplier, constant: c)
    }

    init(label: String, item view1: Any, attribute attr1: Attribute, relatedBy relation: Relation, toItem view2: Any?,
         attribute attr2: Attribute, multiplier: CGFloat, constant c: CGFloat) {
        self.label = label
        firstItem = view1 as AnyObject
        firstAttribute = attr1
        self.relation = relation
        secondItem = view2.map { $0 as AnyObject }
        secondAttribute = view2 == nil ? .notAnAttribute : attr2
        self.multiplier = LayoutConstraint.finite(multiplier, or: 1, "multiplier")
        constant = LayoutConstraint.finite(c, or: 0, "constant")
    }

    /// `value`, or `fallback` with an `invalidArgument` diagnostic when it is NaN or infinite.
    static func finite(_ value: CGFloat, or fallback: CGFloat, _ name: String) -> CGFloat {
        guard !value.isFinite else { return value }
        ThreadContext.application?.diagnose(.invalidArgument, label: "NSLayoutConstraint",
                                            message: "\(name) \(value) is not a finite number: \(fallback) used")
        return fallback
    }

    /// Whether the constraint is installed. Setting it activates or deactivates it.
    open var isActive: Bool {
        get { installedOn != nil }
        set {
            if newValue { activateConstraint() } else { deactivateConstraint() }
        }
    }

    /// Activates each constraint (UIKit's `NSLayoutConstraint.activate(_:)`).
    open class func activate(_ constraints: [LayoutConstraint]) {
        for constraint in constraints { constraint.isActive = true }
    }

    /// Deactivates each constraint.
    open class func deactivate(_ constraints: [LayoutConstraint]) {
        for constraint in constraints { constraint.isActive = false }
    }

    var firstView: View? { (firstItem as? View) ?? (firstItem as? LayoutGuide)?.owningView }
    var secondView: View? { (secondItem as? View) ?? (secondItem as? LayoutGuide)?.owningView }

    /// Installs the constraint on the closest common ancestor of its views; with none, an
    /// `invalidHierarchy` diagnostic (UIKit throws) and the constraint stays inactive.
    func activateConstraint() {
        guard installedOn == nil, let first = firstView else { return }
        guard first.onLoop("NSLayoutConstraint.isActive") else { return }
        var host = first
        if let second = secondView {
            guard let common = first.closestCommonAncestor(with: second) else {
                first.app?.diagnose(.invalidHierarchy, label: first.traceLabel, message: """
                    Unable to activate constraint with anchors \(anchorDescription(firstItem, firstAttribute)) and \
                    \(anchorDescription(secondItem, secondAttribute)) because they have no common ancestor. \
                    Does the constraint or its anchors reference items in different view hierarchies? That's illegal.
                    """)
                return
            }
            host = common
        }
        host.install(self)
    }

    func deactivateConstraint() {
        guard let host = installedOn else { return }
        host.uninstall(self)
    }

    private func anchorDescription(_ item: AnyObject?, _ attribute: Attribute) -> String {
        "<NSLayout\(attribute.isHorizontal ? (attribute == .width ? "Dimension" : "XAxisAnchor") : (attribute == .height ? "Dimension" : "YAxisAnchor")):\(LayoutConstraint.address(item)) \"\(LayoutConstraint.itemName(item)).\(attribute.name)\">"
    }

    // MARK: Description, as UIKit's

    /// UIKit's description: `<NSLayoutConstraint:label 'identifier' UIView:box.width == 100   (active)>`.
    open var description: String {
        let id = identifier.map { "'\($0)' " } ?? ""
        return "<\(className):\(LayoutConstraint.address(self)) \(id)\(formula)\(isActive ? "   (active)" : "")>"
    }

    private var className: String {
        switch origin {
        case .autoresizing: "NSAutoresizingMaskLayoutConstraint"
        case .contentSize: "NSContentSizeLayoutConstraint"
        case .guide: "NSLayoutConstraint"
        case .stackView: "NSLayoutConstraint"
        case .user: "NSLayoutConstraint"
        }
    }

    /// `UILabel:0x….leading == UIView:0x….leading + 20`, as UIKit prints it.
    var formula: String {
        var text = "\(LayoutConstraint.itemName(firstItem)).\(firstAttribute.name) \(relation.symbol) "
        if let secondItem {
            if multiplier != 1 { text += "\(LayoutConstraint.number(multiplier))*" }
            text += "\(LayoutConstraint.itemName(secondItem)).\(secondAttribute.name)"
            if constant > 0 { text += " + \(LayoutConstraint.number(constant))" }
            if constant < 0 { text += " - \(LayoutConstraint.number(-constant))" }
        } else {
            text += LayoutConstraint.number(constant)
        }
        if priority != .required { text += "   (priority \(priority))" }
        return text
    }

    static func number(_ value: CGFloat) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(Double(value))
    }

    /// A stable pseudo-address: the item's trace label stands in for its address, so
    /// descriptions stay the same from run to run.
    static func address(_ item: AnyObject?) -> String {
        if let view = item as? View { return view.traceLabel }
        if let guide = item as? LayoutGuide { return guide.identifier }
        if let constraint = item as? LayoutConstraint { return constraint.label }
        return "nil"
    }

    static func itemName(_ item: AnyObject?) -> String {
        if let view = item as? View { return "\(uikitClassName(of: view)):\(view.traceLabel)" }
        if let guide = item as? LayoutGuide { return "UILayoutGuide:'\(guide.identifier)'" }
        return "nil"
    }

    static func uikitClassName(of view: View) -> String {
        let name = String(describing: type(of: view))
        let known: Set = ["View", "Label", "Button", "ImageView", "Switch", "TextField", "ScrollView", "StackView",
                          "Window", "Control"]
        return known.contains(name) ? "UI" + name : name
    }
}

extension LayoutConstraint {
    /// A layout axis (UIKit's `NSLayoutConstraint.Axis`).
    public typealias Axis = LayoutAxis
}
