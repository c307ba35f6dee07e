import Foundation
import Lifeloop

/// A window as drawn at one moment: every view a rectangle at its presentation frame, in
/// window coordinates, in drawing order (a superview before its subviews, a later subview
/// above an earlier one, so presented controllers' views lie above their presenters).
///
/// Built on the window's loop thread; the value is plain data and can go anywhere.
public struct WindowSnapshot: Sendable, Equatable {
    /// One view.
    public struct Node: Sendable, Equatable {
        /// The view's label.
        public var label: String
        /// The label of the controller whose root view it is, if any.
        public var controller: String?
        /// How deep in the window's tree: the window is 0.
        public var depth: Int
        /// Its presentation frame (mid-animation values included) in window coordinates.
        public var rect: Rect
        /// Its background colour, if any.
        public var backgroundColor: Color?
        /// Its presentation alpha.
        public var alpha: Double
        /// Whether it is hidden; its subviews are left out.
        public var isHidden: Bool
        /// What it is, as the element tree says (a cell, a button, a navigation bar…).
        public var type: ElementType = .other
        /// What UIKit draws in it: control content, layer corners and border, its
        /// `draw(_:)` display list, and its transform.
        public var content = Content()
    }

    /// The UIKit content of a view, as data.
    public struct Content: Sendable, Equatable {
        /// Text lines (a label's, a button's title, a text field's text or placeholder).
        public var lines: [String] = []
        /// The text's color.
        public var textColor: Color?
        /// The font size.
        public var fontSize: Double = 17
        /// Whether the text is bold.
        public var isBold = false
        /// Centered, leading or trailing text.
        public var alignment: TextAlignment = .natural
        /// Whether the text is a placeholder (drawn gray).
        public var isPlaceholder = false
        /// An image view's or button's image name.
        public var imageName: String?
        /// The SF Symbol's name, when the image is one (drawn as a glyph from the table of symbols the pictures know; others as a labelled placeholder).
        public var symbolName: String?
        /// Where an image view's image lies by its content mode, in window coordinates
        /// (nil for a button's image, which lies beside its title).
        public var imageRect: Rect?
        /// The colour the image is drawn in: its own tint, else the view's tint for a
        /// template or symbol image; nil draws a symbol in the tint.
        public var imageTint: Color?
        /// Whether the symbol keeps its own colours (`.alwaysOriginal`): drawn in the label colour.
        public var imageIsOriginal = false
        /// The PNG bytes of an image read from PNG data, drawn as its pixels.
        public var imagePNG: Data?
        /// A switch's state.
        public var switchOn: Bool?
        /// Where top-aligned text starts (a text view's insets and padding); nil centers the lines.
        public var textInsets: EdgeInsets?
        /// A text field's rounded border.
        public var hasTextBorder = false
        /// The layer's corner radius, border width and color.
        public var cornerRadius: Double = 0
        /// The layer's border width, in points.
        public var borderWidth: Double = 0
        /// The layer's border color, if it has one.
        public var borderColor: Color?
        /// The view's transform composed with its superviews', in window coordinates.
        public var transform: CGAffineTransform = .identity
        /// What `draw(_:)` drew, in the view's coordinates.
        public var drawing: [DrawCommand]?
        /// The layer's shadow and its added sublayers, as SVG in the view's bounds
        /// coordinates, and the offset that places those in the view's rectangle.
        public var layerShadow: String?
        /// The layer's added sublayers, as SVG in the view's bounds coordinates.
        public var sublayers: String?
        /// The view's bounds origin: the offset that places the shadow and sublayers in the view's rectangle.
        public var boundsOrigin: Point = .zero
        /// A bar drawn over the view: a navigation bar's title and items, or a tab bar's.
        public var bar: Bar?
        /// What UIKit draws for a control, a cell or a scrolling view beyond its text.
        public var chrome: Chrome?
        /// The view's tint colour (a checkmark's, a system button's).
        public var tint: Color?
        /// Whether the view is the first responder (a text field draws its caret).
        public var isFocused = false
    }

    /// A navigation or tab bar.
    public struct Bar: Sendable, Equatable {
        /// Where it lies, in window coordinates.
        public var rect: Rect
        /// The title (navigation bars).
        public var title: String?
        /// The back button's title (drawn after a chevron), when it shows.
        public var backTitle: String?
        /// The leading items' titles.
        public var leading: [String] = []
        /// The trailing items' titles (a tab bar's items).
        public var trailing: [String] = []
        /// Whether it is a tab bar.
        public var isTabBar = false
        /// The selected tab.
        public var selected: Int?
        /// The bar's background color, when the app set one.
        public var backgroundColor: Color?
        /// The selected item's color, when the app set one.
        public var selectedColor: Color?
        /// The other items' color, when the app set one.
        public var unselectedColor: Color?
        /// The tabs' badges (nil for a tab without one), in the tabs' order.
        public var badges: [String?] = []
        /// The bar's tint (its buttons' colour), when the app set one.
        public var tint: Color?
        /// How each leading item shows beyond its title (its symbol, bold), in order.
        public var leadingLooks: [ItemLook] = []
        /// How each trailing item (or a tab bar's tab) shows beyond its title, in order.
        public var trailingLooks: [ItemLook] = []
        /// Whether a navigation bar shows its title large, in a band below the bar.
        public var showsLargeTitle = false
    }

    /// How a bar item shows beyond its title.
    public struct ItemLook: Sendable, Equatable {
        /// The SF Symbol it shows instead of its title (an image item's, a system item's
        /// such as `.add`'s plus, a tab's image), if any.
        public var symbol: String?
        /// The name of an image it shows that is no symbol, if any.
        public var imageName: String?
        /// Whether its title is bold (a `.done` item).
        public var isBold = false
        /// The item's own tint, when it has one.
        public var tint: Color?

        /// An item's look.
        public init(symbol: String? = nil, imageName: String? = nil, isBold: Bool = false, tint: Color? = nil) {
            self.symbol = symbol
            self.imageName = imageName
            self.isBold = isBold
            self.tint = tint
        }

        /// How `item` shows in a bar.
        init(_ item: BarButtonItem) {
            if let image = item.image {
                if let name = image.systemName { symbol = name } else { imageName = image.name }
            } else if let system = item.systemItem, item.title == nil || item.title == String(describing: system) {
                // A system item still showing its own title shows its symbol (UIKit draws `.add` as a plus).
                symbol = SymbolGlyphs.symbol(for: system)
            }
            isBold = item.style == .done
            tint = item.tintColor
        }
    }

    /// The window's label.
    public var window: String
    /// The window's size.
    public var size: Size
    /// Whether it is the app's key window.
    public var isKeyWindow: Bool
    /// The status bar's height at the top of the screen.
    public var statusBarInset: Double
    /// The loop's time when it was taken, in nanoseconds.
    public var time: UInt64
    /// The loop's turn when it was taken.
    public var turn: UInt64
    /// The views, in drawing order.
    public var nodes: [Node]
    /// The window's active constraints as lines, when asked for (see
    /// ``init(_:showingConstraints:)``): empty otherwise.
    public var constraints: [ConstraintLine] = []
    /// The software keyboard while it shows, drawn over the window's content; nil when
    /// it is hidden.
    public var keyboard: Keyboard?
    /// How ``svg()`` and ``png(longestEdge:for:)`` draw it: as the phone shows the app
    /// (the default) or as the debugging wireframe.
    public var style: Style = .phone
    /// Whether the window's appearance is dark.
    public var isDark = false
    /// The bottom of the screen the home indicator takes (0 on screens without one).
    public var homeIndicatorInset: Double = 0

    /// An active constraint drawn between the anchors it relates (for a constant size,
    /// across its item), in window coordinates.
    public struct ConstraintLine: Sendable, Equatable {
        /// Where the first item's attribute lies.
        public var from: Point
        /// Where the second item's attribute lies (the far edge for a constant size).
        public var to: Point
        /// The constraint's description, as UIKit prints it.
        public var description: String
        /// Whether its priority is required (drawn solid; optional ones are dashed).
        public var isRequired: Bool
    }

    /// Takes the snapshot of `window` now, with its constraints as lines when
    /// `showingConstraints` is true.
    public init(_ window: Window, showingConstraints: Bool) {
        self.init(window, style: showingConstraints ? .debug : .phone)
        if showingConstraints { constraints = Self.constraintLines(in: window) }
    }

    /// Every active constraint installed in the window's drawn views, in tree order.
    static func constraintLines(in window: Window) -> [ConstraintLine] {
        func rect(of item: AnyObject?) -> Rect? {
            if let view = item as? View { return view.convert(view.bounds, to: window) }
            if let guide = item as? LayoutGuide, let owner = guide.owningView { return owner.convert(guide.layoutFrame, to: window) }
            return nil
        }
        func point(_ rect: Rect, _ attribute: LayoutConstraint.Attribute) -> Point {
            switch attribute {
            case .left, .leading, .leftMargin, .leadingMargin: Point(x: rect.minX, y: rect.midY)
            case .right, .trailing, .rightMargin, .trailingMargin: Point(x: rect.maxX, y: rect.midY)
            case .top, .topMargin: Point(x: rect.midX, y: rect.minY)
            case .bottom, .bottomMargin, .firstBaseline, .lastBaseline: Point(x: rect.midX, y: rect.maxY)
            default: Point(x: rect.midX, y: rect.midY)
            }
        }
        var lines: [ConstraintLine] = []
        guard let app = window.application else { return [] }
        let drawn = app.drawnElements(of: window)
        for index in drawn.tree.elements.indices {
            guard let view = drawn.view(at: index) else { continue }
            for constraint in view.constraints {
                guard let first = rect(of: constraint.firstItem) else { continue }
                let from: Point, to: Point
                if let second = rect(of: constraint.secondItem) {
                    from = point(first, constraint.firstAttribute)
                    to = point(second, constraint.secondAttribute)
                } else if constraint.firstAttribute == .height {
                    (from, to) = (Point(x: first.midX, y: first.minY), Point(x: first.midX, y: first.maxY))
                } else {
                    (from, to) = (Point(x: first.minX, y: first.midY), Point(x: first.maxX, y: first.midY))
                }
                lines.append(ConstraintLine(from: from, to: to, description: constraint.description,
                                            isRequired: constraint.priority == .required))
            }
        }
        return lines
    }

    /// Takes the snapshot of `window` now, from the app's element tree as the window is
    /// drawn (`Application.drawnElements(of:)`): its views at their presentation frames,
    /// the bars UIKit draws over controllers' views, and the keyboard; drawn in `style`.
    public init(_ window: Window, style: Style = .phone) {
        self.style = style
        self.window = window.traceLabel
        isDark = window.traitCollection.userInterfaceStyle == .dark
        homeIndicatorInset = window.screenSafeAreaInsets.bottom
        size = window.bounds.size
        isKeyWindow = window.isKeyWindow
        statusBarInset = window.screen.statusBarInset
        time = window.application?.loop.now.nanoseconds ?? 0
        turn = window.application?.loop.turn ?? 0
        let windowNode = Node(label: window.traceLabel, controller: nil, depth: 0, rect: Rect(origin: .zero, size: window.bounds.size),
                              backgroundColor: window.backgroundColor.map(window.resolvedColor), alpha: window.presentationAlpha,
                              isHidden: window.isHidden)
        guard !window.isHidden, let app = window.application else {
            nodes = [windowNode]
            return
        }
        let drawn = app.drawnElements(of: window)
        let elements = drawn.tree.elements
        var nodes: [Node] = []
        nodes.reserveCapacity(elements.count)
        // Each element's transform composed with its ancestors', in window coordinates.
        var transforms = [CGAffineTransform](repeating: .identity, count: elements.count)
        for (index, element) in elements.enumerated() {
            let inherited = element.parent.map { transforms[$0] } ?? .identity
            transforms[index] = inherited
            switch element.type {
            case .application, .keyboard, .key:
                continue
            case .window:
                nodes.append(windowNode)
            case .navigationBar, .tabBar:
                guard let bar = Self.bar(drawn, at: index) else { continue }
                var node = Node(label: bar.isTabBar ? "tabBar" : "navigationBar", controller: nil, depth: element.depth - 1,
                                rect: bar.rect, backgroundColor: nil, alpha: 1, isHidden: false)
                node.type = element.type
                node.content.bar = bar
                node.content.transform = inherited
                nodes.append(node)
            default:
                guard let view = drawn.view(at: index) else { continue }
                let rect = element.frame
                // The view's own transform acts about its center, then its superviews'.
                let own = view.presentationTransform
                if !own.isIdentity {
                    transforms[index] = CGAffineTransform(translationX: -rect.midX, y: -rect.midY).concatenating(own)
                        .concatenating(CGAffineTransform(translationX: rect.midX, y: rect.midY)).concatenating(inherited)
                }
                var node = Node(label: view.traceLabel, controller: view.owningViewController?.traceLabel, depth: element.depth - 1,
                                rect: rect, backgroundColor: view.backgroundColor.map(view.resolvedColor), alpha: view.presentationAlpha,
                                isHidden: view.isHidden)
                node.type = element.type
                node.content = Self.content(of: view, rect: rect, transform: transforms[index], id: "n\(nodes.count)")
                node.content.chrome = Self.chrome(of: view, rect: rect)
                node.content.tint = view.tintColor.map(view.resolvedColor)
                node.content.isFocused = element.isFocused
                // An alert's action rows have a hairline above each.
                if element.type == .button, let panel = element.parent, let backdrop = elements[panel].parent,
                   elements[backdrop].type == .alert || elements[backdrop].type == .sheet,
                   view.frame.minY > 0.5 || view.frame.minX > 0.5 {
                    // (A button at its panel's top, a sheet's cancel in its own panel, has no line above.)
                    // The right one of two side by side has a hairline on its left too.
                    node.content.chrome = .alertAction(leadingHairline: view.frame.minX > 0.5)
                }
                nodes.append(node)
            }
        }
        self.nodes = nodes
        keyboard = Self.keyboard(of: window, elements: elements)
    }

    /// What UIKit draws inside `view`.
    private static func content(of view: View, rect: Rect, transform: CGAffineTransform, id: String) -> Content {
        var content = Content()
        content.transform = transform
        content.drawing = view.displayList
        if let layer = view.layerIfMade {
            content.cornerRadius = layer.cornerRadius
            content.borderWidth = layer.borderWidth
            content.borderColor = layer.borderColor.map(view.resolvedColor)
            content.boundsOrigin = view.bounds.origin
            let shadow = layer.svgShadowElements(idPrefix: id + "s")
            if !shadow.isEmpty { content.layerShadow = shadow }
            if layer.sublayers?.isEmpty == false { content.sublayers = layer.svgSublayerElements(idPrefix: id + "l") }
        }
        switch view {
        case let label as Label:
            content.lines = label.displayedLines
            content.textColor = label.textColor.map(view.resolvedColor)
            content.fontSize = label.font.pointSize
            content.isBold = label.font.weight.rawValue >= Font.Weight.semibold.rawValue
            content.alignment = label.textAlignment
        case let button as Button:
            content.lines = (button.currentTitle.map { [$0] } ?? []) + (button.currentSubtitle.map { [$0] } ?? [])
            content.textColor = view.resolvedColor(button.currentTitleColor)
            content.fontSize = Double(button.titleLabel?.font.pointSize ?? 18)
            content.isBold = (button.titleLabel?.font.weight.rawValue ?? 0) >= Font.Weight.semibold.rawValue
            content.alignment = .center
            content.imageName = button.currentImage?.name
            if let image = button.currentImage { describeImage(image, in: view, into: &content) }
            if let look = toolbarItemLook(of: button) {
                // A toolbar's system item shows its symbol (`.add` a plus), a `.done` item its title bold.
                if let symbol = look.symbol, content.symbolName == nil {
                    content.symbolName = symbol
                    content.imageName = symbol
                    content.lines = []
                }
                if look.isBold { content.isBold = true }
            }
        case let field as TextField:
            let text = field.text ?? ""
            content.isPlaceholder = text.isEmpty
            content.lines = [text.isEmpty ? field.placeholder ?? "" : field.isSecureTextEntry ? String(repeating: "•", count: text.count) : text]
            content.textColor = field.textColor.map(view.resolvedColor)
            content.fontSize = Double(field.font?.pointSize ?? 17)
            content.alignment = field.textAlignment
            content.hasTextBorder = field.borderStyle != .none
        case let textView as TextView:
            content.lines = textView.displayedLines
            content.textColor = view.resolvedColor(textView.textColor ?? .label)
            content.fontSize = Double(textView.usedFont.pointSize)
            content.alignment = textView.textAlignment
            let inset = textView.textContainerInset
            content.textInsets = EdgeInsets(top: inset.top - textView.contentOffset.y,
                                            left: inset.left + textView.lineFragmentPadding,
                                            bottom: inset.bottom, right: inset.right + textView.lineFragmentPadding)
        case let imageView as ImageView:
            if let drawing = imageView.imageContentDrawing {
                // A drawn image: its drawing, placed by the content mode.
                content.drawing = (content.drawing ?? []) + drawing
            } else {
                let image = (imageView.isHighlighted ? imageView.highlightedImage : nil) ?? imageView.image
                content.imageName = image?.name
                if let image {
                    describeImage(image, in: view, into: &content)
                    content.imageRect = imageRect(for: image, in: rect, mode: view.contentMode,
                                                  isSymbol: image.isSymbol)
                }
            }
        case let toggle as Switch:
            content.switchOn = toggle.isOn
        default:
            break
        }
        return content
    }

    /// What the phone style needs to draw `image` in `view`: its symbol name and colour,
    /// or its PNG bytes.
    private static func describeImage(_ image: Image, in view: View, into content: inout Content) {
        content.symbolName = image.systemName
        content.imagePNG = image.sourcePNGData
        content.imageIsOriginal = image.renderingMode == .alwaysOriginal && image.tintColor == nil
        let tint = image.tintColor ?? (image.isSymbol || image.renderingMode == .alwaysTemplate ? view.tintColor : nil)
        content.imageTint = tint.map(view.resolvedColor)
    }

    /// How the toolbar item `button` shows, when it is a toolbar's item button: a toolbar
    /// keeps its background first, then one view per item in the items' order.
    private static func toolbarItemLook(of button: Button) -> ItemLook? {
        guard let toolbar = button.superview as? Toolbar, let items = toolbar.items else { return nil }
        let views = toolbar.subviews.dropFirst()
        guard views.count == items.count, let index = views.firstIndex(where: { $0 === button }) else { return nil }
        return ItemLook(items[index - views.startIndex])
    }

    /// Where an image view's image lies in `rect` under `mode`, as UIKit places it: a
    /// symbol is fitted (aspect fit) under the scaling modes, as its vector scales.
    private static func imageRect(for image: Image, in rect: Rect, mode: ContentMode, isSymbol: Bool) -> Rect {
        let size = image.size
        guard size.width > 0, size.height > 0 else { return rect }
        func placed(_ width: Double, _ height: Double, _ x: Double, _ y: Double) -> Rect {
            Rect(x: rect.minX + (rect.width - width) * x, y: rect.minY + (rect.height - height) * y, width: width, height: height)
        }
        let fx = rect.width / size.width, fy = rect.height / size.height
        switch mode {
        case .scaleToFill, .redraw: return isSymbol ? placed(size.width * min(fx, fy), size.height * min(fx, fy), 0.5, 0.5) : rect
        case .scaleAspectFit: return placed(size.width * min(fx, fy), size.height * min(fx, fy), 0.5, 0.5)
        case .scaleAspectFill: return placed(size.width * max(fx, fy), size.height * max(fx, fy), 0.5, 0.5)
        case .center: return placed(size.width, size.height, 0.5, 0.5)
        case .top: return placed(size.width, size.height, 0.5, 0)
        case .bottom: return placed(size.width, size.height, 0.5, 1)
        case .left: return placed(size.width, size.height, 0, 0.5)
        case .right: return placed(size.width, size.height, 1, 0.5)
        case .topLeft: return placed(size.width, size.height, 0, 0)
        case .topRight: return placed(size.width, size.height, 1, 0)
        case .bottomLeft: return placed(size.width, size.height, 0, 1)
        case .bottomRight: return placed(size.width, size.height, 1, 1)
        }
    }

    /// The bar the element at `index` is (a navigation bar or a tab bar), from its
    /// elements: the title, the back button (drawn "‹ Title") and bar button items on
    /// the side they lie, a tab bar's tabs and the colours its app set.
    private static func bar(_ drawn: DrawnElementTree, at index: Int) -> Bar? {
        let tree = drawn.tree
        let element = tree.elements[index]
        let parts = tree.children(of: index).map { tree.elements[$0] }
        if element.type == .tabBar {
            guard let tabs = drawn.object(at: index) as? TabBarController else { return nil }
            let tabElements = parts.filter { $0.type == .tab }
            var bar = Bar(rect: element.frame, title: nil, trailing: tabElements.map(\.label), isTabBar: true,
                          selected: tabElements.firstIndex { $0.isSelected })
            bar.badges = tabElements.map(\.value)
            bar.trailingLooks = tabs.viewControllers.prefix(tabElements.count).map { child in
                let item = child.tabBarItemIfMade
                let image = (child === tabs.selectedViewController ? item?.selectedImage : nil) ?? item?.image
                return ItemLook(symbol: image?.systemName, imageName: image.flatMap { $0.isSymbol ? nil : $0.name })
            }
            let tabBar = tabs.tabBar
            bar.tint = tabBar.tintColor.map(tabBar.resolvedColor)
            if tabs.viewIfLoaded?.tintAdjustmentMode == .dimmed { bar.tint = tabBar.resolvedColor(.systemGray) }
            bar.backgroundColor = tabBar.drawnBackgroundColor.map(tabBar.resolvedColor)
            bar.selectedColor = tabBar.drawnSelectedItemColor.map(tabBar.resolvedColor)
            bar.unselectedColor = tabBar.drawnUnselectedItemColor.map(tabBar.resolvedColor)
            return bar
        }
        let title = parts.first { $0.type == .staticText }?.label
        var leading: [String] = [], trailing: [String] = [], back: String?
        var leadingLooks: [ItemLook] = [], trailingLooks: [ItemLook] = []
        for partIndex in tree.children(of: index) {
            let part = tree.elements[partIndex]
            let look = (drawn.object(at: partIndex) as? BarButtonItem).map(ItemLook.init) ?? ItemLook()
            switch part.type {
            case .backButton: back = part.label
            case .button where part.frame.midX < element.frame.midX:
                leading.append(part.label.isEmpty ? "item" : part.label)
                leadingLooks.append(look)
            case .button:
                trailing.append(part.label.isEmpty ? "item" : part.label)
                trailingLooks.append(look)
            default: break
            }
        }
        var bar = Bar(rect: element.frame, title: title, backTitle: back, leading: leading, trailing: trailing)
        bar.leadingLooks = leadingLooks
        bar.trailingLooks = trailingLooks
        if let navigation = drawn.object(at: index) as? NavigationController {
            bar.tint = navigation.navigationBar.tintColor.map(navigation.navigationBar.resolvedColor)
            // The bar dims with its controller's view (behind an alert, say).
            if navigation.viewIfLoaded?.tintAdjustmentMode == .dimmed { bar.tint = navigation.navigationBar.resolvedColor(.systemGray) }
            // UIKit shows the title large while the bar prefers it and the top item does not
            // refuse it; an `.automatic` item follows the bar.
            bar.showsLargeTitle = navigation.navigationBar.prefersLargeTitles
                && navigation.topViewController?.navigationItem.largeTitleDisplayMode != .never
        }
        return bar
    }

    /// The snapshot as SVG, in its ``style``.
    ///
    /// The phone style is the window alone, as the phone shows it: each shown view's
    /// background, borders, drawing and text; UIKit's chrome (the status bar with the time,
    /// signal, Wi-Fi and battery; navigation bars with the back chevron and bar buttons in
    /// the tint; tab bars with their badges; table separators and accessories; switches,
    /// sliders, steppers, segmented controls, progress views, page controls, activity
    /// indicators; text fields' borders, clear buttons and caret; alerts' action rows;
    /// scroll indicators while a view scrolls; the keyboard; the home indicator); nothing
    /// past the window's edges.
    ///
    /// The debug style: one `<rect>` per view (`data-label`, `data-depth`), filled
    /// with its background colour at its alpha; hidden views dashed and unfilled; each
    /// view's label (and its controller's) at its top left; the status bar hatched; a key
    /// window framed in blue with a "key" badge; the software keyboard while it shows (a
    /// grey panel, `data-role="keyboard"`, and its keys as caps, `data-key` their labels in
    /// the element tree) over the content; when the snapshot holds constraints, each
    /// as a red line between its anchors (dashed below required), its description as the
    /// line's tooltip.
    public func svg() -> String {
        var canvas = SVGCanvas(width: documentWidth, height: documentHeight)
        draw(on: &canvas)
        return canvas.document.render(title: "Lifeloop snapshot of \(window)")
    }

    /// The margin around the window in the snapshot's document, in points.
    static let margin = 24.0
    /// The header's height above the window, in points.
    static let headerHeight = 18.0
    /// Where the window's top-left corner lies in the picture's document: the origin in the
    /// phone style; in the debug style, inside its margin and under its header.
    public var windowOrigin: Point {
        style == .phone ? .zero : Point(x: Self.margin, y: Self.margin + Self.headerHeight)
    }

    /// The snapshot document's width: the window's (and in the debug style its margins).
    var documentWidth: Double { style == .phone ? size.width : size.width + 2 * Self.margin }
    /// The snapshot document's height: the window's (and in the debug style its margins
    /// and the header).
    var documentHeight: Double { style == .phone ? size.height : size.height + 2 * Self.margin + Self.headerHeight }

    /// Draws the snapshot on `canvas` in its ``style``.
    func draw<Canvas: SnapshotCanvas>(on canvas: inout Canvas) {
        switch style {
        case .phone: drawPhone(on: &canvas)
        case .debug: drawDebug(on: &canvas)
        }
    }

    /// Draws the debugging wireframe on `canvas`, in drawing order (see ``svg()``).
    func drawDebug<Canvas: SnapshotCanvas>(on canvas: inout Canvas) {
        let margin = Self.margin
        canvas.rect(x: 0, y: 0, width: documentWidth, height: documentHeight, fill: "#fafafa")
        let header = "\(window)\(isKeyWindow ? " (key)" : "") at \(formatMilliseconds(time)), turn \(turn)"
        canvas.text(header, x: margin, y: 16, size: 12, fill: "#333")
        let top = margin + Self.headerHeight
        canvas.pushTranslation(x: margin, y: top)
        // Labels of views sharing a top-left corner are stacked, not overprinted.
        var usedLabelSpots = Set<String>()
        // Labels are drawn after every rectangle, so a subview never covers its superview's.
        var labels: [(text: String, x: Double, y: Double, hidden: Bool)] = []
        for node in nodes {
            let fill = node.isHidden ? "none" : (node.backgroundColor.map { hexColor(red: $0.red, green: $0.green, blue: $0.blue) } ?? "none")
            let opacity = (node.backgroundColor?.alpha ?? 1) * node.alpha
            var style: [CanvasStyle] = [.note("data-label", node.label), .note("data-depth", String(node.depth))]
            if fill != "none", opacity < 1 { style.append(.fillOpacity(opacity)) }
            style.append(.strokeWidth(1))
            if node.isHidden { style.append(.dash([4, 3])) }
            if node.alpha < 1 { style.append(.strokeOpacity(max(0.2, node.alpha))) }
            let title = node.controller.map { "\(node.label) (view of \($0)) \(node.rect.plainDescription)" } ?? "\(node.label) \(node.rect.plainDescription)"
            let transformed = !node.content.transform.isIdentity
            if transformed { canvas.pushTransform(node.content.transform) }
            if node.content.cornerRadius > 0 {
                style.append(.cornerRadius(min(node.content.cornerRadius, min(node.rect.width, node.rect.height) / 2)))
            }
            if let shadow = node.content.layerShadow, !node.isHidden {
                canvas.fragment(shadow, x: node.rect.minX - node.content.boundsOrigin.x, y: node.rect.minY - node.content.boundsOrigin.y,
                                role: "layer-shadow")
            }
            canvas.rect(x: node.rect.minX, y: node.rect.minY, width: node.rect.width, height: node.rect.height, fill: fill,
                        stroke: node.isHidden ? "#999999" : "#555555", style: style, title: title)
            if !node.isHidden { drawContent(node, on: &canvas) }
            if transformed { canvas.popTransform() }
            let name = node.controller.map { "\(node.label) · \($0)" } ?? node.label
            let shown = fitted(name, width: node.rect.width, size: 9)
            var labelY = node.rect.minY + 11
            while usedLabelSpots.contains("\(svgNumber(node.rect.minX)),\(svgNumber(labelY))") { labelY += 11 }
            if !shown.isEmpty, labelY + 2 <= node.rect.maxY {
                usedLabelSpots.insert("\(svgNumber(node.rect.minX)),\(svgNumber(labelY))")
                labels.append((shown, node.rect.minX + 3, labelY, node.isHidden))
            }
        }
        for label in labels {
            canvas.text(label.text, x: label.x, y: label.y, size: 9, fill: label.hidden ? "#888" : "#111")
        }
        if let keyboard { drawKeyboard(keyboard, on: &canvas) }
        for line in constraints {
            var style: [CanvasStyle] = [.note("data-role", "constraint"), .roundCap]
            if !line.isRequired { style.append(.dash([3, 2])) }
            canvas.line(x1: line.from.x, y1: line.from.y, x2: line.to.x, y2: line.to.y, stroke: "#d93025", width: 1.5,
                        style: style, title: line.description)
            canvas.circle(cx: line.from.x, cy: line.from.y, r: 2, fill: "#d93025", stroke: nil)
        }
        if statusBarInset > 0 {
            canvas.statusBar(width: size.width, height: statusBarInset, title: "status bar, \(svgNumber(statusBarInset)) pt")
        }
        if isKeyWindow {
            canvas.rect(x: -2, y: -2, width: size.width + 4, height: size.height + 4, fill: "none", stroke: "#1a73e8",
                        style: [.strokeWidth(3), .note("data-role", "key-window")])
            canvas.rect(x: size.width - 34, y: -16, width: 34, height: 14, fill: "#1a73e8")
            canvas.text("key", x: size.width - 17, y: -5, size: 10, fill: "#fff", anchor: .middle)
        }
        canvas.popTransform()
    }
}

extension WindowSnapshot {
    /// Draws what UIKit draws inside a view: its display list, layer border, control
    /// content and bars.
    /// In the phone style, controls, images and bars are left to the phone's chrome.
    func drawContent<Canvas: SnapshotCanvas>(_ node: Node, on canvas: inout Canvas) {
        let debug = style == .debug
        let content = node.content
        let rect = node.rect
        if let drawing = content.drawing {
            canvas.fragment(svgElements(for: drawing, size: rect.size, idPrefix: canvas.nextIDPrefix("d")), x: rect.minX, y: rect.minY,
                            role: "drawing")
        }
        if let sublayers = content.sublayers {
            canvas.fragment(sublayers, x: rect.minX - content.boundsOrigin.x, y: rect.minY - content.boundsOrigin.y, role: "sublayers")
        }
        if content.borderWidth > 0 {
            let color = content.borderColor.map { hexColor(red: $0.red, green: $0.green, blue: $0.blue) } ?? "#000000"
            var style: [CanvasStyle] = [.strokeWidth(content.borderWidth), .note("data-role", "border")]
            if content.cornerRadius > 0 { style.append(.cornerRadius(content.cornerRadius)) }
            let inset = content.borderWidth / 2
            canvas.rect(x: rect.minX + inset, y: rect.minY + inset, width: rect.width - 2 * inset,
                        height: rect.height - 2 * inset, fill: "none", stroke: color, style: style)
        }
        if debug, let on = content.switchOn {
            canvas.rect(x: rect.minX, y: rect.minY, width: 51, height: 31, fill: on ? "#34c759" : "#e9e9eb",
                        style: [.cornerRadius(15.5), .note("data-role", "switch"), .note("data-on", on ? "1" : "0")])
            canvas.circle(cx: rect.minX + (on ? 35.5 : 15.5), cy: rect.minY + 15.5, r: 13.5, fill: "#ffffff", stroke: "#cccccc")
        }
        if debug, content.hasTextBorder {
            canvas.rect(x: rect.minX, y: rect.minY, width: rect.width, height: rect.height, fill: "none", stroke: "#c7c7cc",
                        style: [.cornerRadius(5), .note("data-role", "text-border")])
        }
        if debug, let image = content.imageName {
            canvas.rect(x: rect.minX + 1, y: rect.minY + 1, width: max(0, rect.width - 2), height: max(0, rect.height - 2),
                        fill: "#e8eef7", stroke: "#8aa4c8", style: [.dash([3, 2]), .note("data-role", "image")])
            canvas.text(fitted("▣ " + image, width: rect.width, size: 9), x: rect.midX, y: rect.midY + 3, size: 9,
                        fill: "#45617f", anchor: .middle)
        }
        if !content.lines.isEmpty {
            let size = content.fontSize
            // The metrics text was measured with: lines as tall as the font's line height,
            // each baseline its ascender below the line's top.
            let font = content.isBold ? Font.boldSystemFont(ofSize: CGFloat(size)) : Font.systemFont(ofSize: CGFloat(size))
            let lineHeight = Double(font.lineHeight)
            let ascender = Double(font.ascender)
            let height = Double(content.lines.count) * lineHeight
            var y = rect.minY + max(0, (rect.height - height) / 2) + ascender
            var (x, anchor): (Double, TextAnchor) = switch content.alignment {
            case .center: (rect.midX, .middle)
            case .right: (rect.maxX, .end)
            default: (rect.minX + (content.hasTextBorder ? 7 : 0), .start)
            }
            if let inset = content.textInsets {
                y = rect.minY + inset.top + ascender
                if anchor == .start { x = rect.minX + inset.left }
                if anchor == .end { x = rect.maxX - inset.right }
            }
            let color = content.isPlaceholder ? (debug ? "#a3a3a8" : Palette(dark: isDark).placeholder)
                : content.textColor.map { hexColor(red: $0.red, green: $0.green, blue: $0.blue) } ?? (debug ? "#000000" : Palette(dark: isDark).label)
            for line in content.lines {
                var style: [CanvasStyle] = [.note("data-role", "text")]
                if content.isBold { style.append(.bold) }
                // Translucent text colours (secondaryLabel is 60 % of its grey) keep their alpha.
                if !content.isPlaceholder, let alpha = content.textColor?.alpha, alpha < 1 { style.append(.fillOpacity(alpha)) }
                canvas.text(line, x: x, y: y, size: size, fill: color, anchor: anchor, style: style)
                y += lineHeight
            }
        }
        if debug, let bar = content.bar {
            canvas.rect(x: bar.rect.minX, y: bar.rect.minY, width: bar.rect.width, height: bar.rect.height,
                        fill: bar.backgroundColor.map { hexColor(red: $0.red, green: $0.green, blue: $0.blue) } ?? "#f7f7f7",
                        stroke: "#b2b2b2", style: [.note("data-role", bar.isTabBar ? "tab-bar" : "navigation-bar")])
            if bar.isTabBar {
                let width = bar.rect.width / Double(max(1, bar.trailing.count))
                for (index, title) in bar.trailing.enumerated() {
                    let color = index == bar.selected ? bar.selectedColor : bar.unselectedColor
                    canvas.text(fitted(title, width: width, size: 10), x: bar.rect.minX + width * (Double(index) + 0.5),
                                y: bar.rect.minY + 30, size: 10,
                                fill: color.map { hexColor(red: $0.red, green: $0.green, blue: $0.blue) }
                                    ?? (index == bar.selected ? "#007aff" : "#8e8e93"),
                                anchor: .middle)
                }
            } else {
                if let title = bar.title {
                    canvas.text(fitted(title, width: bar.rect.width - 140, size: 17), x: bar.rect.midX, y: bar.rect.minY + 28,
                                size: 17, fill: "#000000", anchor: .middle, style: [.bold, .note("data-role", "title")])
                }
                let leading = (bar.backTitle.map { ["‹ " + $0] } ?? []) + bar.leading
                if !leading.isEmpty {
                    canvas.text(leading.joined(separator: "  "), x: bar.rect.minX + 8, y: bar.rect.minY + 28, size: 17,
                                fill: "#007aff")
                }
                if !bar.trailing.isEmpty {
                    canvas.text(bar.trailing.joined(separator: "  "), x: bar.rect.maxX - 8, y: bar.rect.minY + 28, size: 17,
                                fill: "#007aff", anchor: .end)
                }
            }
        }
    }
}

extension Window {
    /// The window as drawn now, as SVG text (see ``WindowSnapshot/svg()``): as the phone
    /// shows it, or with `style` `.debug` every view a rectangle at its presentation frame
    /// with its label. Call it on the app's loop thread.
    public func snapshot(style: WindowSnapshot.Style = .phone) -> String {
        WindowSnapshot(self, style: style).svg()
    }
}

/// Nanoseconds as milliseconds with up to three decimals: `1234.5ms`.
func formatMilliseconds(_ nanoseconds: UInt64) -> String {
    let micros = nanoseconds / 1000
    let whole = micros / 1000
    let fraction = micros % 1000
    if fraction == 0 { return "\(whole)ms" }
    var digits = String(fraction)
    digits = String(repeating: "0", count: 3 - digits.count) + digits
    while digits.hasSuffix("0") { digits.removeLast() }
    return "\(whole).\(digits)ms"
}
