/// A window on a simulated screen: the root of a view hierarchy, UIKit's `UIWindow`.
///
/// An app may have several windows, each on its own ``Screen``; they share the app's loop,
/// and the update cycle visits them in the order they were created.
open class Window: View {
    /// The screen the window is on.
    public let screen: Screen
    /// Whether this is the app's key window.
    public internal(set) var isKeyWindow = false
    /// Whether a presentation or dismissal is under way in this window (L22).
    var transitionInFlight = false
    /// What this window's display link produced while it animated.
    public internal(set) var frameMetrics = FrameMetrics()
    /// Whether the window has been made visible and shows its root.
    var isVisibleWindow = false
    private var storedRoot: ViewController?

    /// Creates a window filling `screen`, registered with the app of the current thread.
    /// - Parameters:
    ///   - screen: The screen the window is on.
    ///   - label: Its name in the trace; by default `Window#n`.
    public init(screen: Screen = .phone, label: String? = nil) {
        self.screen = screen
        super.init(frame: screen.bounds)
        if let label { self.label = label }
        storedWindow = self
        app?.register(self)
    }

    deinit {
        // Descendants may outlive the window; they must not point at it.
        var stack = subviews
        while let view = stack.popLast() {
            if view.storedWindow === self { view.storedWindow = nil }
            stack.append(contentsOf: view.subviews)
        }
    }

    /// The controller whose view fills the window. Setting it on a visible window makes
    /// the old root disappear and the new one appear.
    public var rootViewController: ViewController? {
        get { storedRoot }
        set {
            guard onLoop("rootViewController") else { return }
            guard newValue !== storedRoot else { return }
            if let old = storedRoot, isVisibleWindow { hide(old) }
            storedRoot = newValue
            if let newValue, isVisibleWindow { show(newValue) }
        }
    }

    /// Makes this the key window and shows it with its root controller (L05). A root whose
    /// view stays nil after three tries records `noRootViewAtLaunch` (L03).
    public func makeKeyAndVisible() {
        guard onLoop("makeKeyAndVisible()") else { return }
        app?.makeKey(self)
        isHidden = false
        guard !isVisibleWindow else { return }
        isVisibleWindow = true
        setNeedsLayout()
        if let storedRoot {
            show(storedRoot)
        } else {
            app?.diagnose(.noRootViewAtLaunch, label: label,
                          message: "Application windows are expected to have a root view controller at the end of application launch")
        }
    }

    /// The root appears: `viewWillAppear`, its view enters the window, layout and display
    /// at the end of the turn, then `viewDidAppear` (L05).
    private func show(_ root: ViewController) {
        var rootView = root.view
        var attempts = 1
        while rootView == nil && attempts < 3 {
            rootView = root.view
            attempts += 1
        }
        guard let rootView else {
            app?.diagnose(.noRootViewAtLaunch, label: label,
                          message: "Application windows are expected to have a root view controller at the end of application launch")
            return
        }
        root.hostWindow = self
        root.beginAppearance(true, animated: false)
        rootView.frame = bounds
        rootView.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        addSubview(rootView)
        app?.queueIsAppearing(root)
        app?.afterCommit { root.endAppearance(animated: false) }
    }

    private func hide(_ root: ViewController) {
        root.beginAppearance(false, animated: false)
        root.viewIfLoaded?.removeFromSuperview()
        root.endAppearance(animated: false)
        root.hostWindow = nil
    }
}
