/// One element of an app's ``ElementTree``: a view, or a part of the screen UIKit shows as
/// one (a navigation bar's back button, a bar button item, a tab, a segment), with what
/// assistive technologies and UI tests see of it.
///
/// The fields follow UIKit's accessibility model and the defaults UIKit derives when an
/// app sets nothing: a button's label is its title (or its image's name), a label's is its
/// text, a cell's joins its labels' texts with ", ", a switch's value is "1" or "0", a
/// slider's its position as a percentage, an empty text field's value its placeholder (as
/// XCUITest reads it).
public struct Element: Sendable, Equatable {
    /// Its identity: the same object's for its whole life, never given to another.
    public var id: ElementID
    /// What it is.
    public var type: ElementType
    /// The class of its view (an app's own, or Lifeloop's), or what UIKit calls the part
    /// (`UINavigationBar`'s `BackButton`, say) for a part.
    public var className: String
    /// The view's trace label (`Button#3`): what label-addressed verbs name.
    public var viewLabel: String?
    /// `accessibilityIdentifier` (an image's name for an image view without one).
    public var identifier: String
    /// `accessibilityLabel`, or the default UIKit derives.
    public var label: String
    /// `accessibilityValue`, or the default UIKit derives; nil when it has none.
    public var value: String?
    /// A text field's or search field's placeholder.
    public var placeholder: String?
    /// `accessibilityHint`.
    public var hint: String?
    /// `accessibilityTraits`, with `selected` and `notEnabled` from its state.
    public var traits: AccessibilityTraits
    /// Its frame in its window's coordinates.
    public var frame: Rect
    /// Its frame in screen coordinates (its window's frame origin added).
    public var screenFrame: Rect
    /// Whether it takes input (a disabled control or bar item does not).
    public var isEnabled: Bool
    /// Whether it is selected (a selected button, cell, tab or segment).
    public var isSelected: Bool
    /// Whether it is the first responder (a text field being edited).
    public var isFocused: Bool
    /// Whether a tap at its centre reaches it (or a view inside it).
    public var isHittable: Bool
    /// Whether any of it is on screen: not clipped away by a scroll view or its window,
    /// and not transparent.
    public var isVisible: Bool
    /// Whether assistive technologies see it as one element.
    public var isAccessibilityElement: Bool
    /// A shown cell's index path: [section, row or item].
    public var indexPath: [Int]?
    /// A scroll view's (table's, collection view's) content offset.
    public var contentOffset: Point?
    /// The trace label of the controller whose view holds it.
    public var controller: String?
    /// Its window's trace label.
    public var window: String
    /// Its parent's index in ``ElementTree/elements`` (nil for the application).
    public var parent: Int?
    /// How deep it is: the application 0, a window 1, a window's subview 2, ...
    public var depth: Int

    /// `@e12`: how front doors write its id.
    public var ref: String { "@\(id)" }

    /// Its centre in window coordinates: where a tap on it lands.
    public var center: Point { Point(x: frame.midX, y: frame.midY) }
}
