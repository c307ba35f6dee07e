import Foundation

/// What a search bar tells its delegate: UIKit's `UISearchBarDelegate`, every method
/// optional (the defaults allow everything and do nothing).
public protocol SearchBarDelegate: AnyObject {
    /// Whether the bar may begin editing (true by default).
    func searchBarShouldBeginEditing(_ searchBar: SearchBar) -> Bool
    /// The bar's text field became first responder.
    func searchBarTextDidBeginEditing(_ searchBar: SearchBar)
    /// Whether the bar may end editing (true by default).
    func searchBarShouldEndEditing(_ searchBar: SearchBar) -> Bool
    /// The bar's text field resigned first responder.
    func searchBarTextDidEndEditing(_ searchBar: SearchBar)
    /// The user changed the text (typing or deleting; not a change from code).
    func searchBar(_ searchBar: SearchBar, textDidChange searchText: String)
    /// Whether a key may replace the characters in `range` with `text` (true by default).
    func searchBar(_ searchBar: SearchBar, shouldChangeTextIn range: NSRange, replacementText text: String) -> Bool
    /// The return (search) key was pressed.
    func searchBarSearchButtonClicked(_ searchBar: SearchBar)
    /// The cancel button was tapped.
    func searchBarCancelButtonClicked(_ searchBar: SearchBar)
    /// The bookmark button was tapped (never here: the button is data).
    func searchBarBookmarkButtonClicked(_ searchBar: SearchBar)
    /// The results list button was tapped (never here: the button is data).
    func searchBarResultsListButtonClicked(_ searchBar: SearchBar)
    /// The selected scope button changed.
    func searchBar(_ searchBar: SearchBar, selectedScopeButtonIndexDidChange selectedScope: Int)
}

extension SearchBarDelegate {
    public func searchBarShouldBeginEditing(_ searchBar: SearchBar) -> Bool { true }
    public func searchBarTextDidBeginEditing(_ searchBar: SearchBar) {}
    public func searchBarShouldEndEditing(_ searchBar: SearchBar) -> Bool { true }
    public func searchBarTextDidEndEditing(_ searchBar: SearchBar) {}
    public func searchBar(_ searchBar: SearchBar, textDidChange searchText: String) {}
    public func searchBar(_ searchBar: SearchBar, shouldChangeTextIn range: NSRange, replacementText text: String) -> Bool { true }
    public func searchBarSearchButtonClicked(_ searchBar: SearchBar) {}
    public func searchBarCancelButtonClicked(_ searchBar: SearchBar) {}
    public func searchBarBookmarkButtonClicked(_ searchBar: SearchBar) {}
    public func searchBarResultsListButtonClicked(_ searchBar: SearchBar) {}
    public func searchBar(_ searchBar: SearchBar, selectedScopeButtonIndexDidChange selectedScope: Int) {}
}

/// The text field of a search bar: UIKit's `UISearchTextField`. Typing into it (its
/// `insertText(_:)`, or ``Application/typeText(_:into:clear:submit:)``) asks the bar's
/// delegate and tells it and the bar's search controller of each change; its return key
/// is the bar's search button.
open class SearchTextField: TextField {
    /// The bar the field belongs to.
    weak var searchBar: SearchBar?
    /// The tokens before the text (data: snapshots show the text only).
    open var tokens: [SearchToken] = []
    /// The color of the tokens' background (data).
    open var tokenBackgroundColor: Color?
    /// Whether the delete key removes tokens (data).
    open var allowsDeletingTokens = true

    /// A search field in `frame`: rounded, with the magnifier's placeholder.
    public override init(frame: Rect) {
        super.init(frame: frame)
        borderStyle = .roundedRect
        backgroundColor = .tertiarySystemFill
        returnKeyType = .search
        clearButtonMode = .whileEditing
    }

    public required init?(coder: NSCoder) {
        super.init(coder: coder)
    }

    /// Begins editing if the bar's delegate (then the field's) agrees.
    @discardableResult
    open override func becomeFirstResponder() -> Bool {
        if !isEditing, let bar = searchBar, !(bar.delegate?.searchBarShouldBeginEditing(bar) ?? true) { return false }
        let wasEditing = isEditing
        let began = super.becomeFirstResponder()
        if began, !wasEditing, let bar = searchBar { bar.textDidBeginEditing() }
        return began
    }

    /// Ends editing if the bar's delegate (then the field's) agrees.
    @discardableResult
    open override func resignFirstResponder() -> Bool {
        if isEditing, let bar = searchBar, !(bar.delegate?.searchBarShouldEndEditing(bar) ?? true) { return false }
        let wasEditing = isEditing
        let ended = super.resignFirstResponder()
        if ended, wasEditing, !isEditing, let bar = searchBar { bar.textDidEndEditing() }
        return ended
    }

    /// The return key: the field's actions, then the bar's `searchBarSearchButtonClicked`.
    open override func returnKey() {
        super.returnKey()
        guard let bar = searchBar else { return }
        bar.trace("searchButtonClicked")
        bar.delegate?.searchBarSearchButtonClicked(bar)
    }

    override func insertKey(_ string: String) -> Bool {
        let current = text ?? ""
        if let bar = searchBar, let delegate = bar.delegate,
           !delegate.searchBar(bar, shouldChangeTextIn: NSRange(location: current.utf16.count, length: 0), replacementText: string) {
            return false
        }
        return super.insertKey(string)
    }

    override func deleteKey() -> Bool {
        if let bar = searchBar, let delegate = bar.delegate, let current = text, let last = current.last {
            let count = String(last).utf16.count
            let range = NSRange(location: current.utf16.count - count, length: count)
            if !delegate.searchBar(bar, shouldChangeTextIn: range, replacementText: "") { return false }
        }
        return super.deleteKey()
    }

    /// Sends the field's actions; an edit (`editingChanged`) also tells the bar's delegate
    /// `textDidChange` and its search controller's results updater.
    open override func sendActions(for events: Control.Event) {
        super.sendActions(for: events)
        if events.contains(.editingChanged), let bar = searchBar { bar.textDidChange() }
    }
}

/// A token in a search field: UIKit's `UISearchToken` (data).
open class SearchToken {
    /// What the token stands for.
    open var representedObject: Any?
    /// The token's title.
    public let title: String
    /// The token's icon.
    public let icon: Image?

    /// A token with an icon and a title.
    public init(icon: Image?, text: String) {
        self.icon = icon
        self.title = text
    }
}

/// A bar with a search field: UIKit's `UISearchBar`, 56 points high.
///
/// Its ``searchTextField`` is a real text field in the bar, so typing into it (the
/// field's `insertText(_:)`, or ``Application/typeText(_:into:clear:submit:)`` with the
/// bar or its field) reaches the delegate: `searchBarShouldBeginEditing`,
/// `searchBarTextDidBeginEditing`, `searchBar(_:shouldChangeTextIn:replacementText:)` and
/// `searchBar(_:textDidChange:)` per key, `searchBarSearchButtonClicked` on return; the
/// cancel button, shown while ``showsCancelButton``, is a button in the bar whose tap is
/// `searchBarCancelButtonClicked`. Setting ``text`` from code tells nobody, as in UIKit.
/// The bar's background is a subview behind the field (its ``barTintColor``, or the
/// system's light gray; none for the `minimal` style).
open class SearchBar: View {
    /// The bar's look: UIKit's `UISearchBar.Style`.
    public enum Style: Int, Hashable, Sendable {
        /// The system's default (prominent).
        case `default` = 0
        /// A background behind the field.
        case prominent = 1
        /// No background: the field alone.
        case minimal = 2
    }

    /// The icons a search bar shows: UIKit's `UISearchBar.Icon` (data).
    public enum Icon: Int, Hashable, Sendable {
        /// The magnifier, the clear button, the bookmark button and the results list.
        case search, clear, bookmark, resultsList
    }

    /// The search field.
    public let searchTextField: SearchTextField
    private let background: View
    private let cancelButton: Button
    /// The delegate, held weakly.
    open weak var delegate: SearchBarDelegate?
    /// The search controller whose bar this is.
    weak var searchController: SearchController?
    /// The navigation controller that shows this bar under its navigation bar.
    weak var placedBy: NavigationController?

    /// The text (nil or empty when there is none); setting it tells nobody.
    open var text: String? {
        get { searchTextField.text }
        set { searchTextField.text = newValue }
    }
    /// The gray text shown while the field is empty ("Search" by default).
    open var placeholder: String? {
        get { searchTextField.placeholder }
        set { searchTextField.placeholder = newValue }
    }
    /// A line above the bar (data).
    open var prompt: String?
    /// Whether the cancel button shows beside the field.
    open var showsCancelButton = false {
        didSet { if showsCancelButton != oldValue { cancelButton.isHidden = !showsCancelButton; setNeedsLayout() } }
    }
    /// Whether a bookmark button shows (data).
    open var showsBookmarkButton = false
    /// Whether a results list button shows (data).
    open var showsSearchResultsButton = false
    /// Whether the scope buttons show (data).
    open var showsScopeBar = false
    /// The titles of the scope buttons (data).
    open var scopeButtonTitles: [String]?
    /// The selected scope button (data).
    open var selectedScopeButtonIndex = 0
    /// The bar's look.
    open var searchBarStyle: Style = .default { didSet { refreshBackground() } }
    /// The bar's style (data).
    open var barStyle: BarStyle = .default
    /// The background's color (nil: the system's light gray).
    open var barTintColor: Color? { didSet { refreshBackground() } }
    /// Whether the bar is translucent (data).
    open var isTranslucent = true
    /// The background image (data).
    open var backgroundImage: Image?
    /// A view above the keyboard while editing (data).
    open override var inputAccessoryView: View? {
        get { storedInputAccessoryView }
        set { storedInputAccessoryView = newValue }
    }
    private var storedInputAccessoryView: View?
    private var icons: [Icon: Image] = [:]

    /// A search bar in `frame` (56 points high when the frame has no height).
    public override init(frame: Rect) {
        (searchTextField, background, cancelButton) = SearchBar.makeParts()
        super.init(frame: Rect(origin: frame.origin, size: Size(width: frame.width, height: frame.height == 0 ? 56 : frame.height)))
        setUpParts()
    }

    /// A search bar with no width, 56 points high.
    public convenience init() {
        self.init(frame: .zero)
    }

    public required init?(coder: NSCoder) {
        (searchTextField, background, cancelButton) = SearchBar.makeParts()
        super.init(coder: coder)
        setUpParts()
    }

    private static func makeParts() -> (SearchTextField, View, Button) {
        (SearchTextField(frame: .zero), View(frame: .zero), Button(type: .system))
    }

    private func setUpParts() {
        background.traceLabel = traceLabel + ".background"
        searchTextField.traceLabel = traceLabel + ".searchTextField"
        cancelButton.traceLabel = traceLabel + ".cancelButton"
        background.isUserInteractionEnabled = false
        searchTextField.searchBar = self
        searchTextField.placeholder = "Search"
        cancelButton.setTitle("Cancel", for: .normal)
        cancelButton.isHidden = true
        cancelButton.addAction(Action { [unowned self] _ in self.cancelButtonTapped() }, for: .primaryActionTriggered)
        addSubview(background)
        addSubview(searchTextField)
        addSubview(cancelButton)
        refreshBackground()
        layoutParts()
    }

    /// Shows or hides the cancel button (`animated` is data).
    open func setShowsCancelButton(_ showsCancelButton: Bool, animated: Bool) {
        self.showsCancelButton = showsCancelButton
    }

    /// Sets the image of an icon (data).
    open func setImage(_ iconImage: Image?, for icon: Icon, state: Control.State) { icons[icon] = iconImage }
    /// The image of an icon, if one was set.
    open func image(for icon: Icon, state: Control.State) -> Image? { icons[icon] }

    /// The return key's label, as the search field's.
    open var returnKeyType: ReturnKeyType {
        get { searchTextField.returnKeyType }
        set { searchTextField.returnKeyType = newValue }
    }
    /// The keyboard, as the search field's (data).
    open var keyboardType: KeyboardType {
        get { searchTextField.keyboardType }
        set { searchTextField.keyboardType = newValue }
    }
    /// Capitalization, as the search field's (data).
    open var autocapitalizationType: TextAutocapitalizationType {
        get { searchTextField.autocapitalizationType }
        set { searchTextField.autocapitalizationType = newValue }
    }
    /// Autocorrection, as the search field's (data).
    open var autocorrectionType: TextAutocorrectionType {
        get { searchTextField.autocorrectionType }
        set { searchTextField.autocorrectionType = newValue }
    }

    /// The field's editing state: the bar is first responder while its field is.
    open override var isFirstResponder: Bool { searchTextField.isFirstResponder }
    /// A search bar can take typing (through its field).
    open override var canBecomeFirstResponder: Bool { true }
    /// Begins editing in the field.
    @discardableResult
    open override func becomeFirstResponder() -> Bool { searchTextField.becomeFirstResponder() }
    /// Ends editing in the field.
    @discardableResult
    open override func resignFirstResponder() -> Bool { searchTextField.resignFirstResponder() }

    /// The bar's height: no intrinsic width, 56 points high.
    open override var intrinsicContentSize: Size { Size(width: View.noIntrinsicMetric, height: 56) }

    /// The size it fits in: the width it is given (or its own), 56 points high.
    open override func sizeThatFits(_ size: Size) -> Size {
        Size(width: size.width > 0 ? size.width : bounds.width, height: 56)
    }

    /// The field, the background and the cancel button follow the bar's size.
    override func runBuiltInLayout() {
        layoutParts()
    }

    private func layoutParts() {
        let whole = Rect(origin: .zero, size: bounds.size)
        if background.frame != whole { background.frame = whole }
        let cancelWidth: CGFloat = showsCancelButton ? cancelButton.intrinsicContentSize.width : 0
        let fieldHeight: CGFloat = 36
        let field = Rect(x: 8, y: (bounds.height - fieldHeight) / 2,
                         width: max(0, bounds.width - 16 - (showsCancelButton ? cancelWidth + 8 : 0)), height: fieldHeight)
        if searchTextField.frame != field { searchTextField.frame = field }
        let cancel = Rect(x: bounds.width - 8 - cancelWidth, y: (bounds.height - 36) / 2, width: cancelWidth, height: 36)
        if cancelButton.frame != cancel { cancelButton.frame = cancel }
    }

    private func refreshBackground() {
        let color: Color? = searchBarStyle == .minimal ? nil : barTintColor ?? .systemGray6
        if background.backgroundColor != color { background.backgroundColor = color }
    }

    // MARK: Events from the field and the cancel button

    func textDidBeginEditing() {
        trace("searchBarTextDidBeginEditing")
        delegate?.searchBarTextDidBeginEditing(self)
        searchController?.searchBarDidBeginEditing()
    }

    func textDidEndEditing() {
        trace("searchBarTextDidEndEditing")
        delegate?.searchBarTextDidEndEditing(self)
    }

    func textDidChange() {
        delegate?.searchBar(self, textDidChange: text ?? "")
        searchController?.searchTextDidChange()
    }

    private func cancelButtonTapped() {
        trace("searchBarCancelButtonClicked")
        delegate?.searchBarCancelButtonClicked(self)
        searchController?.searchBarCancelled()
    }
}
