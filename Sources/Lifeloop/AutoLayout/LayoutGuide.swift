import LifeloopCassowary

/// A rectangle in a view's coordinate space that takes part in Auto Layout without being a
/// view: UIKit's `UILayoutGuide`. Add one with ``View/addLayoutGuide(_:)``; a view's
/// ``View/safeAreaLayoutGuide``, ``View/layoutMarginsGuide`` and
/// ``View/readableContentGuide`` are guides it keeps in line with its insets.
open class LayoutGuide: LayoutItem {
    /// A name shown in diagnostics.
    open var identifier: String = ""
    /// The view the guide belongs to.
    public internal(set) weak var owningView: View?
    /// The system guides follow the owning view's insets; a user guide is free.
    enum Kind { case user, safeArea, margins, readableContent, keyboard }
    var kind: Kind = .user
    let variables = LayoutVariables()

    /// Creates a guide; add it to a view with ``View/addLayoutGuide(_:)``.
    public init() {}

    /// The guide's frame in its owning view's coordinates (after the last solve).
    public var layoutFrame: Rect {
        guard let view = owningView else { return .zero }
        guard let engine = view.storedWindow?.layoutEngine, view.autoLayoutStateIfMade?.participating == true else {
            return kind == .user ? .zero : view.bounds.inset(by: view.guideInsets(kind))
        }
        let origin = view.layoutVariables
        return Rect(x: engine.value(variables.left) - engine.value(origin.left), y: engine.value(variables.top) - engine.value(origin.top),
                    width: engine.value(variables.width), height: engine.value(variables.height))
    }


    var layoutVariables: LayoutVariables { variables }
}

/// A view or a layout guide: what a constraint relates.
public protocol LayoutItem: AnyObject {}

/// An item's frame in window coordinates, as solver variables.
final class LayoutVariables {
    let left = Variable("left"), top = Variable("top"), width = Variable("width"), height = Variable("height")

    /// The attribute as an expression of the variables (window coordinates).
    /// `baselines`: the first baseline's distance from the top (nil: the bottom edge) and
    /// the last baseline's from the bottom.
    func expression(_ attribute: LayoutConstraint.Attribute, margins: EdgeInsets, baselines: (first: CGFloat?, last: CGFloat)) -> SolverExpression {
        switch attribute {
        case .left, .leading: return SolverExpression(terms: [Term(left)])
        case .right, .trailing: return SolverExpression(terms: [Term(left), Term(width)])
        case .top: return SolverExpression(terms: [Term(top)])
        case .bottom: return SolverExpression(terms: [Term(top), Term(height)])
        case .width: return SolverExpression(terms: [Term(width)])
        case .height: return SolverExpression(terms: [Term(height)])
        case .centerX: return SolverExpression(terms: [Term(left), Term(width, 0.5)])
        case .centerY: return SolverExpression(terms: [Term(top), Term(height, 0.5)])
        case .firstBaseline:
            guard let first = baselines.first else { return SolverExpression(terms: [Term(top), Term(height)]) }
            return SolverExpression(terms: [Term(top)], constant: Double(first))
        case .lastBaseline: return SolverExpression(terms: [Term(top), Term(height)], constant: -Double(baselines.last))
        case .leftMargin, .leadingMargin: return SolverExpression(terms: [Term(left)], constant: Double(margins.left))
        case .rightMargin, .trailingMargin: return SolverExpression(terms: [Term(left), Term(width)], constant: -Double(margins.right))
        case .topMargin: return SolverExpression(terms: [Term(top)], constant: Double(margins.top))
        case .bottomMargin: return SolverExpression(terms: [Term(top), Term(height)], constant: -Double(margins.bottom))
        case .centerXWithinMargins:
            return SolverExpression(terms: [Term(left), Term(width, 0.5)], constant: Double(margins.left - margins.right) / 2)
        case .centerYWithinMargins:
            return SolverExpression(terms: [Term(top), Term(height, 0.5)], constant: Double(margins.top - margins.bottom) / 2)
        case .notAnAttribute: return SolverExpression()
        }
    }
}

/// An attribute of a view or guide to make constraints from: UIKit's `NSLayoutAnchor`.
/// What has the ten edge, size and center anchors: ``View`` and ``LayoutGuide``.
public protocol LayoutAnchorItem: AnyObject {}

extension LayoutAnchorItem {
    /// The leading edge (the left edge: Lifeloop lays out left to right).
    public var leadingAnchor: LayoutXAxisAnchor { LayoutXAxisAnchor(self, .leading) }
    /// The trailing edge (the right edge).
    public var trailingAnchor: LayoutXAxisAnchor { LayoutXAxisAnchor(self, .trailing) }
    /// The left edge.
    public var leftAnchor: LayoutXAxisAnchor { LayoutXAxisAnchor(self, .left) }
    /// The right edge.
    public var rightAnchor: LayoutXAxisAnchor { LayoutXAxisAnchor(self, .right) }
    /// The top edge.
    public var topAnchor: LayoutYAxisAnchor { LayoutYAxisAnchor(self, .top) }
    /// The bottom edge.
    public var bottomAnchor: LayoutYAxisAnchor { LayoutYAxisAnchor(self, .bottom) }
    /// The width.
    public var widthAnchor: LayoutDimension { LayoutDimension(self, .width) }
    /// The height.
    public var heightAnchor: LayoutDimension { LayoutDimension(self, .height) }
    /// The horizontal center.
    public var centerXAnchor: LayoutXAxisAnchor { LayoutXAxisAnchor(self, .centerX) }
    /// The vertical center.
    public var centerYAnchor: LayoutYAxisAnchor { LayoutYAxisAnchor(self, .centerY) }
}

extension View: LayoutAnchorItem {}
extension LayoutGuide: LayoutAnchorItem {}

/// An attribute of a view or layout guide that constraints are made from: UIKit's
/// `NSLayoutAnchor`. Its subclasses keep x-axis, y-axis and size anchors apart, so a constraint
/// can relate only anchors of one kind.
open class LayoutAnchor<AnchorType: AnyObject> {
    let item: AnyObject
    let attribute: LayoutConstraint.Attribute

    init(_ item: AnyObject, _ attribute: LayoutConstraint.Attribute) {
        self.item = item
        self.attribute = attribute
    }

    func make(_ relation: LayoutConstraint.Relation, _ other: LayoutAnchor<AnchorType>?, multiplier: CGFloat = 1,
              constant: CGFloat) -> LayoutConstraint {
        LayoutConstraint(item: item, attribute: attribute, relatedBy: relation, toItem: other?.item,
                         attribute: other?.attribute ?? .notAnAttribute, multiplier: multiplier, constant: constant)
    }

    /// `self == anchor + constant`.
    open func constraint(equalTo anchor: LayoutAnchor<AnchorType>, constant c: CGFloat = 0) -> LayoutConstraint {
        make(.equal, anchor, constant: c)
    }
    /// `self >= anchor + constant`.
    open func constraint(greaterThanOrEqualTo anchor: LayoutAnchor<AnchorType>, constant c: CGFloat = 0) -> LayoutConstraint {
        make(.greaterThanOrEqual, anchor, constant: c)
    }
    /// `self <= anchor + constant`.
    open func constraint(lessThanOrEqualTo anchor: LayoutAnchor<AnchorType>, constant c: CGFloat = 0) -> LayoutConstraint {
        make(.lessThanOrEqual, anchor, constant: c)
    }
}

/// A horizontal edge or center: UIKit's `NSLayoutXAxisAnchor`.
public final class LayoutXAxisAnchor: LayoutAnchor<LayoutXAxisAnchor> {
    /// `self == anchor + multiplier * 8` (the system spacing, 8 points).
    public func constraint(equalToSystemSpacingAfter anchor: LayoutXAxisAnchor, multiplier: CGFloat) -> LayoutConstraint {
        make(.equal, anchor, constant: 8 * multiplier)
    }
    /// `self >= anchor + multiplier * 8`.
    public func constraint(greaterThanOrEqualToSystemSpacingAfter anchor: LayoutXAxisAnchor, multiplier: CGFloat) -> LayoutConstraint {
        make(.greaterThanOrEqual, anchor, constant: 8 * multiplier)
    }
    /// `self <= anchor + multiplier * 8`.
    public func constraint(lessThanOrEqualToSystemSpacingAfter anchor: LayoutXAxisAnchor, multiplier: CGFloat) -> LayoutConstraint {
        make(.lessThanOrEqual, anchor, constant: 8 * multiplier)
    }
}

/// A vertical edge, center or baseline: UIKit's `NSLayoutYAxisAnchor`.
public final class LayoutYAxisAnchor: LayoutAnchor<LayoutYAxisAnchor> {
    /// `self == anchor + multiplier * 8` (the system spacing, 8 points).
    public func constraint(equalToSystemSpacingBelow anchor: LayoutYAxisAnchor, multiplier: CGFloat) -> LayoutConstraint {
        make(.equal, anchor, constant: 8 * multiplier)
    }
    /// `self >= anchor + multiplier * 8`.
    public func constraint(greaterThanOrEqualToSystemSpacingBelow anchor: LayoutYAxisAnchor, multiplier: CGFloat) -> LayoutConstraint {
        make(.greaterThanOrEqual, anchor, constant: 8 * multiplier)
    }
    /// `self <= anchor + multiplier * 8`.
    public func constraint(lessThanOrEqualToSystemSpacingBelow anchor: LayoutYAxisAnchor, multiplier: CGFloat) -> LayoutConstraint {
        make(.lessThanOrEqual, anchor, constant: 8 * multiplier)
    }
}

/// A width or height: UIKit's `NSLayoutDimension`.
public final class LayoutDimension: LayoutAnchor<LayoutDimension> {
    /// `self == constant`.
    public func constraint(equalToConstant c: CGFloat) -> LayoutConstraint { make(.equal, nil, constant: c) }
    /// `self >= constant`.
    public func constraint(greaterThanOrEqualToConstant c: CGFloat) -> LayoutConstraint { make(.greaterThanOrEqual, nil, constant: c) }
    /// `self <= constant`.
    public func constraint(lessThanOrEqualToConstant c: CGFloat) -> LayoutConstraint { make(.lessThanOrEqual, nil, constant: c) }
    /// `self == multiplier * anchor + constant`.
    public func constraint(equalTo anchor: LayoutDimension, multiplier m: CGFloat, constant c: CGFloat = 0) -> LayoutConstraint {
        make(.equal, anchor, multiplier: m, constant: c)
    }
    /// `self >= multiplier * anchor + constant`.
    public func constraint(greaterThanOrEqualTo anchor: LayoutDimension, multiplier m: CGFloat, constant c: CGFloat = 0) -> LayoutConstraint {
        make(.greaterThanOrEqual, anchor, multiplier: m, constant: c)
    }
    /// `self <= multiplier * anchor + constant`.
    public func constraint(lessThanOrEqualTo anchor: LayoutDimension, multiplier m: CGFloat, constant c: CGFloat = 0) -> LayoutConstraint {
        make(.lessThanOrEqual, anchor, multiplier: m, constant: c)
    }
}

/// The solver's expression (Foundation has an `Expression` of its own).
typealias SolverExpression = LifeloopCassowary.Expression

/// UIKit's `UIKeyboardLayoutGuide`: a view's ``View/keyboardLayoutGuide``, the part of
/// the view the keyboard covers. Its top is the keyboard's top edge while the keyboard
/// shows, and the safe area's bottom while it is hidden.
public final class KeyboardLayoutGuide: LayoutGuide {
    /// Whether the guide follows an undocked or floating keyboard (false by default).
    /// Lifeloop's keyboard is always docked, so this is kept as data.
    public var followsUndockedKeyboard = false
    /// Whether, with the keyboard hidden, the guide's top is the bottom of the safe area
    /// (true by default) rather than the bottom of the view.
    public var usesBottomSafeArea = true {
        didSet { owningView?.storedWindow?.layoutEngine?.constraintsChanged() }
    }
    /// The distance above the keyboard within which a drag dismisses it (iOS 17); data.
    public var keyboardDismissPadding: CGFloat = 0
}
