/// What an element is, in XCUITest's words (`XCUIElement.ElementType` without the
/// prefix): the type queries filter on (`app.buttons`, `app.cells`) and Appium's page
/// source names (`XCUIElementTypeButton`).
public enum ElementType: String, CaseIterable, Hashable, Sendable {
    /// The application itself (XCUITest's root).
    case application
    /// A window.
    case window
    /// Any other view.
    case other
    /// A button, or a bar button item.
    case button
    /// A navigation bar's back button (a button in XCUITest and Appium).
    case backButton
    /// A label.
    case staticText
    /// A text field.
    case textField
    /// A text field with secure entry.
    case secureTextField
    /// A search bar's field.
    case searchField
    /// A text view.
    case textView
    /// A switch.
    case `switch`
    /// A slider.
    case slider
    /// A stepper.
    case stepper
    /// A segmented control.
    case segmentedControl
    /// A page control.
    case pageIndicator
    /// A progress view.
    case progressIndicator
    /// An activity indicator.
    case activityIndicator
    /// A date picker.
    case datePicker
    /// A picker view.
    case picker
    /// A table or collection cell.
    case cell
    /// A table view.
    case table
    /// A collection view.
    case collectionView
    /// A scroll view that is neither.
    case scrollView
    /// An image view.
    case image
    /// A navigation bar.
    case navigationBar
    /// A tab bar.
    case tabBar
    /// A tab of a tab bar (a button in XCUITest and Appium).
    case tab
    /// A toolbar.
    case toolbar
    /// An alert.
    case alert
    /// An action sheet.
    case sheet
    /// The keyboard.
    case keyboard
    /// A key of the keyboard.
    case key

    /// XCUITest's name of the type, as Appium's page source writes it: `XCUIElementTypeButton`.
    public var xcuiName: String {
        switch self {
        case .backButton, .tab: return "XCUIElementTypeButton"
        default:
            let name = rawValue
            return "XCUIElementType" + name.prefix(1).uppercased() + name.dropFirst()
        }
    }

    /// The type whose XCUITest name this is (`XCUIElementTypeButton` or `button`); nil for
    /// a name XCUITest has no element type for here.
    public init?(name: String) {
        let plain = name.hasPrefix("XCUIElementType") ? String(name.dropFirst("XCUIElementType".count)) : name
        guard let first = plain.first else { return nil }
        let lowered = first.lowercased() + plain.dropFirst()
        guard let type = ElementType(rawValue: lowered) else { return nil }
        self = type
    }

    /// Whether XCUITest's queries of `type` include this type: a back button and a tab
    /// are buttons to `app.buttons`.
    public func matches(_ type: ElementType) -> Bool {
        self == type || (type == .button && (self == .backButton || self == .tab))
    }

    /// Whether users tap elements of this type (buttons, cells, fields, switches, keys): the
    /// ones of which "not hittable" or "covered" is worth saying (a label or a plain view
    /// takes no tap of its own).
    public var takesTaps: Bool {
        switch self {
        case .button, .backButton, .tab, .cell, .textField, .secureTextField, .searchField, .textView, .switch, .slider,
             .segmentedControl, .stepper, .key:
            return true
        default:
            return false
        }
    }
}
