import Foundation

/// What a search controller asks to show results for its bar's text: UIKit's
/// `UISearchResultsUpdating`.
public protocol SearchResultsUpdating: AnyObject {
    /// The search text changed, or the search became active or inactive: update the
    /// results for `searchController.searchBar.text`.
    func updateSearchResults(for searchController: SearchController)
}

/// What a search controller tells its delegate as it becomes active and inactive: UIKit's
/// `UISearchControllerDelegate`, every method optional.
public protocol SearchControllerDelegate: AnyObject {
    /// The search is about to become active.
    func willPresentSearchController(_ searchController: SearchController)
    /// The search became active.
    func didPresentSearchController(_ searchController: SearchController)
    /// The search is about to become inactive.
    func willDismissSearchController(_ searchController: SearchController)
    /// The search became inactive.
    func didDismissSearchController(_ searchController: SearchController)
    /// Show the search (called instead of the runtime's own presentation when the
    /// delegate implements it; the default does the runtime's).
    func presentSearchController(_ searchController: SearchController)
}

extension SearchControllerDelegate {
    public func willPresentSearchController(_ searchController: SearchController) {}
    public func didPresentSearchController(_ searchController: SearchController) {}
    public func willDismissSearchController(_ searchController: SearchController) {}
    public func didDismissSearchController(_ searchController: SearchController) {}
    public func presentSearchController(_ searchController: SearchController) { searchController.showActiveSearch() }
}

/// A search bar and the results it leads to: UIKit's `UISearchController`.
///
/// Put its ``searchBar`` on a navigation item (`navigationItem.searchController`: the
/// navigation controller shows the bar under its navigation bar and the controller's
/// safe area grows by the bar's 52 points) or in a view of your own (a table's header).
/// Beginning to edit the bar makes the search active (``isActive``): the delegate hears
/// `willPresentSearchController` and `didPresentSearchController`, the cancel button
/// shows, and the results updater is asked for results; each edit asks again; the cancel
/// button clears the text, ends editing and makes the search inactive. While active, a
/// ``searchResultsController``'s view covers the content under the bar (its appearance
/// callbacks follow, as for any root view added to a window), and with
/// ``obscuresBackgroundDuringPresentation`` a translucent dimming view covers it first; a
/// tap on the dimming view cancels the search. ``hidesNavigationBarDuringPresentation``
/// is data: the navigation bar stays.
open class SearchController: ViewController {
    /// The controller that shows the results (nil: the searching controller shows them).
    public let searchResultsController: ViewController?
    /// The search bar.
    public let searchBar: SearchBar
    /// Asked for results as the text changes. Held weakly.
    open weak var searchResultsUpdater: SearchResultsUpdating?
    /// Hears the search become active and inactive. Held weakly.
    open weak var delegate: SearchControllerDelegate?
    /// Whether the content under the bar is dimmed while the search is active (true by
    /// default).
    open var obscuresBackgroundDuringPresentation = true
    /// The older name of ``obscuresBackgroundDuringPresentation``.
    open var dimsBackgroundDuringPresentation: Bool {
        get { obscuresBackgroundDuringPresentation }
        set { obscuresBackgroundDuringPresentation = newValue }
    }
    /// Whether the navigation bar hides while the search is active (data).
    open var hidesNavigationBarDuringPresentation = true
    /// Whether the bar's cancel button shows while the search is active (true by default).
    open var automaticallyShowsCancelButton = true
    /// Whether the results controller shows once there is text (true by default).
    open var automaticallyShowsSearchResultsController = true
    /// Whether the results controller shows (set by the runtime when automatic; set it to
    /// show the results with no text).
    open var showsSearchResultsController = false {
        didSet { if showsSearchResultsController != oldValue { refreshActiveViews() } }
    }
    /// Whether the scope bar shows while active (data).
    open var automaticallyShowsScopeBar = true
    /// The dimming view while active.
    private var dimmingView: View?
    private var storedActive = false

    /// A search controller whose results `searchResultsController` shows (nil: the
    /// searching controller shows them itself).
    public init(searchResultsController: ViewController?) {
        self.searchResultsController = searchResultsController
        searchBar = SearchBar(frame: .zero)
        super.init(nibName: nil, bundle: nil)
        searchBar.searchController = self
    }

    /// A search controller with no results controller.
    public override convenience init(nibName: String?, bundle: Bundle?) {
        self.init(searchResultsController: nil)
    }

    /// Search controllers are made in code.
    public required init?(coder: NSCoder) {
        searchResultsController = nil
        searchBar = SearchBar(frame: .zero)
        super.init(coder: coder)
        searchBar.searchController = self
    }

    /// Whether the search is active. Setting it makes it so: the delegate hears the
    /// presentation or dismissal, and the results updater is asked for results.
    open var isActive: Bool {
        get { storedActive }
        set {
            guard onLoop("isActive"), newValue != storedActive else { return }
            newValue ? activate() : deactivate()
        }
    }

    private func activate() {
        trace("willPresentSearchController")
        delegate?.willPresentSearchController(self)
        storedActive = true
        if let delegate { delegate.presentSearchController(self) } else { showActiveSearch() }
        trace("didPresentSearchController")
        delegate?.didPresentSearchController(self)
        searchResultsUpdater?.updateSearchResults(for: self)
    }

    private func deactivate() {
        trace("willDismissSearchController")
        delegate?.willDismissSearchController(self)
        storedActive = false
        if automaticallyShowsCancelButton { searchBar.showsCancelButton = false }
        if searchBar.searchTextField.isEditing { searchBar.searchTextField.resignFirstResponder() }
        if automaticallyShowsSearchResultsController { showsSearchResultsController = false }
        refreshActiveViews()
        trace("didDismissSearchController")
        delegate?.didDismissSearchController(self)
        searchResultsUpdater?.updateSearchResults(for: self)
    }

    /// The runtime's presentation of an active search: the cancel button, the results
    /// controller when it has text, and the dimming view.
    func showActiveSearch() {
        if automaticallyShowsCancelButton { searchBar.showsCancelButton = true }
        if automaticallyShowsSearchResultsController { showsSearchResultsController = !(searchBar.text ?? "").isEmpty }
        refreshActiveViews()
    }

    // MARK: Events from the bar

    func searchBarDidBeginEditing() {
        if !storedActive { isActive = true }
    }

    func searchTextDidChange() {
        if automaticallyShowsSearchResultsController, storedActive {
            showsSearchResultsController = !(searchBar.text ?? "").isEmpty
        }
        searchResultsUpdater?.updateSearchResults(for: self)
    }

    func searchBarCancelled() {
        searchBar.text = ""
        isActive = false
    }

    // MARK: The results and dimming views

    /// The view the results and dimming go in, and where the bar's bottom lies in it: the
    /// navigation controller's view for a bar on a navigation item, else the root view of
    /// the nearest controller around the bar.
    private func presentationContext() -> (View, CGFloat)? {
        if let navigation = searchBar.placedBy, let container = navigation.viewIfLoaded, searchBar.superview === container {
            return (container, searchBar.frame.maxY)
        }
        var current = searchBar.superview
        while let view = current {
            if let controller = view.owningViewController, controller.viewIfLoaded === view {
                return (view, searchBar.convert(Point(x: 0, y: searchBar.bounds.maxY), to: view).y)
            }
            current = view.superview
        }
        return nil
    }

    /// Puts the dimming view and the results controller's view over the content under
    /// the bar while active; takes them away when not.
    func refreshActiveViews() {
        let context = storedActive ? presentationContext() : nil
        let showsDimming = context != nil && obscuresBackgroundDuringPresentation
        if showsDimming, let (container, top) = context {
            let dimming = dimmingView ?? SearchDimmingView(frame: .zero)
            if dimmingView == nil {
                dimmingView = dimming
                dimming.traceLabel = traceLabel + ".dimmingView"
                dimming.backgroundColor = Color(red: 0, green: 0, blue: 0, alpha: 0.2)
                (dimming as? SearchDimmingView)?.controller = self
            }
            dimming.frame = Rect(x: 0, y: top, width: container.bounds.width, height: max(0, container.bounds.height - top))
            if dimming.superview !== container { container.addSubview(dimming) }
        } else if let dimming = dimmingView {
            dimming.removeFromSuperview()
        }
        let resultsView = showsSearchResultsController && context != nil ? searchResultsController?.view : nil
        if let resultsView, let (container, top) = context {
            resultsView.frame = Rect(x: 0, y: top, width: container.bounds.width, height: max(0, container.bounds.height - top))
            if resultsView.superview !== container { container.addSubview(resultsView) }
        } else if let shown = searchResultsController?.viewIfLoaded, shown.superview != nil {
            shown.removeFromSuperview()
        }
        if let (container, _) = context, searchBar.placedBy == nil, searchBar.superview === container,
           container.subviews.last !== searchBar {
            container.bringSubviewToFront(searchBar)
        }
    }

    /// The dimming and results views shown now, back to front.
    var activeViews: [View] {
        [dimmingView, searchResultsController?.viewIfLoaded].compactMap { $0 }.filter { $0.superview != nil }
    }
}

/// The view that dims the content under an active search: a tap on it cancels the search.
final class SearchDimmingView: View {
    weak var controller: SearchController?

    override func receiveTap() {
        controller?.searchBarCancelled()
    }
}

extension NavigationItem {
    /// The search controller whose bar the navigation controller shows under its
    /// navigation bar while this item's controller is on top (its safe area grows by the
    /// bar's 52 points).
    public var searchController: SearchController? {
        get { storedSearchController }
        set {
            storedSearchController = newValue
            owningController?.viewIfLoaded?.setNeedsLayout()
            owningController?.navigationController?.viewIfLoaded?.setNeedsLayout()
        }
    }

    /// Whether the bar hides until the content is pulled down (data: true by default, and
    /// the bar shows).
    public var hidesSearchBarWhenScrolling: Bool {
        get { storedHidesSearchBarWhenScrolling }
        set { storedHidesSearchBarWhenScrolling = newValue }
    }
}

extension NavigationController {
    /// The height of a search bar under the navigation bar.
    static let searchBarHeight: CGFloat = 52

    /// The layout step of the navigation controller's view: the top controller's search
    /// bar under the navigation bar, the toolbar at the bottom, and an active search's
    /// dimming and results views, all over the content.
    func layoutNavigationBars() {
        guard let container = viewIfLoaded else { return }
        let searchBar = layoutNavigationSearchBar(in: container)
        layoutNavigationToolbar()
        var overlays: [View] = []
        if let controller = searchBar?.searchController { overlays += controller.activeViews }
        if let searchBar { overlays.append(searchBar) }
        if let toolbar = storedToolbar, toolbar.superview === container { overlays.append(toolbar) }
        overlays = overlays.filter { $0.superview === container }
        if !container.subviews.suffix(overlays.count).elementsEqual(overlays, by: ===) {
            for overlay in overlays { container.addSubview(overlay) }
        }
    }

    /// The top controller's search bar (if its navigation item has a search controller and
    /// the navigation bar shows) under the navigation bar; bars of other controllers leave.
    private func layoutNavigationSearchBar(in container: View) -> SearchBar? {
        let wanted = isNavigationBarHidden ? nil : topViewController?.navigationItemIfMade?.searchController?.searchBar
        for case let bar as SearchBar in container.subviews where bar !== wanted && bar.placedBy === self {
            bar.placedBy = nil
            bar.removeFromSuperview()
            bar.searchController?.refreshActiveViews()
        }
        guard let bar = wanted else { return nil }
        bar.placedBy = self
        let frame = Rect(x: 0, y: container.safeAreaInsets.top + 44, width: container.bounds.width, height: Self.searchBarHeight)
        if bar.frame != frame { bar.frame = frame }
        if bar.superview !== container { container.addSubview(bar) }
        bar.searchController?.refreshActiveViews()
        return bar
    }
}
