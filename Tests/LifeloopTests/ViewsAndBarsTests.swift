import Foundation
import Testing
import UIKit
@testable import Lifeloop
import LifeloopPictures

/// A view that draws a string in its bounds with a paragraph style, as apps' `draw(_:)` do.
private final class ParagraphView: UIView {
    var style: NSParagraphStyle = .default
    override func draw(_ rect: CGRect) {
        ("one\ntwo" as NSString).draw(in: bounds, withAttributes: [.font: UIFont.systemFont(ofSize: 10), .paragraphStyle: style])
    }
}

/// A button subclass that changes its configuration per state, as apps do.
private final class StateButton: UIButton {
    var updates = 0
    override func updateConfiguration() {
        updates += 1
        guard var config = configuration else { return }
        config.baseBackgroundColor = isHighlighted ? .systemRed : .systemGreen
        configuration = config
    }
}

/// A table cell that sets its background per state in `updateConfiguration(using:)`.
private final class StateCell: UITableViewCell {
    var seen: [Bool] = []
    override func updateConfiguration(using state: UICellConfigurationState) {
        seen.append(state.isSelected)
        var background = UIBackgroundConfiguration.listPlainCell()
        background.backgroundColor = state.isSelected ? .systemYellow : .white
        backgroundConfiguration = background
    }
}

/// Records what a search controller asks and what a search bar tells.
private final class SearchLog: UISearchResultsUpdating, UISearchBarDelegate, UISearchControllerDelegate {
    var updates: [String] = []
    var events: [String] = []
    var allowsEditing = true
    func updateSearchResults(for searchController: UISearchController) { updates.append(searchController.searchBar.text ?? "") }
    func searchBar(_ searchBar: UISearchBar, textDidChange searchText: String) { events.append("change \(searchText)") }
    func searchBarShouldBeginEditing(_ searchBar: UISearchBar) -> Bool { events.append("shouldBegin"); return allowsEditing }
    func searchBarTextDidBeginEditing(_ searchBar: UISearchBar) { events.append("didBegin") }
    func searchBarTextDidEndEditing(_ searchBar: UISearchBar) { events.append("didEnd") }
    func searchBarSearchButtonClicked(_ searchBar: UISearchBar) { events.append("search") }
    func searchBarCancelButtonClicked(_ searchBar: UISearchBar) { events.append("cancel") }
    func willPresentSearchController(_ searchController: UISearchController) { events.append("willPresent") }
    func didDismissSearchController(_ searchController: UISearchController) { events.append("didDismiss") }
}

/// An activity of the app's own, as apps subclass `UIActivity`.
private final class SaveActivity: UIActivity {
    var prepared: [Any] = []
    override var activityType: UIActivity.ActivityType? { UIActivity.ActivityType("com.example.save") }
    override var activityTitle: String? { "Save" }
    override func canPerform(withActivityItems activityItems: [Any]) -> Bool { true }
    override func prepare(withActivityItems activityItems: [Any]) { prepared = activityItems }
    override func perform() { activityDidFinish(true) }
}

/// An image picker's delegate, as apps write it.
private final class PickerLog: UIImagePickerControllerDelegate, UINavigationControllerDelegate {
    var picked: [UIImage] = []
    var cancels = 0
    func imagePickerController(_ picker: UIImagePickerController, didFinishPickingMediaWithInfo info: [UIImagePickerController.InfoKey: Any]) {
        if let image = info[.editedImage] as? UIImage ?? info[.originalImage] as? UIImage { picked.append(image) }
        picker.dismiss(animated: false)
    }
    func imagePickerControllerDidCancel(_ picker: UIImagePickerController) {
        cancels += 1
        picker.dismiss(animated: false)
    }
}

@Suite("Views and bars")
struct ViewsAndBarsTests {
    /// A controller in a window with `views` in its view, settled.
    static func host(_ views: [UIView]) throws -> (Application, Window, UIViewController) {
        let app = try Application(clock: .virtual)
        let controller = UIViewController(label: "host")
        let window = try showInWindow(controller, app: app)
        for view in views { controller.view.addSubview(view) }
        try app.settle()
        return (app, window, controller)
    }

    /// The snapshot node of `view` in `window`.
    static func node(_ view: UIView, in window: Window) -> WindowSnapshot.Node? {
        WindowSnapshot(window).nodes.first { $0.label == view.traceLabel }
    }

    // MARK: Status bar

    final class Container: UIViewController {
        let content = UIViewController(label: "content")
        override var childForStatusBarStyle: UIViewController? { content }
        override var childForStatusBarHidden: UIViewController? { content }
        override var preferredStatusBarStyle: StatusBarStyle { .lightContent }
    }

    @Test("a container names the child whose status bar style and visibility count, as UIKit apps override them")
    func childForStatusBar() throws {
        let app = try Application(clock: .virtual)
        defer { try? app.close() }
        let container = Container(label: "container")
        #expect(container.childForStatusBarStyle === container.content)
        #expect(container.childForStatusBarHidden === container.content)
        #expect(container.childForHomeIndicatorAutoHidden == nil)
        #expect(UIViewController(label: "plain").childForStatusBarStyle == nil)
        #expect(container.preferredStatusBarStyle == .lightContent)
    }

    // MARK: Text attributes

    @Test("a paragraph style centers drawn lines and spaces them; underline and link keys carry UIKit's names")
    func paragraphStyle() throws {
        let style = NSMutableParagraphStyle()
        style.alignment = .center
        style.lineSpacing = 6
        style.lineBreakMode = .byTruncatingTail
        style.minimumLineHeight = 0
        style.firstLineHeadIndent = 4
        #expect(NSParagraphStyle.default.alignment == .natural && NSParagraphStyle.default.lineSpacing == 0)
        let copy = style.copy() as! NSParagraphStyle
        #expect(copy.alignment == .center && copy.lineSpacing == 6 && !(copy is NSMutableParagraphStyle))
        let mutable = copy.mutableCopy() as! NSMutableParagraphStyle
        mutable.alignment = .right
        #expect(style.alignment == .center && mutable.alignment == .right && copy.isEqual(style) && !mutable.isEqual(style))

        let view = ParagraphView(frame: CGRect(x: 0, y: 0, width: 200, height: 100))
        view.style = style
        let (app, _, _) = try Self.host([view])
        let texts: [(String, CGPoint)] = (view.displayList ?? []).compactMap {
            if case let .drawText(text, at: point, fontSize: _, color: _) = $0 { return (text, point) }
            return nil
        }
        #expect(texts.map(\.0) == ["one", "two"])
        let font = UIFont.systemFont(ofSize: 10)
        let width = ("one" as NSString).size(withAttributes: [.font: font]).width
        #expect(abs(texts[0].1.x - (200 - width) / 2) < 0.01, "centered in the rect")
        #expect(abs(texts[1].1.y - texts[0].1.y - (font.lineHeight + 6)) < 0.01, "the line spacing is added")

        let attributes: [NSAttributedString.Key: Any] = [.underlineStyle: NSUnderlineStyle.single.rawValue,
                                                         .strikethroughStyle: NSUnderlineStyle.thick.rawValue,
                                                         .baselineOffset: 2, .kern: 1.5, .link: URL(string: "https://example.com")!]
        let text = NSAttributedString(string: "x", attributes: attributes)
        #expect(text.attribute(.underlineStyle, at: 0, effectiveRange: nil) as? Int == 1)
        #expect(NSAttributedString.Key.underlineStyle.rawValue == "NSUnderline" && NSAttributedString.Key.link.rawValue == "NSLink")
        #expect(NSUnderlineStyle.double.rawValue == 9 && NSUnderlineStyle([.single, .byWord]).rawValue == 0x8001)

        var container = AttributeContainer()
        container.foregroundColor = .white
        container.font = .boldSystemFont(ofSize: 20)
        let title = AttributedString("Buy", attributes: container)
        #expect(title.runs.first?.attributes.foregroundColor == .white && title.font?.pointSize == 20)
        _ = app
    }

    @Test("a refresh control's attributed title is an attributed string")
    func refreshControlTitle() throws {
        let app = try Application()
        let refresh = UIRefreshControl()
        refresh.attributedTitle = NSAttributedString(string: "Pull to refresh")
        #expect(refresh.attributedTitle?.string == "Pull to refresh")
        _ = app
    }

    // MARK: Windows and keyboard dismissal

    @Test("window levels add and compare, are kept on the window and order the windows")
    func windowLevel() throws {
        let app = try Application(clock: .virtual)
        let main = try showInWindow(UIViewController(label: "main"), app: app)
        let overlay = UIWindow(frame: UIScreen.main.bounds)
        overlay.windowLevel = .alert + 1
        #expect(overlay.windowLevel.rawValue == 2001 && overlay.windowLevel > .statusBar)
        #expect(UIWindow.Level.statusBar - 1 == UIWindow.Level(rawValue: 999) && UIWindow.Level(5).rawValue == 5)
        #expect(main.windowLevel == .normal)
        let below = UIWindow(frame: UIScreen.main.bounds)
        below.windowLevel = UIWindow.Level(rawValue: -1)
        #expect(app.windowsByLevel.map { $0 === below ? "below" : $0 === overlay ? "overlay" : "main" } == ["below", "main", "overlay"])
        #expect(app.trace.events.contains { $0.name == "setWindowLevel" && $0.detail == "2001.0" })
    }

    @Test("a table whose keyboard dismiss mode is onDrag ends editing when dragged; none leaves it")
    func keyboardDismissOnDrag() throws {
        let table = UITableView(frame: CGRect(x: 0, y: 100, width: 320, height: 300), style: .plain)
        let field = UITextField(frame: CGRect(x: 0, y: 40, width: 200, height: 34))
        #expect(table.keyboardDismissMode == .none)
        let (app, _, _) = try Self.host([field, table])
        table.contentSize = CGSize(width: 320, height: 2000)
        field.becomeFirstResponder()
        table.drag(by: CGPoint(x: 0, y: -40))
        table.endDrag()
        #expect(field.isFirstResponder, "none: the keyboard stays")
        table.keyboardDismissMode = .onDrag
        table.beginDrag()
        #expect(!field.isFirstResponder && !field.isEditing)
        table.endDrag()
        field.becomeFirstResponder()
        table.keyboardDismissMode = .interactive
        table.drag(by: CGPoint(x: 0, y: -30))
        table.endDrag()
        #expect(field.isFirstResponder, "interactive: a drag up leaves it")
        table.drag(by: CGPoint(x: 0, y: 60))
        table.endDrag()
        #expect(!field.isFirstResponder, "interactive: a drag pulling the content down dismisses it")
        try app.settle()
    }

    // MARK: Visual effects

    @Test("a visual effect view draws a translucent fill for its blur behind its content view")
    func visualEffectView() throws {
        let blur = UIVisualEffectView(effect: UIBlurEffect(style: .dark))
        blur.frame = CGRect(x: 10, y: 100, width: 200, height: 80)
        let label = UILabel()
        label.text = "Over the blur"
        label.frame = CGRect(x: 8, y: 8, width: 180, height: 20)
        blur.contentView.addSubview(label)
        let vibrancy = UIVisualEffectView(effect: UIVibrancyEffect(blurEffect: UIBlurEffect(style: .systemMaterial), style: .secondaryLabel))
        blur.contentView.addSubview(vibrancy)
        let (app, window, _) = try Self.host([blur])
        #expect(blur.contentView.frame == blur.bounds && blur.subviews.last === blur.contentView)
        #expect(label.window === window && label.superview === blur.contentView)
        let fill = try #require(blur.effectFill)
        #expect(fill.alpha < 1 && fill.alpha > 0 && fill.red < 0.5, "a dark, translucent fill")
        #expect(vibrancy.effectFill == nil, "vibrancy draws no fill")
        let nodes = WindowSnapshot(window).nodes
        let backdrop = try #require(blur.subviews.first)
        #expect(backdrop !== blur.contentView && nodes.contains { $0.label == backdrop.traceLabel && $0.backgroundColor == fill })
        #expect(nodes.contains { $0.content.lines == ["Over the blur"] })
        blur.effect = UIBlurEffect(style: .extraLight)
        #expect((blur.effectFill?.red ?? 0) > 0.5)
        blur.effect = nil
        #expect(blur.effectFill == nil)
        #expect((vibrancy.effect as? UIVibrancyEffect)?.blurEffect.style == .systemMaterial)
        _ = app
    }

    // MARK: Button configuration

    @Test("a filled configuration's title, colors, insets and corners show on the button")
    func buttonConfigurationFilled() throws {
        var config = UIButton.Configuration.filled()
        config.title = "Buy"
        config.subtitle = "Now"
        config.image = UIImage(systemName: "cart")
        config.imagePlacement = .leading
        config.imagePadding = 8
        config.contentInsets = NSDirectionalEdgeInsets(top: 10, leading: 20, bottom: 10, trailing: 20)
        config.cornerStyle = .capsule
        config.baseBackgroundColor = .systemGreen
        config.titleTextAttributesTransformer = UIConfigurationTextAttributesTransformer { incoming in
            var outgoing = incoming
            outgoing.font = UIFont.boldSystemFont(ofSize: 20)
            return outgoing
        }
        let button = UIButton(configuration: config, primaryAction: nil)
        button.frame = CGRect(x: 20, y: 100, width: 200, height: 50)
        let (app, window, _) = try Self.host([button])
        #expect(button.titleLabel?.text == "Buy" && button.currentTitle == "Buy" && button.currentSubtitle == "Now")
        #expect(button.currentTitleColor == .white && button.titleLabel?.font.pointSize == 20)
        #expect(button.backgroundColor == .systemGreen && button.layer.cornerRadius == 25)
        #expect(button.currentImage?.name == "cart")
        #expect(button.contentEdgeInsets == UIEdgeInsets(top: 10, left: 20, bottom: 10, right: 20))
        let title = UIFont.boldSystemFont(ofSize: 20).size(of: "Buy")
        #expect(button.intrinsicContentSize.width > title.width + 40 + 8)
        let node = try #require(Self.node(button, in: window))
        // A picture draws colours resolved for the view's traits (systemGreen is dynamic).
        #expect(node.content.lines.first == "Buy" && node.backgroundColor == UIColor.systemGreen.resolved(for: button)
                && node.content.cornerRadius == 25)
        #expect(node.content.lines == ["Buy", "Now"], "the subtitle draws under the title")

        var plain = UIButton.Configuration.plain()
        plain.title = "Skip"
        button.configuration = plain
        try app.settle()
        #expect(button.titleLabel?.text == "Skip" && button.backgroundColor == nil && button.currentTitleColor == button.tintColor)
        #expect(button.configuration?.title == "Skip" && button.currentSubtitle == nil)
    }

    @Test("every style has its colors, a background configuration overrides the base color, and a stroke outlines")
    func buttonConfigurationStyles() throws {
        let app = try Application()
        let tint = UIColor.systemBlue
        #expect(UIButton.Configuration.filled().backgroundColor(tint: tint, state: .normal) == tint)
        #expect(UIButton.Configuration.borderedProminent().foregroundColor(tint: tint, state: .normal) == .white)
        #expect(UIButton.Configuration.tinted().backgroundColor(tint: tint, state: .normal) == tint.withAlphaComponent(0.15))
        #expect(UIButton.Configuration.borderedTinted().foregroundColor(tint: tint, state: .normal) == tint)
        #expect(UIButton.Configuration.gray().backgroundColor(tint: tint, state: .normal) == .secondarySystemFill)
        #expect(UIButton.Configuration.bordered().backgroundColor(tint: tint, state: .normal) == .secondarySystemFill)
        #expect(UIButton.Configuration.plain().backgroundColor(tint: tint, state: .normal) == nil)
        #expect(UIButton.Configuration.borderless().backgroundColor(tint: tint, state: .normal) == nil)

        var config = UIButton.Configuration.filled()
        config.attributedTitle = AttributedString("Pay", attributes: AttributeContainer().foregroundColor(.systemYellow))
        config.background.backgroundColor = .black
        config.background.strokeColor = .systemRed
        config.background.strokeWidth = 2
        config.background.cornerRadius = 3
        config.cornerStyle = .fixed
        config.buttonSize = .small
        config.titleAlignment = .leading
        config.showsActivityIndicator = true
        let button = UIButton(configuration: config)
        button.frame = CGRect(x: 0, y: 0, width: 120, height: 40)
        button.layoutIfNeeded()
        #expect(button.currentTitle == "Pay" && button.currentTitleColor == .systemYellow && button.titleLabel?.font.pointSize == 15)
        #expect(button.backgroundColor == .black && button.layer.borderWidth == 2 && button.layer.borderColor == .systemRed)
        #expect(button.layer.cornerRadius == 3)
        let spinner = try #require(button.subviews.compactMap { $0 as? UIActivityIndicatorView }.first)
        #expect(spinner.isAnimating && button.currentImage == nil)
        config.showsActivityIndicator = false
        let busy = UIView()
        config.background.customView = busy
        button.configuration = config
        button.layoutIfNeeded()
        #expect(!button.subviews.contains { $0 is UIActivityIndicatorView })
        #expect(button.subviews.first === busy && busy.frame == button.bounds, "the background's custom view is behind the content")
        config.background.customView = nil
        button.configuration = config
        #expect(busy.superview == nil)
        button.isEnabled = false
        #expect(button.currentTitleColor == .systemYellow, "the attributed title's color wins")
        _ = app
    }

    @Test("configurationUpdateHandler and updateConfiguration run at layout after a state change")
    func buttonConfigurationUpdates() throws {
        let button = StateButton(configuration: .filled())
        button.frame = CGRect(x: 20, y: 100, width: 120, height: 44)
        var handled: [Bool] = []
        button.configurationUpdateHandler = { button in
            handled.append(button.isHighlighted)
            var config = button.configuration
            config?.title = button.isHighlighted ? "Pressed" : "Press"
            button.configuration = config
        }
        let (app, _, _) = try Self.host([button])
        #expect(handled == [false] && button.updates == 1 && button.titleLabel?.text == "Press")
        #expect(button.backgroundColor == .systemGreen)
        button.isHighlighted = true
        try app.settle()
        #expect(handled == [false, true] && button.titleLabel?.text == "Pressed")
        #expect(button.backgroundColor == UIColor.systemRed.withAlphaComponent(0.8), "a highlighted fill is drawn at 80%")
        button.setNeedsUpdateConfiguration()
        try app.settle()
        #expect(handled.count == 3 && button.updates == 3)
        button.automaticallyUpdatesConfiguration = false
        button.isHighlighted = false
        try app.settle()
        #expect(handled.count == 3, "no automatic update")
        #expect(app.trace.events.filter { $0.name == "updateConfiguration" }.count == 3)
    }

    @Test("a tap on a configured button runs its primary action, titled by the action")
    func buttonConfigurationPrimaryAction() throws {
        var taps = 0
        let button = UIButton(configuration: .tinted(), primaryAction: UIAction(title: "Go") { _ in taps += 1 })
        button.frame = CGRect(x: 20, y: 100, width: 120, height: 44)
        let (app, _, _) = try Self.host([button])
        #expect(button.configuration?.title == "Go" && button.titleLabel?.text == "Go")
        app.tap(button)
        #expect(taps == 1)
    }

    // MARK: Cell configurations

    @Test("a cell's background configuration draws behind its content and follows selection")
    func cellBackgroundConfiguration() throws {
        let app = try Application(clock: .virtual)
        let cell = UITableViewCell(style: .default, reuseIdentifier: "c")
        cell.frame = CGRect(x: 0, y: 0, width: 320, height: 44)
        var background = UIBackgroundConfiguration.listPlainCell()
        background.cornerRadius = 8
        background.backgroundInsets = NSDirectionalEdgeInsets(top: 2, leading: 10, bottom: 2, trailing: 10)
        cell.backgroundConfiguration = background
        cell.layoutIfNeeded()
        let drawn = try #require(cell.subviews.first)
        #expect(drawn !== cell.contentView && drawn.backgroundColor == .systemBackground)
        #expect(drawn.frame == CGRect(x: 10, y: 2, width: 300, height: 40) && drawn.layer.cornerRadius == 8)
        cell.setSelected(true, animated: false)
        #expect(cell.configurationState.isSelected)
        cell.layoutIfNeeded()
        #expect(drawn.backgroundColor == .systemGray4, "the selected list cell's gray")
        cell.automaticallyUpdatesBackgroundConfiguration = false
        cell.layoutIfNeeded()
        #expect(drawn.backgroundColor == .systemBackground)
        cell.backgroundConfiguration = .clear()
        cell.layoutIfNeeded()
        #expect(drawn.backgroundColor == .clear)
        cell.backgroundConfiguration = nil
        cell.layoutIfNeeded()
        #expect(drawn.superview == nil && cell.subviews.first === cell.contentView)
        _ = app
    }

    @Test("updateConfiguration(using:) and the update handler see a cell's state")
    func cellConfigurationUpdates() throws {
        let app = try Application(clock: .virtual)
        let cell = StateCell(style: .default, reuseIdentifier: nil)
        cell.layoutIfNeeded()
        #expect(cell.seen == [false], "before the cell first shows")
        cell.isSelected = true
        cell.layoutIfNeeded()
        #expect(cell.seen == [false, true] && cell.backgroundConfiguration?.backgroundColor == .systemYellow)

        let item = UICollectionViewCell(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        var states: [UICellConfigurationState] = []
        item.configurationUpdateHandler = { cell, state in
            states.append(state)
            var content = UIListContentConfiguration.cell().updated(for: state)
            content.text = state.isHighlighted ? "down" : "up"
            cell.contentConfiguration = content
            cell.backgroundConfiguration = UIBackgroundConfiguration.listGroupedCell().updated(for: state)
        }
        item.layoutIfNeeded()
        item.isHighlighted = true
        item.layoutIfNeeded()
        #expect(states.map(\.isHighlighted) == [false, true])
        #expect((item.contentConfiguration as? UIListContentConfiguration)?.text == "down")
        #expect(item.backgroundConfiguration?.backgroundColor == .systemGray4)
        var custom = UICellConfigurationState(traitCollection: item.traitCollection)
        custom[UIConfigurationStateCustomKey("cover")] = true
        #expect(custom[UIConfigurationStateCustomKey("cover")] == AnyHashable(true) && !custom.isSwiped && !custom.isExpanded)
        _ = app
    }

    // MARK: Search

    @Test("a search controller on a navigation item: its bar shows under the navigation bar and typing updates the results")
    func searchControllerOnNavigationItem() throws {
        let app = try Application(clock: .virtual)
        let list = UIViewController(label: "list")
        let navigation = UINavigationController(rootViewController: list)
        let log = SearchLog()
        let search = UISearchController(searchResultsController: nil)
        search.searchResultsUpdater = log
        search.delegate = log
        search.searchBar.delegate = log
        search.obscuresBackgroundDuringPresentation = false
        search.searchBar.placeholder = "Find a city"
        list.navigationItem.searchController = search
        list.navigationItem.hidesSearchBarWhenScrolling = false
        let window = try showInWindow(navigation, app: app)
        let bar = search.searchBar
        #expect(bar.window === window && bar.superview === navigation.view && navigation.view.subviews.last === bar)
        let top = window.safeAreaInsets.top
        #expect(bar.frame == CGRect(x: 0, y: top + 44, width: window.bounds.width, height: 52))
        #expect(list.view.safeAreaInsets.top == top + 44 + 52, "the content starts under the search bar")
        #expect(bar.searchTextField.placeholder == "Find a city" && !list.navigationItem.hidesSearchBarWhenScrolling)
        #expect(Self.node(bar.searchTextField, in: window)?.content.lines == ["Find a city"])

        #expect(app.typeText("ab", into: bar) == nil)
        #expect(search.isActive && bar.showsCancelButton && bar.isFirstResponder)
        #expect(log.updates == ["", "a", "ab"])
        #expect(log.events == ["shouldBegin", "didBegin", "willPresent", "change a", "change ab"])
        #expect(app.typeText("", into: bar.searchTextField, submit: true) == nil)
        #expect(log.events.last == "search")
        try app.settle()
        #expect(Self.node(bar.searchTextField, in: window)?.content.lines == ["ab"])

        bar.text = "set from code"
        #expect(log.updates.count == 3, "a change from code tells nobody")
        let cancel = try #require(bar.subviews.compactMap { $0 as? UIButton }.first { $0.currentTitle == "Cancel" })
        try app.settle()
        app.tap(cancel)
        #expect(!search.isActive && bar.text == "" && !bar.isFirstResponder && !bar.showsCancelButton)
        #expect(log.events.suffix(3) == ["cancel", "didEnd", "didDismiss"])
        #expect(log.updates.last == "")

        let detail = UIViewController(label: "detail")
        navigation.pushViewController(detail, animated: false)
        try app.settle()
        #expect(bar.superview == nil, "another controller on top: its bar leaves")
        _ = navigation.popViewController(animated: false)
        try app.settle()
        #expect(bar.superview === navigation.view)
    }

    @Test("an active search shows its results controller once there is text, over a dimming view that cancels when tapped")
    func searchControllerResults() throws {
        let app = try Application(clock: .virtual)
        let results = UIViewController(label: "results")
        let search = UISearchController(searchResultsController: results)
        let log = SearchLog()
        search.searchResultsUpdater = log
        let host = UIViewController(label: "host")
        let window = try showInWindow(host, app: app)
        search.searchBar.frame = CGRect(x: 0, y: 100, width: window.bounds.width, height: 0)
        search.searchBar.sizeToFit()
        #expect(search.searchBar.frame.height == 56)
        host.view.addSubview(search.searchBar)
        try app.settle()
        search.isActive = true
        try app.settle()
        let dimming = try #require(host.view.subviews.first { $0.traceLabel.hasSuffix(".dimmingView") })
        #expect(dimming.frame.minY == 156 && results.viewIfLoaded?.window == nil, "no text: dimming, no results yet")
        app.tap(dimming)
        try app.settle()
        #expect(!search.isActive && dimming.superview == nil, "a tap on the dimming view cancels")
        #expect(app.typeText("x", into: search.searchBar) == nil)
        try app.settle()
        #expect(search.isActive && search.showsSearchResultsController)
        #expect(results.view.window === window && results.view.frame.minY == 156)
        #expect(app.trace.events.contains { $0.label == "results" && $0.name == "viewDidAppear" })
        search.isActive = false
        try app.settle()
        #expect(results.viewIfLoaded?.window == nil && dimming.superview == nil)
        #expect(log.updates == ["", "", "", "x", "x"])
        #expect(UISearchController().searchResultsController == nil && UISearchController().dimsBackgroundDuringPresentation)
    }

    @Test("a search bar's delegate can refuse editing, sees the return key, and the bar forwards text input traits")
    func searchBarDelegate() throws {
        let bar = UISearchBar()
        let log = SearchLog()
        log.allowsEditing = false
        bar.delegate = log
        bar.frame = CGRect(x: 0, y: 100, width: 320, height: 56)
        bar.returnKeyType = .done
        bar.autocapitalizationType = .none
        bar.searchBarStyle = .minimal
        bar.barTintColor = .systemRed
        bar.setShowsCancelButton(true, animated: true)
        let (app, window, _) = try Self.host([bar])
        #expect(bar.searchTextField.returnKeyType == .done && bar.searchTextField.autocapitalizationType == .none)
        #expect(bar.intrinsicContentSize.height == 56 && bar.searchTextField.frame.maxX < 320 - 40, "room for Cancel")
        #expect(app.typeText("a", into: bar) != nil && bar.text == "", "the delegate refused")
        log.allowsEditing = true
        #expect(app.typeText("hi", into: bar, submit: true) == nil)
        #expect(log.events.suffix(4) == ["didBegin", "change h", "change hi", "search"])
        #expect(WindowSnapshot(window).nodes.contains { $0.content.lines == ["hi"] })
        bar.showsCancelButton = false
        try app.settle()
        #expect(bar.searchTextField.frame.width == 304)
    }

    // MARK: Tab bar and toolbar

    @Test("a tab bar controller's tab bar keeps its appearance, draws its colors and selects tabs by item")
    func tabBar() throws {
        let app = try Application(clock: .virtual)
        let first = UIViewController(label: "first")
        first.tabBarItem = UITabBarItem(title: "Home", image: nil, tag: 0)
        let second = UIViewController(label: "second")
        second.tabBarItem = UITabBarItem(title: "Settings", image: nil, tag: 1)
        let tabs = UITabBarController()
        tabs.viewControllers = [first, second]
        let appearance = UITabBarAppearance()
        appearance.configureWithOpaqueBackground()
        appearance.backgroundColor = .black
        appearance.stackedLayoutAppearance.selected.iconColor = .systemOrange
        appearance.stackedLayoutAppearance.normal.titleTextAttributes = [.foregroundColor: UIColor.gray]
        tabs.tabBar.standardAppearance = appearance
        tabs.tabBar.scrollEdgeAppearance = appearance
        tabs.tabBar.tintColor = .systemRed
        tabs.tabBar.unselectedItemTintColor = .systemGray
        tabs.tabBar.barTintColor = .white
        tabs.tabBar.isTranslucent = false
        let window = try showInWindow(tabs, app: app)
        #expect(tabs.tabBar.items?.map(\.title) == ["Home", "Settings"] && tabs.tabBar.selectedItem === first.tabBarItem)
        #expect(tabs.tabBar.scrollEdgeAppearance === appearance && !tabs.tabBar.isTranslucent)
        let bar = try #require(WindowSnapshot(window).nodes.first { $0.label == "tabBar" }?.content.bar)
        #expect(bar.backgroundColor == .black && bar.selectedColor == UIColor.systemOrange.resolved(for: tabs.tabBar)
                && bar.unselectedColor == UIColor.systemGray.resolved(for: tabs.tabBar))
        tabs.tabBar.selectedItem = second.tabBarItem
        try app.settle()
        #expect(tabs.selectedIndex == 1)
        let bottom = second.view.safeAreaInsets.bottom
        tabs.tabBar.isHidden = true
        try app.settle()
        #expect(second.view.safeAreaInsets.bottom == bottom - 49)
        #expect(!WindowSnapshot(window).nodes.contains { $0.label == "tabBar" })
        let copy = UITabBarAppearance(barAppearance: appearance)
        #expect(copy.backgroundColor == .black && copy.stackedLayoutAppearance.selected.iconColor == .systemOrange)
        #expect(copy.stackedLayoutAppearance !== appearance.stackedLayoutAppearance)
    }

    @Test("a toolbar lays out its items as buttons: a flexible space pushes the last to the end, and a tap runs an item's action")
    func toolbar() throws {
        var tapped: [String] = []
        let toolbar = UIToolbar(frame: CGRect(x: 0, y: 400, width: 320, height: 0))
        #expect(toolbar.frame.height == 44)
        toolbar.barStyle = .black
        toolbar.barTintColor = .systemIndigo
        toolbar.isTranslucent = false
        let share = UIBarButtonItem(title: "Share", style: .plain, primaryAction: UIAction { _ in tapped.append("share") })
        let done = UIBarButtonItem(barButtonSystemItem: .done, primaryAction: UIAction { _ in tapped.append("done") })
        toolbar.setItems([share, .flexibleSpace(), done], animated: false)
        let (app, window, _) = try Self.host([toolbar])
        let buttons = toolbar.subviews.compactMap { $0 as? UIButton }
        #expect(buttons.map(\.currentTitle) == ["Share", "Done"])
        #expect(buttons[1].frame.maxX == 312 && buttons[0].frame.minX == 8)
        #expect(toolbar.drawnBackgroundColor == .systemIndigo)
        #expect(WindowSnapshot(window).nodes.contains { $0.content.lines == ["Done"] })
        app.tap(buttons[1])
        app.tap(buttons[0])
        #expect(tapped == ["done", "share"] && toolbar.items?.count == 3)
    }

    @Test("a navigation controller's toolbar shows the top controller's toolbar items at the bottom")
    func navigationToolbar() throws {
        let app = try Application(clock: .virtual)
        let root = UIViewController(label: "root")
        var taps = 0
        root.toolbarItems = [.flexibleSpace(), UIBarButtonItem(title: "Compose", style: .plain, primaryAction: UIAction { _ in taps += 1 })]
        let navigation = UINavigationController(rootViewController: root)
        let window = try showInWindow(navigation, app: app)
        #expect(navigation.isToolbarHidden && navigation.toolbar.superview == nil)
        let bottom = root.view.safeAreaInsets.bottom
        navigation.setToolbarHidden(false, animated: true)
        try app.settle()
        let toolbar: UIToolbar = navigation.toolbar
        #expect(toolbar.superview === navigation.view && toolbar.frame.maxY == window.bounds.height - window.safeAreaInsets.bottom)
        #expect(root.view.safeAreaInsets.bottom == bottom + 44)
        let compose = try #require(toolbar.subviews.compactMap { $0 as? UIButton }.first)
        app.tap(compose)
        #expect(taps == 1)
        root.toolbarItems = [UIBarButtonItem(title: "Edit", style: .plain)]
        try app.settle()
        #expect(toolbar.subviews.compactMap { ($0 as? UIButton)?.currentTitle } == ["Edit"])
        navigation.isToolbarHidden = true
        try app.settle()
        #expect(toolbar.superview == nil && root.view.safeAreaInsets.bottom == bottom)
    }

    // MARK: Presented controllers

    @Test("an activity view controller presents as a sheet; Cancel dismisses it and an app activity runs")
    func activityViewController() throws {
        let app = try Application(clock: .virtual)
        let root = UIViewController(label: "root")
        _ = try showInWindow(root, app: app)
        var completions: [String] = []
        let share = UIActivityViewController(activityItems: ["Hello", URL(string: "https://example.com")!], applicationActivities: nil)
        share.excludedActivityTypes = [.airDrop, .postToFacebook, .print, .copyToPasteboard]
        share.completionWithItemsHandler = { type, completed, _, _ in completions.append("\(type?.rawValue ?? "nil") \(completed)") }
        share.popoverPresentationController?.sourceView = root.view
        share.popoverPresentationController?.sourceRect = CGRect(x: 10, y: 10, width: 1, height: 1)
        #expect(share.popoverPresentationController?.sourceView === root.view)
        root.present(share, animated: true)
        try app.settle()
        #expect(root.presentedViewController === share && share.view.window != nil)
        let cancel = try #require(share.view.subviews.compactMap { $0 as? UIButton }.first { $0.currentTitle == "Cancel" })
        app.tap(cancel)
        try app.settle()
        #expect(root.presentedViewController == nil && completions == ["nil false"])

        let save = SaveActivity()
        let second = UIActivityViewController(activityItems: ["Note"], applicationActivities: [save])
        second.completionWithItemsHandler = { type, completed, _, _ in completions.append("\(type?.rawValue ?? "nil") \(completed)") }
        #expect(second.offeredActivities.count == 1)
        root.present(second, animated: false)
        try app.settle()
        let button = try #require(second.view.subviews.compactMap { $0 as? UIButton }.first { $0.currentTitle == "Save" })
        app.tap(button)
        try app.settle()
        #expect(save.prepared.first as? String == "Note" && completions == ["nil false", "com.example.save true"])
        #expect(root.presentedViewController == nil)
        second.excludedActivityTypes = [UIActivity.ActivityType("com.example.save")]
        #expect(second.offeredActivities.isEmpty && UIActivity.ActivityType.airDrop.rawValue == "com.apple.UIKit.activity.AirDrop")
        let plain = UIViewController()
        #expect(plain.popoverPresentationController == nil)
        plain.modalPresentationStyle = .popover
        #expect(plain.popoverPresentationController === plain.presentationController)
    }

    @Test("an image picker presents; the camera is unavailable; a pick reaches the delegate, Cancel too")
    func imagePicker() throws {
        let app = try Application(clock: .virtual)
        let root = UIViewController(label: "root")
        _ = try showInWindow(root, app: app)
        #expect(!UIImagePickerController.isSourceTypeAvailable(.camera) && UIImagePickerController.isSourceTypeAvailable(.photoLibrary))
        let log = PickerLog()
        let picker = UIImagePickerController()
        picker.delegate = log
        picker.sourceType = .camera
        #expect(picker.sourceType == .photoLibrary && app.diagnostics.contains { $0.kind == .invalidArgument })
        picker.sourceType = .savedPhotosAlbum
        picker.allowsEditing = true
        picker.mediaTypes = ["public.image"]
        root.present(picker, animated: true)
        try app.settle()
        #expect(root.presentedViewController === picker && picker.view.subviews.contains { ($0 as? UILabel)?.text == "Saved Photos" })
        let photo = Image(name: "photo", size: CGSize(width: 40, height: 30))
        picker.pick(photo)
        try app.settle()
        #expect(log.picked.first === photo && root.presentedViewController == nil)
        let again = UIImagePickerController()
        again.delegate = log
        root.present(again, animated: false)
        try app.settle()
        let cancel = try #require(again.view.subviews.compactMap { $0 as? UIButton }.first { $0.currentTitle == "Cancel" })
        app.tap(cancel)
        try app.settle()
        #expect(log.cancels == 1 && root.presentedViewController == nil)
        #expect(UIImagePickerController.InfoKey.originalImage.rawValue == "UIImagePickerControllerOriginalImage")
    }
}
