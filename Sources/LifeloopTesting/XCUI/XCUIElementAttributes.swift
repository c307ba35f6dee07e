import Foundation
import Lifeloop

/// What an element reports about itself, as XCUITest's `XCUIElementAttributes` does: what
/// `NSPredicate`s filter queries on and what ``XCUIElement`` answers.
public protocol XCUIElementAttributes {
    /// `accessibilityIdentifier`.
    var identifier: String { get }
    /// The frame, in screen coordinates.
    var frame: CGRect { get }
    /// `accessibilityValue` (a text field's text, a switch's `"1"` or `"0"`, a slider's
    /// percentage), or nil.
    var value: Any? { get }
    /// The title: empty on iOS, as in XCUITest.
    var title: String { get }
    /// `accessibilityLabel`, or the default UIKit derives (a button's title).
    var label: String { get }
    /// The element's type.
    var elementType: XCUIElement.ElementType { get }
    /// Whether it takes input.
    var isEnabled: Bool { get }
    /// The horizontal size class of its window.
    var horizontalSizeClass: XCUIElement.SizeClass { get }
    /// The vertical size class of its window.
    var verticalSizeClass: XCUIElement.SizeClass { get }
    /// A text field's placeholder, or nil.
    var placeholderValue: String? { get }
    /// Whether it is selected.
    var isSelected: Bool { get }
    /// Whether it has keyboard focus.
    var hasFocus: Bool { get }
}

/// One element of a tree as a predicate reads it: its attributes by key.
final class ElementAttributes: XCUIElementAttributes, PredicateSubject {
    let element: Element
    let screen: Size

    init(_ element: Element, screen: Size) {
        self.element = element
        self.screen = screen
    }

    var identifier: String { element.identifier }
    var frame: CGRect { element.screenFrame }
    var value: Any? { element.value }
    var title: String { "" }
    var label: String { element.label }
    var elementType: XCUIElement.ElementType { XCUIElement.ElementType(element.type) }
    var isEnabled: Bool { element.isEnabled }
    var horizontalSizeClass: XCUIElement.SizeClass { screen.width > screen.height || screen.width >= 700 ? .regular : .compact }
    var verticalSizeClass: XCUIElement.SizeClass { screen.height < 500 ? .compact : .regular }
    var placeholderValue: String? { element.placeholder }
    var isSelected: Bool { element.isSelected }
    var hasFocus: Bool { element.isFocused }

    func predicateValue(forKey key: String) -> PredicateValue {
        switch key {
        case "label": return .string(label)
        case "identifier": return .string(identifier)
        case "value": return element.value.map(PredicateValue.string) ?? .null
        case "title": return .string(title)
        case "placeholderValue": return placeholderValue.map(PredicateValue.string) ?? .null
        case "elementType": return .number(Double(elementType.rawValue))
        case "isEnabled", "enabled": return .bool(isEnabled)
        case "isSelected", "selected": return .bool(isSelected)
        case "hasFocus": return .bool(hasFocus)
        case "exists": return .bool(true)
        case "isHittable", "hittable": return .bool(element.isHittable)
        case "horizontalSizeClass": return .number(Double(horizontalSizeClass.rawValue))
        case "verticalSizeClass": return .number(Double(verticalSizeClass.rawValue))
        default: return .null
        }
    }
}
