import Foundation

/// The one walk of an app's views that makes its ``ElementTree``: each shown window's
/// views in tree order, each placed in window coordinates from its superview's place (not
/// by walking up again), with the parts UIKit draws that are not subviews here (navigation
/// and tab bars, their buttons, segments, a stepper's buttons) added where UIKit shows
/// them, above the content.
///
/// The same walk makes the tree as a window is drawn (``Application/drawnElements(of:)``):
/// then every subview is in, in `subviews` order (hidden ones too, without their
/// subviews; an element's subviews not folded into it; accessibility lists not followed),
/// each at its presentation frame, mid-animation values included, and hit testing is not
/// worked out.
struct ElementTreeBuilder {
    let app: Application
    /// Whether the walk makes the drawn form of the tree.
    let drawing: Bool
    /// The one window to walk (the drawn form's), or nil for every shown window.
    let only: Window?
    var elements: [Element] = []
    var targets: [ElementTarget] = []
    /// Per class: what kind of view it is (a dynamic cast per kind), its name, and whether
    /// it takes touches as `View` does; found once per class in the app's life (the app
    /// keeps them between builds).
    private var classes = ViewClasses()
    /// Whether taps at elements' centres reach them, followed along the walk.
    private var hitTesting = ElementHitTesting()
    /// The bars of the window being walked, in window coordinates: content under them is
    /// not hittable.
    private var barRects: [Rect] = []
    /// Where the window being walked lies on screen.
    private var windowOrigin = Point.zero
    private var windowLabel = ""
    private var window: Window?

    init(app: Application, drawing window: Window? = nil) {
        self.app = app
        self.drawing = window != nil
        self.only = window
        elements.reserveCapacity(256)
        targets.reserveCapacity(256)
    }

    mutating func build() {
        // Taken from the app (so that this copy is the only one) and given back after.
        classes = app.elementClasses
        app.elementClasses = ViewClasses()
        defer { app.elementClasses = classes }
        append(Element(id: ElementID(serial: 0), type: .application, className: "Application", viewLabel: nil, identifier: "",
                       label: "", value: nil, placeholder: nil, hint: nil, traits: .none, frame: .zero, screenFrame: .zero,
                       isEnabled: true, isSelected: false, isFocused: false, isHittable: false, isVisible: true,
                       isAccessibilityElement: false, indexPath: nil, contentOffset: nil, controller: nil, window: "", parent: nil, depth: 0),
               .application)
        for window in only.map({ [$0] }) ?? app.windows where !window.isHidden {
            self.window = window
            windowLabel = window.traceLabel
            windowOrigin = window.frame.origin
            barRects = []
            if !drawing { hitTesting.begin(window, classes: &classes) }
            let bounds = Rect(origin: .zero, size: window.bounds.size)
            let index = append(element(for: window, kind: .window, className: classes.info(of: window).name, frame: bounds, parent: 0,
                                       depth: 1, visible: true, hittable: false),
                               .view(window))
            let start = elements.count
            walkSubviews(of: window, index: index, origin: Point(x: -window.bounds.minX, y: -window.bounds.minY), clip: bounds,
                         depth: 2)
            // Content under a bar does not take a tap at its centre: the bar does.
            if !barRects.isEmpty {
                for position in start..<elements.count where elements[position].isHittable && !isBarPart(position) {
                    let center = elements[position].center
                    if barRects.contains(where: { $0.contains(center) }) { elements[position].isHittable = false }
                }
            }
            if let keyboard = window.keyboardFrameInWindow { appendKeyboard(of: window, frame: keyboard, parent: index, from: start) }
        }
    }

    /// The software keyboard while it shows: above the window's content (what it covers
    /// takes no tap at its centre), with its keys.
    private mutating func appendKeyboard(of window: Window, frame: Rect, parent: Int, from start: Int) {
        for position in start..<elements.count where elements[position].isHittable && frame.contains(elements[position].center) {
            elements[position].isHittable = false
        }
        let serial = app.elementSerial(of: window)
        let keyboard = append(Element(id: ElementID(serial: serial, part: ElementID.keyboardPart), type: .keyboard, className: "UIKeyboard",
                                      viewLabel: nil, identifier: "", label: "", value: nil, placeholder: nil, hint: nil, traits: .none,
                                      frame: frame, screenFrame: frame.offsetBy(dx: windowOrigin.x, dy: windowOrigin.y), isEnabled: true,
                                      isSelected: false, isFocused: false, isHittable: false, isVisible: true, isAccessibilityElement: false,
                                      indexPath: nil, contentOffset: nil, controller: nil, window: windowLabel, parent: parent, depth: 2),
                              .keyboard(window))
        guard window.keyboard.hasKeys else { return }
        let top = frame.minY + window.keyboard.accessoryHeight
        let keysHeight = SoftwareKeyboard.height(screen: window.bounds.size, bottomInset: 0)
        let rowHeight = keysHeight / 4
        for (index, key) in KeyboardKeys.keys(returnTitle: window.keyboardReturnTitle).enumerated() {
            appendPart(ElementID(serial: serial, part: ElementID.firstKeyPart + UInt32(index)), type: .key, className: "UIKBKeyView",
                       label: key.label, frame: Rect(x: frame.minX + key.x * frame.width, y: top + Double(key.row) * rowHeight,
                                                     width: key.width * frame.width, height: rowHeight),
                       selected: key.label == "shift" && window.keyboard.shifted, parent: keyboard, depth: 3,
                       target: .keyboardKey(window, key.label))
            elements[elements.count - 1].isHittable = true
        }
    }

    // MARK: Views

    /// Walks `parent`'s subviews: `origin` is where `parent`'s bounds origin lies in window
    /// coordinates; `clip` is the part of the window its ancestors leave visible.
    private mutating func walkSubviews(of parent: View, index: Int, origin: Point, clip: Rect, depth: Int) {
        guard depth < 96 else { return }
        let subviews = parent.subviews
        if drawing {
            for view in subviews {
                walk(view, info: classes.info(of: view), parentIndex: index, origin: origin, clip: clip, depth: depth,
                     parentIsSuperview: true)
            }
            return
        }
        hitTesting.push(subviewsOf: subviews, classes: &classes)
        for (position, view) in subviews.enumerated() where !view.isHidden {
            let info = classes.info(of: view)
            hitTesting.enter(view, position: position, hitsAsView: info.hitsAsView)
            walk(view, info: info, parentIndex: index, origin: origin, clip: clip, depth: depth, parentIsSuperview: true)
        }
        hitTesting.pop()
    }

    private mutating func walk(_ view: View, info: ClassInfo, parentIndex: Int, origin: Point, clip: Rect, depth: Int,
                               parentIsSuperview: Bool) {
        let bounds = view.bounds
        let rect: Rect
        if drawing {
            let frame = view.presentationFrame
            rect = Rect(x: origin.x + frame.minX, y: origin.y + frame.minY, width: frame.width, height: frame.height)
        } else {
            let frame = view.frame
            rect = Rect(x: origin.x + frame.minX, y: origin.y + frame.minY, width: bounds.width, height: bounds.height)
        }
        let kind = info.kind
        let visible = !view.isHidden && (drawing ? view.presentationAlpha : view.alpha) > 0.01 && !rect.intersection(clip).isNull
            && !rect.intersection(clip).isEmpty && elements[parentIndex].isVisible
        let element = element(for: view, kind: kind, className: info.name, frame: rect, parent: parentIndex, depth: depth,
                              visible: visible,
                              hittable: !drawing && visible && hitTesting.hits(view, at: Point(x: rect.midX, y: rect.midY)),
                              parentIsSuperview: parentIsSuperview)
        let isAccessibilityElement = element.isAccessibilityElement
        let index = append(consume element, .view(view))
        if drawing && view.isHidden { return }
        if view.accessibilityElementsHidden && !drawing { return }
        let innerClip = view.clipsToBounds || kind.scrolls ? rect.intersection(clip) : clip
        let inner = Point(x: rect.minX - bounds.minX, y: rect.minY - bounds.minY)
        if !drawing, let custom = view.accessibilityElements {
            // The list's views may lie anywhere in the tree: the levels above do not lead to them.
            hitTesting.pushUnreached()
            defer { hitTesting.pop() }
            for entry in custom {
                if let subview = entry as? View, !subview.isHidden {
                    let place = subview.superview === view ? inner : placeInWindow(subview.superview)
                    walk(subview, info: classes.info(of: subview), parentIndex: index, origin: place, clip: innerClip,
                         depth: depth + 1, parentIsSuperview: subview.superview === view)
                } else if let accessible = entry as? AccessibilityElement, accessible.isAccessibilityElement {
                    appendAccessibilityElement(accessible, parent: index, depth: depth + 1, clip: innerClip)
                }
            }
        } else {
            switch kind {
            case .segmented: appendSegments(of: view as! SegmentedControl, parent: index, depth: depth + 1)
            case .stepper: appendStepperButtons(of: view as! Stepper, parent: index, depth: depth + 1)
            case .textField where (view as! TextField).showsClearButton:
                // UIKit's clear button, at the field's trailing end: XCUITest's "Clear text".
                let field = elements[index].frame
                appendPart(ElementID(serial: app.elementSerial(of: view), part: ElementID.clearButtonPart), type: .button,
                           className: "UIButton", label: "Clear text",
                           frame: Rect(x: field.maxX - min(28, field.width), y: field.minY, width: min(28, field.width), height: field.height),
                           enabled: elements[index].isEnabled, parent: index, depth: depth + 1, target: .clearButton(view as! TextField))
            default:
                // An element's subviews are part of it (a button's title label), as in
                // UIKit's accessibility tree; containers show theirs.
                if !drawing && !(isAccessibilityElement && kind.isLeafWhenAccessible) {
                    walkSubviews(of: view, index: index, origin: inner, clip: innerClip, depth: depth + 1)
                }
            }
            // Drawn, every view is in, whatever parts it shows.
            if drawing { walkSubviews(of: view, index: index, origin: inner, clip: innerClip, depth: depth + 1) }
        }
        if let controller = view.owningController, controller.viewIfLoaded === view {
            appendBars(of: controller, over: view, rect: rect, parent: index, depth: depth + 1)
        }
    }

    /// Where a view's bounds origin lies in its window (for an accessibility element list
    /// that names a view elsewhere in the tree).
    private func placeInWindow(_ view: View?) -> Point {
        guard let view else { return .zero }
        return view.convert(Point.zero, to: nil)
    }

    /// The element of `view`; `parentIsSuperview` when the element at `parent` is its
    /// superview's, whose controller it shares unless it has its own.
    private mutating func element(for view: View, kind: ViewKind, className: String, frame: Rect, parent: Int, depth: Int,
                                  visible: Bool, hittable: Bool, parentIsSuperview: Bool = false) -> Element {
        var type = kind.type
        var label = view.accessibilityLabel
        var value = view.accessibilityValue
        var identifier = view.accessibilityIdentifier
        var placeholder: String?
        var enabled = true, selected = false
        switch kind {
        case .button:
            let button = view as! Button
            if label == nil { label = button.currentTitle ?? button.currentImage.map(\.name) }
            enabled = button.isEnabled
            selected = button.isSelected
        case .label:
            if label == nil { label = (view as! Label).text }
        case .textField:
            let field = view as! TextField
            if field.isSecureTextEntry { type = .secureTextField }
            placeholder = field.placeholder
            let text = field.text ?? ""
            if value == nil {
                value = text.isEmpty ? placeholder : field.isSecureTextEntry ? String(repeating: "•", count: text.count) : text
            }
            enabled = field.isEnabled
        case .textView:
            if value == nil { value = (view as! TextView).text }
        case .searchBar:
            let bar = view as! SearchBar
            placeholder = bar.placeholder
            if value == nil { value = (bar.text ?? "").isEmpty ? placeholder : bar.text }
        case .toggle:
            let toggle = view as! Switch
            if value == nil { value = toggle.isOn ? "1" : "0" }
            enabled = toggle.isEnabled
        case .slider:
            let slider = view as! Slider
            if value == nil {
                let span = slider.maximumValue - slider.minimumValue
                let fraction = span > 0 ? (slider.value - slider.minimumValue) / span : 0
                value = "\(Int((fraction * 100).rounded()))%"
            }
            enabled = slider.isEnabled
        case .stepper:
            enabled = (view as! Stepper).isEnabled
        case .segmented:
            enabled = (view as! SegmentedControl).isEnabled
        case .pageControl:
            let pages = view as! PageControl
            if value == nil { value = "page \(pages.currentPage + 1) of \(pages.numberOfPages)" }
        case .progress:
            if value == nil { value = "\(Int(((view as! ProgressView).progress * 100).rounded()))%" }
        case .activity:
            if label == nil, (view as! ActivityIndicatorView).isAnimating { label = "In progress" }
        case .control:
            let control = view as! Control
            enabled = control.isEnabled
            selected = control.isSelected
        case .image:
            if identifier == nil, let name = (view as! ImageView).image?.name, !name.isEmpty { identifier = name }
        case .tableCell:
            selected = (view as! TableViewCell).isSelected
            if label == nil { label = Self.joinedLabels(in: view) }
        case .collectionCell:
            selected = (view as! CollectionViewCell).isSelected
            if label == nil { label = Self.joinedLabels(in: view) }
        case .window, .table, .collection, .scroll, .toolbar, .datePicker, .picker, .other:
            break
        }
        let owner = view.owningController
        if let owner, owner.viewIfLoaded === view, let alert = owner as? AlertController {
            type = alert.preferredStyle == .alert ? .alert : .sheet
            if label == nil { label = alert.title }
        }
        // The nearest controller up the superviews: the superview's element has it.
        let controller: String?
        if let owner {
            controller = owner.traceLabel
        } else if parentIsSuperview {
            controller = elements[parent].controller
        } else {
            var found: ViewController?
            var current = view.superview
            while let candidate = current, found == nil {
                found = candidate.owningController
                current = candidate.superview
            }
            controller = found?.traceLabel
        }
        var traits = view.accessibilityTraits
        if selected { traits.insert(.selected) }
        if !enabled { traits.insert(.notEnabled) }
        return Element(id: ElementID(serial: app.elementSerial(of: view)), type: type, className: className,
                       viewLabel: view.traceLabel, identifier: identifier ?? "", label: label ?? "", value: value,
                       placeholder: placeholder, hint: view.accessibilityHint, traits: traits, frame: frame,
                       screenFrame: frame.offsetBy(dx: windowOrigin.x, dy: windowOrigin.y), isEnabled: enabled,
                       isSelected: selected, isFocused: view.isFirstResponder, isHittable: hittable, isVisible: visible,
                       isAccessibilityElement: view.isAccessibilityElement,
                       indexPath: kind == .tableCell || kind == .collectionCell ? Self.indexPath(of: view) : nil,
                       contentOffset: kind.scrolls ? (view as? ScrollView)?.contentOffset : nil, controller: controller, window: windowLabel, parent: parent, depth: depth)
    }

    /// A cell's default label: its shown labels' texts, joined with ", " (UIKit's).
    private static func joinedLabels(in view: View) -> String? {
        var texts: [String] = []
        func visit(_ view: View) {
            for subview in view.subviews where !subview.isHidden {
                if let label = subview as? Label {
                    if let text = label.accessibilityLabel ?? label.text, !text.isEmpty { texts.append(text) }
                } else {
                    visit(subview)
                }
            }
        }
        visit(view)
        return texts.isEmpty ? nil : texts.joined(separator: ", ")
    }

    static func indexPath(of view: View) -> [Int]? {
        if let cell = view as? TableViewCell, let path = (view.superview as? TableView)?.indexPath(for: cell) { return [path.section, path.row] }
        if let cell = view as? CollectionViewCell, let path = (view.superview as? CollectionView)?.indexPath(for: cell) {
            return [path.section, path.item]
        }
        return nil
    }

    // MARK: Parts

    private mutating func appendAccessibilityElement(_ accessible: AccessibilityElement, parent: Int, depth: Int, clip: Rect) {
        let screen = accessible.accessibilityFrame
        let frame = screen.offsetBy(dx: -windowOrigin.x, dy: -windowOrigin.y)
        let traits = accessible.accessibilityTraits
        let type: ElementType = traits.contains(.button) ? .button : traits.contains(.staticText) ? .staticText
            : traits.contains(.image) ? .image : traits.contains(.adjustable) ? .slider : .other
        let visible = elements[parent].isVisible && !frame.intersection(clip).isEmpty
        let hittable = visible && elements[parent].isHittable
        append(Element(id: ElementID(serial: app.elementSerial(of: accessible)), type: type, className: "AccessibilityElement",
                       viewLabel: nil, identifier: accessible.accessibilityIdentifier ?? "", label: accessible.accessibilityLabel ?? "",
                       value: accessible.accessibilityValue, placeholder: nil, hint: accessible.accessibilityHint, traits: traits,
                       frame: frame, screenFrame: screen, isEnabled: !traits.contains(.notEnabled),
                       isSelected: traits.contains(.selected), isFocused: false, isHittable: hittable, isVisible: visible,
                       isAccessibilityElement: true, indexPath: nil, contentOffset: nil, controller: elements[parent].controller, window: windowLabel,
                       parent: parent, depth: depth),
               .accessibilityElement(accessible))
    }

    /// A part of an object: a button or text UIKit shows without a view of its own here.
    private mutating func appendPart(_ id: ElementID, type: ElementType, className: String, label: String, identifier: String = "",
                                     value: String? = nil, frame: Rect, enabled: Bool = true, selected: Bool = false,
                                     parent: Int, depth: Int, target: ElementTarget) {
        let parentElement = elements[parent]
        var traits: AccessibilityTraits = type == .staticText ? .staticText : type == .navigationBar || type == .tabBar || type == .toolbar ? .none : .button
        if type == .tabBar { traits = .tabBar }
        if selected { traits.insert(.selected) }
        if !enabled { traits.insert(.notEnabled) }
        let interactive = type != .staticText && type != .navigationBar && type != .tabBar
        append(Element(id: id, type: type, className: className, viewLabel: nil, identifier: identifier, label: label, value: value,
                       placeholder: nil, hint: nil, traits: traits, frame: frame,
                       screenFrame: frame.offsetBy(dx: windowOrigin.x, dy: windowOrigin.y), isEnabled: enabled, isSelected: selected,
                       isFocused: false, isHittable: interactive && parentElement.isVisible && (parentElement.isHittable || isBar(parent)),
                       isVisible: parentElement.isVisible, isAccessibilityElement: type != .navigationBar && type != .tabBar,
                       indexPath: nil, contentOffset: nil, controller: parentElement.controller, window: windowLabel, parent: parent, depth: depth),
               target)
    }

    private func isBar(_ index: Int) -> Bool {
        if case .navigationBar = targets[index] { return true }
        if case .tabBar = targets[index] { return true }
        return false
    }

    /// Whether the element at `index` is a bar or inside one.
    private func isBarPart(_ index: Int) -> Bool {
        switch targets[index] {
        case .navigationBar, .barTitle, .backButton, .barButtonItem, .tabBar, .tab: return true
        default: return false
        }
    }

    private mutating func appendSegments(of control: SegmentedControl, parent: Int, depth: Int) {
        let count = control.numberOfSegments
        guard count > 0 else { return }
        let frame = elements[parent].frame
        let width = frame.width / CGFloat(count)
        let serial = app.elementSerial(of: control)
        for index in 0..<count {
            let title = control.titleForSegment(at: index) ?? ""
            appendPart(ElementID(serial: serial, part: ElementID.firstSegmentPart + UInt32(index)), type: .button,
                       className: "UISegment", label: title,
                       frame: Rect(x: frame.minX + width * CGFloat(index), y: frame.minY, width: width, height: frame.height),
                       enabled: elements[parent].isEnabled, selected: control.selectedSegmentIndex == index, parent: parent,
                       depth: depth, target: .segment(control, index))
        }
    }

    private mutating func appendStepperButtons(of stepper: Stepper, parent: Int, depth: Int) {
        let frame = elements[parent].frame
        let half = frame.width / 2
        let serial = app.elementSerial(of: stepper)
        let enabled = elements[parent].isEnabled
        appendPart(ElementID(serial: serial, part: ElementID.decrementPart), type: .button, className: "UIStepperButton",
                   label: "Decrement", frame: Rect(x: frame.minX, y: frame.minY, width: half, height: frame.height),
                   enabled: enabled && (stepper.wraps || stepper.value > stepper.minimumValue), parent: parent, depth: depth,
                   target: .stepperButton(stepper, increment: false))
        appendPart(ElementID(serial: serial, part: ElementID.incrementPart), type: .button, className: "UIStepperButton",
                   label: "Increment", frame: Rect(x: frame.minX + half, y: frame.minY, width: half, height: frame.height),
                   enabled: enabled && (stepper.wraps || stepper.value < stepper.maximumValue), parent: parent, depth: depth,
                   target: .stepperButton(stepper, increment: true))
    }

    /// The navigation bar over a navigation controller's view, or the tab bar of a tab bar
    /// controller's, where the pictures draw them.
    private mutating func appendBars(of controller: ViewController, over view: View, rect: Rect, parent: Int, depth: Int) {
        guard let window else { return }
        if let navigation = controller as? NavigationController, !navigation.isNavigationBarHidden,
           let top = navigation.topViewController {
            let serial = app.elementSerial(of: navigation)
            let topSerial = app.elementSerial(of: top)
            let item = top.navigationItemIfMade
            let title = item?.title ?? top.title
            let barRect = Rect(x: rect.minX, y: rect.minY + window.screenSafeAreaInsets.top, width: rect.width, height: 44)
            barRects.append(barRect)
            let bar = appendPart(navigationBar: ElementID(serial: serial, part: ElementID.navigationBarPart), title: title ?? "",
                                 frame: barRect, parent: parent, depth: depth, navigation: navigation)
            var leading = barRect.minX + 8
            let stack = navigation.viewControllers
            if stack.count > 1, item?.hidesBackButton != true,
               item?.leftBarButtonItems?.isEmpty ?? true {
                let previous = stack[stack.count - 2]
                let previousItem = previous.navigationItemIfMade
                let backTitle = previousItem?.backBarButtonItem?.title ?? previousItem?.backButtonTitle
                    ?? previousItem?.title ?? previous.title ?? "Back"
                let width = Self.buttonWidth(backTitle) + 12
                appendPart(ElementID(serial: topSerial, part: ElementID.backButtonPart), type: .backButton,
                           className: "UINavigationBarBackButton", label: backTitle, identifier: "BackButton",
                           frame: Rect(x: leading, y: barRect.minY, width: width, height: barRect.height),
                           // The bar takes no taps while the stack changes, as UIKit's.
                           enabled: !navigation.isTransitioning, parent: bar,
                           depth: depth + 1, target: .backButton(navigation))
                leading += width + 8
            }
            for barItem in item?.leftBarButtonItems ?? [] {
                let text = barItem.title ?? barItem.image?.name ?? ""
                let width = Self.buttonWidth(text)
                appendBarItem(barItem, text: text, frame: Rect(x: leading, y: barRect.minY, width: width, height: barRect.height),
                              controller: top, parent: bar, depth: depth + 1)
                leading += width + 8
            }
            if let title, !title.isEmpty {
                let width = min(barRect.width / 2, Self.buttonWidth(title))
                appendPart(ElementID(serial: topSerial, part: ElementID.barTitlePart), type: .staticText,
                           className: "UINavigationBarTitle", label: title,
                           frame: Rect(x: barRect.midX - width / 2, y: barRect.minY, width: width, height: barRect.height),
                           parent: bar, depth: depth + 1, target: .barTitle(navigation))
            }
            var trailing = barRect.maxX - 8
            for barItem in item?.rightBarButtonItems ?? [] {
                let text = barItem.title ?? barItem.image?.name ?? ""
                let width = Self.buttonWidth(text)
                trailing -= width
                appendBarItem(barItem, text: text, frame: Rect(x: trailing, y: barRect.minY, width: width, height: barRect.height),
                              controller: top, parent: bar, depth: depth + 1)
                trailing -= 8
            }
        }
        if let tabs = controller as? TabBarController, !tabs.viewControllers.isEmpty, !tabs.isTabBarHidden {
            let bottom = window.screenSafeAreaInsets.bottom
            let barRect = Rect(x: rect.minX, y: rect.maxY - 49 - bottom, width: rect.width, height: 49 + bottom)
            barRects.append(barRect)
            let serial = app.elementSerial(of: tabs)
            let bar = appendPart(tabBar: ElementID(serial: serial, part: ElementID.tabBarPart), frame: barRect, parent: parent,
                                 depth: depth, tabs: tabs)
            let children = tabs.viewControllers
            let width = barRect.width / CGFloat(children.count)
            for (index, child) in children.enumerated() {
                let item = child.tabBarItemIfMade
                appendPart(ElementID(serial: app.elementSerial(of: child), part: ElementID.tabPart), type: .tab,
                           className: "UITabBarButton", label: item?.title ?? child.title ?? "",
                           identifier: item?.accessibilityIdentifier ?? "", value: item?.badgeValue,
                           frame: Rect(x: barRect.minX + width * CGFloat(index), y: barRect.minY, width: width, height: 49),
                           enabled: item?.isEnabled ?? true, selected: tabs.selectedIndex == index, parent: bar, depth: depth + 1,
                           target: .tab(tabs, index))
            }
        }
    }

    private mutating func appendPart(navigationBar id: ElementID, title: String, frame: Rect, parent: Int, depth: Int,
                                     navigation: NavigationController) -> Int {
        appendPart(id, type: .navigationBar, className: "UINavigationBar", label: "", identifier: title, frame: frame,
                   parent: parent, depth: depth, target: .navigationBar(navigation))
        return elements.count - 1
    }

    private mutating func appendPart(tabBar id: ElementID, frame: Rect, parent: Int, depth: Int, tabs: TabBarController) -> Int {
        appendPart(id, type: .tabBar, className: "UITabBar", label: "Tab Bar", frame: frame, parent: parent, depth: depth,
                   target: .tabBar(tabs))
        return elements.count - 1
    }

    private mutating func appendBarItem(_ item: BarButtonItem, text: String, frame: Rect, controller: ViewController, parent: Int,
                                        depth: Int) {
        appendPart(ElementID(serial: app.elementSerial(of: item), part: ElementID.barItemPart), type: .button,
                   className: "UIBarButtonItem", label: item.accessibilityLabel ?? item.systemItemLabel ?? text,
                   identifier: item.accessibilityIdentifier ?? "", frame: frame, enabled: item.isEnabled, parent: parent,
                   depth: depth, target: .barButtonItem(item, controller))
    }

    /// About the width UIKit gives a bar button with this title at 17 points.
    private static func buttonWidth(_ text: String) -> CGFloat {
        max(28, (CGFloat(text.count) * 9).rounded())
    }

    @discardableResult
    private mutating func append(_ element: Element, _ target: ElementTarget) -> Int {
        elements.append(element)
        targets.append(target)
        return elements.count - 1
    }
}

/// What kind of view a class makes, found once per class.
enum ViewKind {
    case window, button, label, textField, textView, searchBar, toggle, slider, stepper, segmented, pageControl, progress, activity
    case datePicker, picker, control, image, tableCell, collectionCell, table, collection, scroll, toolbar, other

    init(_ view: View) {
        switch view {
        case is Window: self = .window
        case is Button: self = .button
        case is Label: self = .label
        case is TextField: self = .textField
        case is TextView: self = .textView
        case is SearchBar: self = .searchBar
        case is Switch: self = .toggle
        case is Slider: self = .slider
        case is Stepper: self = .stepper
        case is SegmentedControl: self = .segmented
        case is PageControl: self = .pageControl
        case is ProgressView: self = .progress
        case is ActivityIndicatorView: self = .activity
        case is DatePicker: self = .datePicker
        case is PickerView: self = .picker
        case is Control: self = .control
        case is ImageView: self = .image
        case is TableViewCell: self = .tableCell
        case is CollectionViewCell: self = .collectionCell
        case is TableView: self = .table
        case is CollectionView: self = .collection
        case is ScrollView: self = .scroll
        case is Toolbar: self = .toolbar
        default: self = .other
        }
    }

    var type: ElementType {
        switch self {
        case .window: return .window
        case .button, .control: return .button
        case .label: return .staticText
        case .textField: return .textField
        case .textView: return .textView
        case .searchBar: return .searchField
        case .toggle: return .switch
        case .slider: return .slider
        case .stepper: return .stepper
        case .segmented: return .segmentedControl
        case .pageControl: return .pageIndicator
        case .progress: return .progressIndicator
        case .activity: return .activityIndicator
        case .datePicker: return .datePicker
        case .picker: return .picker
        case .image: return .image
        case .tableCell, .collectionCell: return .cell
        case .table: return .table
        case .collection: return .collectionView
        case .scroll: return .scrollView
        case .toolbar: return .toolbar
        case .other: return .other
        }
    }

    /// Scroll views clip what they hold.
    var scrolls: Bool { self == .table || self == .collection || self == .scroll || self == .textView }

    /// Whether the view's subviews are part of it when it is an accessibility element
    /// (a button's title label); a plain control keeps its subviews (a control made of
    /// controls).
    var isLeafWhenAccessible: Bool { self != .control && self != .other && self != .window }
}
