import Lifeloop

extension XCUIElement {
    /// What an element is, with XCUITest's cases and raw values (`XCUIElementType`).
    ///
    /// Lifeloop's apps show the iOS types: application, window, other, button, static
    /// text, text field, secure text field, search field, text view, switch, slider,
    /// stepper, segmented control, page indicator, progress and activity indicators, date
    /// picker, picker, cell, table, collection view, scroll view, image, navigation bar,
    /// tab bar, toolbar, alert and sheet. The other cases exist so that tests written for
    /// Xcode compile; queries for them (menus, links, web views, a keyboard) find nothing,
    /// as Lifeloop shows no such element. ``toggle`` queries find switches.
    public enum ElementType: UInt, CaseIterable, Sendable, CustomStringConvertible {
        /// Any type: what `descendants(matching: .any)` asks for.
        case any = 0
        /// A view of no particular type.
        case other = 1
        /// The application.
        case application = 2
        /// A group (macOS).
        case group = 3
        /// A window.
        case window = 4
        /// An action sheet.
        case sheet = 5
        /// A drawer (macOS).
        case drawer = 6
        /// An alert.
        case alert = 7
        /// A dialog (macOS).
        case dialog = 8
        /// A button, a bar button item, a back button or a tab bar's tab.
        case button = 9
        /// A radio button (macOS).
        case radioButton = 10
        /// A radio group (macOS).
        case radioGroup = 11
        /// A check box (macOS).
        case checkBox = 12
        /// A disclosure triangle (macOS).
        case disclosureTriangle = 13
        /// A pop-up button (macOS).
        case popUpButton = 14
        /// A combo box (macOS).
        case comboBox = 15
        /// A menu button (macOS).
        case menuButton = 16
        /// A toolbar button (macOS).
        case toolbarButton = 17
        /// A popover.
        case popover = 18
        /// The keyboard: Lifeloop shows none.
        case keyboard = 19
        /// A key of the keyboard: Lifeloop shows none.
        case key = 20
        /// A navigation bar.
        case navigationBar = 21
        /// A tab bar.
        case tabBar = 22
        /// A tab group (macOS).
        case tabGroup = 23
        /// A toolbar.
        case toolbar = 24
        /// The status bar: Lifeloop shows none.
        case statusBar = 25
        /// A table view.
        case table = 26
        /// A table row (macOS).
        case tableRow = 27
        /// A table column (macOS).
        case tableColumn = 28
        /// An outline (macOS).
        case outline = 29
        /// An outline row (macOS).
        case outlineRow = 30
        /// A browser (macOS).
        case browser = 31
        /// A collection view.
        case collectionView = 32
        /// A slider.
        case slider = 33
        /// A page control.
        case pageIndicator = 34
        /// A progress view.
        case progressIndicator = 35
        /// An activity indicator.
        case activityIndicator = 36
        /// A segmented control.
        case segmentedControl = 37
        /// A picker view.
        case picker = 38
        /// A picker's wheel: Lifeloop shows none.
        case pickerWheel = 39
        /// A switch.
        case `switch` = 40
        /// A toggle: queries of it find switches.
        case toggle = 41
        /// A link.
        case link = 42
        /// An image view.
        case image = 43
        /// An icon (the home screen's).
        case icon = 44
        /// A search bar's field.
        case searchField = 45
        /// A scroll view that is not a table or collection view.
        case scrollView = 46
        /// A scroll bar (macOS).
        case scrollBar = 47
        /// A label.
        case staticText = 48
        /// A text field.
        case textField = 49
        /// A text field with secure entry.
        case secureTextField = 50
        /// A date picker.
        case datePicker = 51
        /// A text view.
        case textView = 52
        /// A menu.
        case menu = 53
        /// A menu item.
        case menuItem = 54
        /// A menu bar (macOS).
        case menuBar = 55
        /// A menu bar item (macOS).
        case menuBarItem = 56
        /// A map.
        case map = 57
        /// A web view.
        case webView = 58
        /// An increment arrow (macOS).
        case incrementArrow = 59
        /// A decrement arrow (macOS).
        case decrementArrow = 60
        /// A timeline (macOS).
        case timeline = 61
        /// A rating indicator (macOS).
        case ratingIndicator = 62
        /// A value indicator (macOS).
        case valueIndicator = 63
        /// A split group (macOS).
        case splitGroup = 64
        /// A splitter (macOS).
        case splitter = 65
        /// A relevance indicator (macOS).
        case relevanceIndicator = 66
        /// A color well.
        case colorWell = 67
        /// A help tag (macOS).
        case helpTag = 68
        /// A matte (macOS).
        case matte = 69
        /// A dock item (macOS).
        case dockItem = 70
        /// A ruler (macOS).
        case ruler = 71
        /// A ruler marker (macOS).
        case rulerMarker = 72
        /// A grid (macOS).
        case grid = 73
        /// A level indicator (macOS).
        case levelIndicator = 74
        /// A table or collection view cell.
        case cell = 75
        /// A layout area (macOS).
        case layoutArea = 76
        /// A layout item (macOS).
        case layoutItem = 77
        /// A handle (macOS).
        case handle = 78
        /// A stepper.
        case stepper = 79
        /// A tab (macOS; a tab bar's tabs are buttons on iOS).
        case tab = 80
        /// A touch bar (macOS).
        case touchBar = 81
        /// A status item (macOS).
        case statusItem = 82

        /// The type of one of Lifeloop's elements: a back button and a tab bar's tab are
        /// buttons, as XCUITest sees them on iOS.
        public init(_ type: Lifeloop.ElementType) {
            switch type {
            case .application: self = .application
            case .window: self = .window
            case .other: self = .other
            case .button, .backButton, .tab: self = .button
            case .staticText: self = .staticText
            case .textField: self = .textField
            case .secureTextField: self = .secureTextField
            case .searchField: self = .searchField
            case .textView: self = .textView
            case .switch: self = .switch
            case .slider: self = .slider
            case .stepper: self = .stepper
            case .segmentedControl: self = .segmentedControl
            case .pageIndicator: self = .pageIndicator
            case .progressIndicator: self = .progressIndicator
            case .activityIndicator: self = .activityIndicator
            case .datePicker: self = .datePicker
            case .picker: self = .picker
            case .cell: self = .cell
            case .table: self = .table
            case .collectionView: self = .collectionView
            case .scrollView: self = .scrollView
            case .image: self = .image
            case .navigationBar: self = .navigationBar
            case .tabBar: self = .tabBar
            case .toolbar: self = .toolbar
            case .alert: self = .alert
            case .sheet: self = .sheet
            case .keyboard: self = .keyboard
            case .key: self = .key
            }
        }

        /// Whether a query for this type takes an element of `type`.
        func matches(_ type: Lifeloop.ElementType) -> Bool {
            switch self {
            case .any: return true
            case .toggle: return type == .switch
            default: return self == ElementType(type)
            }
        }

        /// XCUITest's name of the type in descriptions: `Button`, `StaticText`.
        public var description: String { Self.names[Int(rawValue)] }

        /// The names, by raw value.
        private static let names = [
            "Any", "Other", "Application", "Group", "Window", "Sheet", "Drawer", "Alert", "Dialog", "Button",
            "RadioButton", "RadioGroup", "CheckBox", "DisclosureTriangle", "PopUpButton", "ComboBox", "MenuButton",
            "ToolbarButton", "Popover", "Keyboard", "Key", "NavigationBar", "TabBar", "TabGroup", "Toolbar",
            "StatusBar", "Table", "TableRow", "TableColumn", "Outline", "OutlineRow", "Browser", "CollectionView",
            "Slider", "PageIndicator", "ProgressIndicator", "ActivityIndicator", "SegmentedControl", "Picker",
            "PickerWheel", "Switch", "Toggle", "Link", "Image", "Icon", "SearchField", "ScrollView", "ScrollBar",
            "StaticText", "TextField", "SecureTextField", "DatePicker", "TextView", "Menu", "MenuItem", "MenuBar",
            "MenuBarItem", "Map", "WebView", "IncrementArrow", "DecrementArrow", "Timeline", "RatingIndicator",
            "ValueIndicator", "SplitGroup", "Splitter", "RelevanceIndicator", "ColorWell", "HelpTag", "Matte",
            "DockItem", "Ruler", "RulerMarker", "Grid", "LevelIndicator", "Cell", "LayoutArea", "LayoutItem",
            "Handle", "Stepper", "Tab", "TouchBar", "StatusItem"
        ]
    }

    /// A size class, as `XCUIElementAttributes` reports it.
    public enum SizeClass: Int, Sendable {
        /// None given.
        case unspecified = 0
        /// Compact.
        case compact = 1
        /// Regular.
        case regular = 2
    }
}
