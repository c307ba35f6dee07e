/// An element's identity in an app's ``ElementTree``: what every front door's refs name.
///
/// Every view, view controller, bar item and accessibility element gets a serial from its
/// app when it is made, counting up from 1 and never given twice, so an id always names the
/// same object: a ref taken before the app changed either reaches the same element or is
/// stale, never another view. Elements that are not objects of their own (a navigation
/// bar's back button, a tab, a segment of a segmented control) are parts of the object
/// that shows them: the same serial with a part number.
///
/// Written `e12` for object 12, `e12.3` for its part 3; front doors put `@` before it.
public struct ElementID: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// The owning object's serial.
    public var serial: UInt64
    /// 0 for the object itself, else which part of it.
    public var part: UInt32

    /// The id of an object's element (part 0) or of one of its parts.
    public init(serial: UInt64, part: UInt32 = 0) {
        self.serial = serial
        self.part = part
    }

    /// `e12` or `e12.3`.
    public var description: String { part == 0 ? "e\(serial)" : "e\(serial).\(part)" }

    /// Reads `e12`, `e12.3`, `@e12` or `@e12.3`; nil for anything else.
    public init?(_ text: some StringProtocol) {
        var rest = Substring(text)
        if rest.first == "@" { rest = rest.dropFirst() }
        guard rest.first == "e" else { return nil }
        rest = rest.dropFirst()
        let pieces = rest.split(separator: ".", omittingEmptySubsequences: false)
        guard pieces.count == 1 || pieces.count == 2, let serial = UInt64(pieces[0]), serial > 0,
              pieces[0].allSatisfy(\.isASCII) else { return nil }
        var part: UInt32 = 0
        if pieces.count == 2 {
            guard let value = UInt32(pieces[1]), value > 0, pieces[1].allSatisfy(\.isASCII) else { return nil }
            part = value
        }
        self.init(serial: serial, part: part)
    }

    /// Object order, then part order: the order ids were given in.
    public static func < (lhs: ElementID, rhs: ElementID) -> Bool {
        (lhs.serial, lhs.part) < (rhs.serial, rhs.part)
    }

    // The parts an object shows (fixed numbers, so a part's id never changes meaning).

    /// A navigation controller's navigation bar.
    static let navigationBarPart: UInt32 = 1
    /// A navigation controller's bar title (the top controller's title).
    static let barTitlePart: UInt32 = 2
    /// A navigation controller's back button.
    static let backButtonPart: UInt32 = 3
    /// A tab bar controller's tab bar.
    static let tabBarPart: UInt32 = 4
    /// A child controller's tab in its tab bar controller's bar.
    static let tabPart: UInt32 = 5
    /// A stepper's decrement button.
    static let decrementPart: UInt32 = 6
    /// A stepper's increment button.
    static let incrementPart: UInt32 = 7
    /// A bar button item's element in a navigation bar.
    static let barItemPart: UInt32 = 8
    /// A text field's clear button.
    static let clearButtonPart: UInt32 = 10
    /// A window's software keyboard.
    static let keyboardPart: UInt32 = 9
    /// A key of a window's keyboard: this plus its index.
    static let firstKeyPart: UInt32 = 1000
    /// A segment of a segmented control: this plus its index.
    static let firstSegmentPart: UInt32 = 100
}

extension Application {
    /// `object`'s serial, given now if it was made outside any app.
    func elementSerial(of view: View) -> UInt64 {
        if view.elementSerial == 0 { view.elementSerial = nextElementSerial() }
        return view.elementSerial
    }

    func elementSerial(of controller: ViewController) -> UInt64 {
        if controller.elementSerial == 0 { controller.elementSerial = nextElementSerial() }
        return controller.elementSerial
    }

    func elementSerial(of item: BarItem) -> UInt64 {
        if item.elementSerial == 0 { item.elementSerial = nextElementSerial() }
        return item.elementSerial
    }

    func elementSerial(of element: AccessibilityElement) -> UInt64 {
        if element.elementSerial == 0 { element.elementSerial = nextElementSerial() }
        return element.elementSerial
    }
}
