/// The queries for each type of element inside an application, an element or a query's
/// matches, as XCUITest's `XCUIElementTypeQueryProvider` names them.
public protocol XCUIElementTypeQueryProvider {
    /// The elements of `type` anywhere inside.
    func descendants(matching type: XCUIElement.ElementType) -> XCUIElementQuery
}

extension XCUIElementTypeQueryProvider {
    /// Buttons: buttons, bar button items, back buttons, a tab bar's tabs, alert actions,
    /// segments and a stepper's two buttons.
    public var buttons: XCUIElementQuery { descendants(matching: .button) }
    /// Labels.
    public var staticTexts: XCUIElementQuery { descendants(matching: .staticText) }
    /// Text fields.
    public var textFields: XCUIElementQuery { descendants(matching: .textField) }
    /// Text fields with secure entry.
    public var secureTextFields: XCUIElementQuery { descendants(matching: .secureTextField) }
    /// Search bars' fields.
    public var searchFields: XCUIElementQuery { descendants(matching: .searchField) }
    /// Text views.
    public var textViews: XCUIElementQuery { descendants(matching: .textView) }
    /// Switches.
    public var switches: XCUIElementQuery { descendants(matching: .switch) }
    /// Switches (XCUITest's toggles).
    public var toggles: XCUIElementQuery { descendants(matching: .toggle) }
    /// Sliders.
    public var sliders: XCUIElementQuery { descendants(matching: .slider) }
    /// Steppers.
    public var steppers: XCUIElementQuery { descendants(matching: .stepper) }
    /// Segmented controls.
    public var segmentedControls: XCUIElementQuery { descendants(matching: .segmentedControl) }
    /// Table and collection view cells.
    public var cells: XCUIElementQuery { descendants(matching: .cell) }
    /// Table views.
    public var tables: XCUIElementQuery { descendants(matching: .table) }
    /// Collection views.
    public var collectionViews: XCUIElementQuery { descendants(matching: .collectionView) }
    /// Scroll views that are not tables or collection views.
    public var scrollViews: XCUIElementQuery { descendants(matching: .scrollView) }
    /// Image views.
    public var images: XCUIElementQuery { descendants(matching: .image) }
    /// Navigation bars (each identified by its title).
    public var navigationBars: XCUIElementQuery { descendants(matching: .navigationBar) }
    /// Tab bars.
    public var tabBars: XCUIElementQuery { descendants(matching: .tabBar) }
    /// Toolbars.
    public var toolbars: XCUIElementQuery { descendants(matching: .toolbar) }
    /// Alerts (each labelled with its title).
    public var alerts: XCUIElementQuery { descendants(matching: .alert) }
    /// Action sheets.
    public var sheets: XCUIElementQuery { descendants(matching: .sheet) }
    /// Views of no particular type.
    public var otherElements: XCUIElementQuery { descendants(matching: .other) }
    /// Windows.
    public var windows: XCUIElementQuery { descendants(matching: .window) }
    /// Picker views.
    public var pickers: XCUIElementQuery { descendants(matching: .picker) }
    /// Picker wheels: Lifeloop shows none.
    public var pickerWheels: XCUIElementQuery { descendants(matching: .pickerWheel) }
    /// Date pickers.
    public var datePickers: XCUIElementQuery { descendants(matching: .datePicker) }
    /// Page controls.
    public var pageIndicators: XCUIElementQuery { descendants(matching: .pageIndicator) }
    /// Progress views.
    public var progressIndicators: XCUIElementQuery { descendants(matching: .progressIndicator) }
    /// Activity indicators.
    public var activityIndicators: XCUIElementQuery { descendants(matching: .activityIndicator) }
    /// The keyboard: Lifeloop shows none (type into a focused field with `typeText(_:)`).
    public var keyboards: XCUIElementQuery { descendants(matching: .keyboard) }
    /// The keyboard's keys: Lifeloop shows none.
    public var keys: XCUIElementQuery { descendants(matching: .key) }
    /// Links: Lifeloop shows none.
    public var links: XCUIElementQuery { descendants(matching: .link) }
    /// Web views: Lifeloop shows none.
    public var webViews: XCUIElementQuery { descendants(matching: .webView) }
    /// Maps: Lifeloop shows none.
    public var maps: XCUIElementQuery { descendants(matching: .map) }
    /// Menus: Lifeloop shows none.
    public var menus: XCUIElementQuery { descendants(matching: .menu) }
    /// Menu items: Lifeloop shows none.
    public var menuItems: XCUIElementQuery { descendants(matching: .menuItem) }
    /// Popovers: Lifeloop shows none.
    public var popovers: XCUIElementQuery { descendants(matching: .popover) }
    /// The status bar: Lifeloop shows none.
    public var statusBars: XCUIElementQuery { descendants(matching: .statusBar) }
    /// Icons: Lifeloop shows none.
    public var icons: XCUIElementQuery { descendants(matching: .icon) }
    /// Color wells.
    public var colorWells: XCUIElementQuery { descendants(matching: .colorWell) }
    /// Groups (macOS): Lifeloop shows none.
    public var groups: XCUIElementQuery { descendants(matching: .group) }
    /// Tabs (macOS; an iOS tab bar's tabs are ``buttons``): Lifeloop shows none.
    public var tabs: XCUIElementQuery { descendants(matching: .tab) }
    /// Dialogs (macOS): Lifeloop shows none.
    public var dialogs: XCUIElementQuery { descendants(matching: .dialog) }
    /// Check boxes (macOS): Lifeloop shows none.
    public var checkBoxes: XCUIElementQuery { descendants(matching: .checkBox) }
    /// Radio buttons (macOS): Lifeloop shows none.
    public var radioButtons: XCUIElementQuery { descendants(matching: .radioButton) }
}
