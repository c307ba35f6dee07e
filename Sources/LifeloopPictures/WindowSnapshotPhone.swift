import Foundation
import Lifeloop

/// The colours the phone style draws UIKit's chrome in, light or dark: UIKit's system
/// colours (Apple's Human Interface Guidelines, "Color": `systemBlue` 0,122,255 light and
/// 10,132,255 dark; `systemGreen` 52,199,89 and 48,209,88; `systemRed` 255,59,48 and
/// 255,69,58; `systemGray` 142,142,147; `opaqueSeparator` 198,198,200 and 56,56,58;
/// `systemBackground` white and black; `tertiarySystemFill` 118,118,128 at 12% and 24%;
/// bars' backgrounds 249,249,249 and 29,29,29 as translucent bars show over white and black).
struct Palette {
    let dark: Bool
    var background: String { dark ? "#000000" : "#ffffff" }
    var label: String { dark ? "#ffffff" : "#000000" }
    var secondaryLabel: String { dark ? "#98989f" : "#8a8a8e" }
    var placeholder: String { dark ? "#5b5b60" : "#c4c4c6" }
    var tint: String { dark ? "#0a84ff" : "#007aff" }
    var green: String { dark ? "#30d158" : "#34c759" }
    var red: String { dark ? "#ff453a" : "#ff3b30" }
    var gray: String { "#8e8e93" }
    var separator: String { dark ? "#38383a" : "#c6c6c8" }
    /// A bar's edge: UIKit's bar shadow, black at about 30 % (measured #b2b2b2 over white
    /// in an iOS 13 simulator screenshot); the separator grey in the dark.
    var barHairline: String { dark ? "#38383a" : "#b2b2b2" }
    var fill: String { dark ? "#2c2c2e" : "#eeeeef" }
    var bar: String { dark ? "#1d1d1d" : "#f9f9f9" }
    var track: String { dark ? "#39393d" : "#e3e3e8" }
    var knob: String { "#ffffff" }
    var chevron: String { dark ? "#5a5a5f" : "#c4c4c7" }
}

extension WindowSnapshot {
    /// Draws the window as the phone shows it (see ``svg()``): each shown view in drawing
    /// order, then the keyboard, the status bar and the home indicator.
    func drawPhone<Canvas: SnapshotCanvas>(on canvas: inout Canvas) {
        let palette = Palette(dark: isDark)
        canvas.rect(x: 0, y: 0, width: size.width, height: size.height, fill: palette.background)
        // Each depth's opacity, its ancestors' included: a transparent container hides what it holds.
        var opacities: [Double] = []
        for node in nodes {
            let depth = node.depth
            if opacities.count > depth { opacities.removeLast(opacities.count - depth) }
            let opacity = (opacities.last ?? 1) * node.alpha
            while opacities.count < depth { opacities.append(opacities.last ?? 1) }
            opacities.append(opacity)
            guard !node.isHidden, opacity > 0.01 else { continue }
            let transformed = !node.content.transform.isIdentity
            if transformed { canvas.pushTransform(node.content.transform) }
            drawPhoneNode(node, opacity: opacity, palette: palette, on: &canvas)
            if transformed { canvas.popTransform() }
        }
        if let keyboard { drawKeyboard(keyboard, on: &canvas) }
        for line in constraints {
            canvas.line(x1: line.from.x, y1: line.from.y, x2: line.to.x, y2: line.to.y, stroke: "#d93025", width: 1.5,
                        style: [.note("data-role", "constraint")], title: line.description)
        }
        if statusBarInset > 0 { drawStatusBar(palette: palette, on: &canvas) }
        if homeIndicatorInset > 0 {
            canvas.rect(x: (size.width - 134) / 2, y: size.height - 13, width: 134, height: 5, fill: palette.label,
                        style: [.cornerRadius(2.5), .note("data-role", "home-indicator")])
        }
    }

    private func drawPhoneNode<Canvas: SnapshotCanvas>(_ node: Node, opacity: Double, palette: Palette, on canvas: inout Canvas) {
        let rect = node.rect, content = node.content
        if let bar = content.bar {
            drawBar(bar, palette: palette, on: &canvas)
            return
        }
        if let shadow = content.layerShadow {
            canvas.fragment(shadow, x: rect.minX - content.boundsOrigin.x, y: rect.minY - content.boundsOrigin.y, role: "layer-shadow")
        }
        if let color = node.backgroundColor, color.alpha * opacity > 0.001 {
            var style: [CanvasStyle] = []
            if color.alpha * opacity < 1 { style.append(.fillOpacity(color.alpha * opacity)) }
            if content.cornerRadius > 0 { style.append(.cornerRadius(min(content.cornerRadius, min(rect.width, rect.height) / 2))) }
            canvas.rect(x: rect.minX, y: rect.minY, width: rect.width, height: rect.height,
                        fill: hexColor(red: color.red, green: color.green, blue: color.blue), style: style)
        }
        if let chrome = content.chrome { drawChrome(chrome, node: node, palette: palette, on: &canvas) }
        if let on = content.switchOn { drawSwitch(on: on, at: rect, tint: node.content.tint, palette: palette, on: &canvas) }
        if content.imageName != nil { drawImage(node, palette: palette, on: &canvas) }
        drawContent(node, on: &canvas)
        if content.isFocused, case .textField? = content.chrome { drawCaret(node, palette: palette, on: &canvas) }
    }

    // MARK: Images

    /// An image view's or button's image: an SF Symbol as its glyph in the tint (beside a
    /// button's title), an image read from PNG bytes as its pixels, any other image (by
    /// name, with no pixels here) as a grey rounded placeholder.
    private func drawImage<Canvas: SnapshotCanvas>(_ node: Node, palette: Palette, on canvas: inout Canvas) {
        let rect = node.rect, content = node.content
        if let symbol = content.symbolName {
            let ink = content.imageIsOriginal ? palette.label : (content.imageTint ?? content.tint).map(hex) ?? palette.tint
            drawSymbol(symbol, in: content.imageRect ?? buttonImageRect(node), color: ink, on: &canvas)
            return
        }
        guard node.type == .image || content.lines.isEmpty else { return }
        if let png = content.imagePNG {
            let place = content.imageRect ?? rect
            let markup = "<image x=\"0\" y=\"0\" width=\"\(svgNumber(place.width))\" height=\"\(svgNumber(place.height))\" "
                + "preserveAspectRatio=\"none\" href=\"data:image/png;base64,\(png.base64EncodedString())\"/>"
            canvas.fragment(markup, x: place.minX, y: place.minY, role: "image-pixels")
            return
        }
        canvas.rect(x: rect.minX, y: rect.minY, width: rect.width, height: rect.height, fill: palette.fill,
                    style: [.cornerRadius(min(6, min(rect.width, rect.height) / 4)), .note("data-role", "image"),
                            .note("data-image", content.imageName ?? "")])
    }

    /// Where a button's symbol lies: 22 points square (a symbol at the title's 17 points),
    /// centred when the button has no title, else just before its centred title.
    private func buttonImageRect(_ node: Node) -> Rect {
        let rect = node.rect, content = node.content
        let side = min(22, rect.width, rect.height)
        guard let title = content.lines.first else {
            return Rect(x: rect.midX - side / 2, y: rect.midY - side / 2, width: side, height: side)
        }
        let width = Double(Font.systemFont(ofSize: CGFloat(content.fontSize)).width(of: Substring(title)))
        return Rect(x: max(rect.minX, rect.midX - width / 2 - 6 - side), y: rect.midY - side / 2, width: side, height: side)
    }

    // MARK: Controls

    private func drawChrome<Canvas: SnapshotCanvas>(_ chrome: Chrome, node: Node, palette: Palette, on canvas: inout Canvas) {
        let rect = node.rect
        let tint = node.content.tint.map(hex) ?? palette.tint
        switch chrome {
        case .cell(let accessory, let separator):
            if let separator {
                let y = rect.maxY - 0.5
                canvas.line(x1: rect.minX + separator.left, y1: y, x2: rect.maxX - separator.right, y2: y,
                            stroke: separator.color.map(hex) ?? palette.separator, width: 1, style: [.note("data-role", "separator")],
                            title: nil)
                if separator.top {
                    canvas.line(x1: rect.minX, y1: rect.minY + 0.5, x2: rect.maxX, y2: rect.minY + 0.5,
                                stroke: separator.color.map(hex) ?? palette.separator, width: 1,
                                style: [.note("data-role", "separator")], title: nil)
                }
            }
            drawAccessory(accessory, in: rect, tint: tint, palette: palette, on: &canvas)
        case .slider(let fraction, let minimumTrack, let maximumTrack):
            let left = rect.minX + 14, right = rect.maxX - 14, y = rect.midY
            let x = left + (right - left) * fraction
            canvas.rect(x: rect.minX, y: y - 2, width: rect.width, height: 4, fill: maximumTrack.map(hex) ?? palette.track,
                        style: [.cornerRadius(2), .note("data-role", "slider")])
            canvas.rect(x: rect.minX, y: y - 2, width: max(0, x - rect.minX), height: 4, fill: minimumTrack.map(hex) ?? tint,
                        style: [.cornerRadius(2)])
            canvas.circle(cx: x, cy: y + 1, r: 14, fill: "#000000", stroke: nil)
            canvas.circle(cx: x, cy: y, r: 14, fill: palette.knob, stroke: palette.separator)
        case .progress(let fraction, let progressTint, let trackTint):
            let y = rect.midY - 2
            canvas.rect(x: rect.minX, y: y, width: rect.width, height: 4, fill: trackTint.map(hex) ?? palette.track,
                        style: [.cornerRadius(2), .note("data-role", "progress")])
            canvas.rect(x: rect.minX, y: y, width: rect.width * fraction, height: 4, fill: progressTint.map(hex) ?? tint,
                        style: [.cornerRadius(2)])
        case .segmented(let titles, let selected, let selectedTint):
            guard !titles.isEmpty else { return }
            canvas.rect(x: rect.minX, y: rect.minY, width: rect.width, height: rect.height, fill: palette.fill,
                        style: [.cornerRadius(9), .note("data-role", "segmented")])
            let width = rect.width / Double(titles.count)
            for (index, title) in titles.enumerated() {
                let cell = Rect(x: rect.minX + width * Double(index), y: rect.minY, width: width, height: rect.height)
                if index == selected {
                    canvas.rect(x: cell.minX + 2, y: cell.minY + 2, width: cell.width - 4, height: cell.height - 4,
                                fill: selectedTint.map(hex) ?? (isDark ? "#636366" : "#ffffff"), stroke: isDark ? nil : "#d8d8dc",
                                style: [.cornerRadius(7), .strokeWidth(0.5)])
                } else if index > 0, index - 1 != selected {
                    canvas.line(x1: cell.minX, y1: cell.minY + 7, x2: cell.minX, y2: cell.maxY - 7, stroke: palette.separator,
                                width: 1, style: [], title: nil)
                }
                var style: [CanvasStyle] = [.note("data-role", "segment")]
                if index == selected { style.append(.bold) }
                canvas.text(fitted(title, width: cell.width - 8, size: 13), x: cell.midX, y: cell.midY + 4.5, size: 13,
                            fill: palette.label, anchor: .middle, style: style)
            }
        case .stepper(let canDecrement, let canIncrement):
            canvas.rect(x: rect.minX, y: rect.minY, width: rect.width, height: rect.height, fill: palette.fill,
                        style: [.cornerRadius(8), .note("data-role", "stepper")])
            let half = rect.width / 2
            canvas.line(x1: rect.midX, y1: rect.minY + 7, x2: rect.midX, y2: rect.maxY - 7, stroke: palette.separator, width: 1,
                        style: [], title: nil)
            let y = rect.midY
            let minus = rect.minX + half / 2, plus = rect.minX + half * 1.5
            canvas.line(x1: minus - 7, y1: y, x2: minus + 7, y2: y, stroke: canDecrement ? palette.label : palette.placeholder,
                        width: 2, style: [.roundCap], title: nil)
            let plusInk = canIncrement ? palette.label : palette.placeholder
            canvas.line(x1: plus - 7, y1: y, x2: plus + 7, y2: y, stroke: plusInk, width: 2, style: [.roundCap], title: nil)
            canvas.line(x1: plus, y1: y - 7, x2: plus, y2: y + 7, stroke: plusInk, width: 2, style: [.roundCap], title: nil)
        case .pageControl(let pages, let current, let dotTint, let currentTint):
            guard pages > 0 else { return }
            let spacing = 16.0, start = rect.midX - spacing * Double(pages - 1) / 2
            for page in 0..<pages {
                let ink = page == current ? currentTint.map(hex) ?? palette.label : dotTint.map(hex) ?? palette.placeholder
                canvas.circle(cx: start + spacing * Double(page), cy: rect.midY, r: 3.5, fill: ink, stroke: nil)
            }
        case .activityIndicator(let large, let color):
            let ink = color.map(hex) ?? palette.gray
            let (inner, outer, width) = large ? (7.0, 17.0, 3.5) : (4.0, 9.0, 2.0)
            for spoke in 0..<8 {
                let angle = Double(spoke) * .pi / 4 - .pi / 2
                let (c, s) = (cos(angle), sin(angle))
                canvas.line(x1: rect.midX + c * inner, y1: rect.midY + s * inner, x2: rect.midX + c * outer, y2: rect.midY + s * outer,
                            stroke: ink, width: width, style: [.roundCap, .strokeOpacity(1 - Double(spoke) * 0.1)], title: nil)
            }
        case .textField(let borderStyle, let clearButton):
            switch borderStyle {
            case .roundedRect:
                canvas.rect(x: rect.minX + 0.5, y: rect.minY + 0.5, width: rect.width - 1, height: rect.height - 1,
                            fill: node.backgroundColor == nil ? palette.background : "none", stroke: isDark ? "#3a3a3c" : "#cccccc",
                            style: [.cornerRadius(5), .note("data-role", "text-border")])
            case .line, .bezel:
                canvas.rect(x: rect.minX + 0.5, y: rect.minY + 0.5, width: rect.width - 1, height: rect.height - 1, fill: "none",
                            stroke: palette.label, style: [.note("data-role", "text-border")])
            case .none:
                break
            }
            if clearButton {
                let cx = rect.maxX - 14, cy = rect.midY
                canvas.circle(cx: cx, cy: cy, r: 8, fill: palette.placeholder, stroke: nil)
                canvas.line(x1: cx - 3, y1: cy - 3, x2: cx + 3, y2: cy + 3, stroke: palette.background, width: 1.5, style: [.roundCap],
                            title: nil)
                canvas.line(x1: cx - 3, y1: cy + 3, x2: cx + 3, y2: cy - 3, stroke: palette.background, width: 1.5, style: [.roundCap],
                            title: nil)
            }
        case .scrollIndicators(let vertical, let horizontal):
            for bar in [vertical, horizontal].compactMap({ $0 }) {
                canvas.rect(x: bar.minX, y: bar.minY, width: bar.width, height: bar.height, fill: isDark ? "#ffffff" : "#000000",
                            style: [.fillOpacity(0.35), .cornerRadius(1.5), .note("data-role", "scroll-indicator")])
            }
        case .emptyRowSeparators(let firstY, let rowHeight, let inset, let color):
            var y = firstY
            while y <= rect.maxY {
                canvas.line(x1: rect.minX + inset, y1: y - 0.5, x2: rect.maxX, y2: y - 0.5, stroke: color.map(hex) ?? palette.separator,
                            width: 1, style: [.note("data-role", "empty-row-separator")], title: nil)
                y += rowHeight
            }
        case .alertAction(let leadingHairline):
            canvas.line(x1: rect.minX, y1: rect.minY + 0.5, x2: rect.maxX, y2: rect.minY + 0.5, stroke: palette.separator, width: 1,
                        style: [], title: nil)
            if leadingHairline {
                canvas.line(x1: rect.minX + 0.5, y1: rect.minY + 0.5, x2: rect.minX + 0.5, y2: rect.maxY, stroke: palette.separator,
                            width: 1, style: [], title: nil)
            }
        case .toolbar(let color, let extends):
            if extends > 0 {
                canvas.rect(x: rect.minX, y: rect.maxY, width: rect.width, height: extends, fill: color.map(hex) ?? palette.bar,
                            style: [.note("data-role", "toolbar-safe-area")])
            }
            // UIKit's hairline lies just above the bar, so the bar's background view does not cover it.
            canvas.line(x1: rect.minX, y1: rect.minY - 0.5, x2: rect.maxX, y2: rect.minY - 0.5, stroke: palette.barHairline, width: 1,
                        style: [.note("data-role", "toolbar")], title: nil)
        }
    }

    /// A cell's accessory at its trailing edge: a grey chevron, a checkmark or a detail
    /// button ("i" in a circle) in the tint.
    private func drawAccessory<Canvas: SnapshotCanvas>(_ accessory: TableViewCell.AccessoryType, in rect: Rect, tint: String,
                                                       palette: Palette, on canvas: inout Canvas) {
        let y = rect.midY
        var x = rect.maxX - 20
        switch accessory {
        case .none:
            return
        case .disclosureIndicator, .detailDisclosureButton:
            canvas.polyline([Point(x: x - 3, y: y - 6.5), Point(x: x + 3, y: y), Point(x: x - 3, y: y + 6.5)], closed: false, fill: "none",
                            stroke: palette.chevron, style: [.strokeWidth(2.2), .roundCap, .note("data-role", "disclosure")])
            x -= 30
            if accessory == .detailDisclosureButton { drawDetailButton(at: Point(x: x, y: y), tint: tint, on: &canvas) }
        case .checkmark:
            canvas.polyline([Point(x: x - 7, y: y), Point(x: x - 2, y: y + 5.5), Point(x: x + 6, y: y - 6.5)], closed: false, fill: "none",
                            stroke: tint, style: [.strokeWidth(2.2), .roundCap, .note("data-role", "checkmark")])
        case .detailButton:
            drawDetailButton(at: Point(x: x - 2, y: y), tint: tint, on: &canvas)
        }
    }

    private func drawDetailButton<Canvas: SnapshotCanvas>(at center: Point, tint: String, on canvas: inout Canvas) {
        canvas.circle(cx: center.x, cy: center.y, r: 10.5, fill: "none", stroke: tint)
        canvas.circle(cx: center.x, cy: center.y - 4.5, r: 1.2, fill: tint, stroke: nil)
        canvas.line(x1: center.x, y1: center.y - 1.5, x2: center.x, y2: center.y + 5.5, stroke: tint, width: 2, style: [],
                    title: nil)
    }

    /// A switch as UIKit draws it: a 51 × 31 pill, green (or its `onTintColor`) when on, a
    /// white knob with a soft shadow.
    private func drawSwitch<Canvas: SnapshotCanvas>(on: Bool, at rect: Rect, tint: Color?, palette: Palette,
                                                    on canvas: inout Canvas) {
        canvas.rect(x: rect.minX, y: rect.minY, width: 51, height: 31, fill: on ? palette.green : (isDark ? "#39393d" : "#e9e9eb"),
                    style: [.cornerRadius(15.5), .note("data-role", "switch"), .note("data-on", on ? "1" : "0")])
        let cx = rect.minX + (on ? 35.5 : 15.5)
        canvas.circle(cx: cx, cy: rect.minY + 16.5, r: 13.5, fill: "#000000", stroke: nil)
        canvas.circle(cx: cx, cy: rect.minY + 15.5, r: 13.5, fill: palette.knob, stroke: nil)
    }

    /// A focused text field's caret: a 2-point bar in the tint after its text.
    private func drawCaret<Canvas: SnapshotCanvas>(_ node: Node, palette: Palette, on canvas: inout Canvas) {
        let rect = node.rect, content = node.content
        let text = content.isPlaceholder ? "" : content.lines.last ?? ""
        let width = Double(Font.systemFont(ofSize: CGFloat(content.fontSize)).width(of: Substring(text)))
        let left = rect.minX + (content.hasTextBorder ? 7 : 0)
        let x = min(rect.maxX - 2, content.alignment == .center ? rect.midX + width / 2 : left + width + 1)
        let height = content.fontSize * 1.2
        canvas.rect(x: x, y: rect.midY - height / 2, width: 2, height: height, fill: content.tint.map(hex) ?? palette.tint,
                    style: [.cornerRadius(1), .note("data-role", "caret")])
    }

    // MARK: Bars

    /// The band a large title takes below a navigation bar's 44 points.
    static let largeTitleBand = 52.0

    private func drawBar<Canvas: SnapshotCanvas>(_ bar: Bar, palette: Palette, on canvas: inout Canvas) {
        let rect = bar.rect
        // A large title's band is part of the bar: one background covers both.
        let band = bar.showsLargeTitle ? Self.largeTitleBand : 0
        // A navigation bar just below the status bar is top-attached: its background reaches
        // up under the status bar (UIKit's UIBarPosition.topAttached).
        if !bar.isTabBar, statusBarInset > 0, abs(rect.minY - statusBarInset) < 0.5 {
            canvas.rect(x: rect.minX, y: 0, width: rect.width, height: statusBarInset, fill: bar.backgroundColor.map(hex) ?? palette.bar,
                        style: [.note("data-role", "navigation-bar-status-area")])
        }
        canvas.rect(x: rect.minX, y: rect.minY, width: rect.width, height: rect.height + band, fill: bar.backgroundColor.map(hex) ?? palette.bar,
                    style: [.note("data-role", bar.isTabBar ? "tab-bar" : "navigation-bar")])
        let edge = bar.isTabBar ? rect.minY + 0.5 : rect.maxY + band - 0.5
        canvas.line(x1: rect.minX, y1: edge, x2: rect.maxX, y2: edge, stroke: palette.barHairline, width: 1, style: [], title: nil)
        let tint = bar.tint.map(hex) ?? palette.tint
        if bar.isTabBar {
            let count = max(1, bar.trailing.count)
            let width = rect.width / Double(count)
            for (index, title) in bar.trailing.enumerated() {
                let selected = index == bar.selected
                let ink = (selected ? bar.selectedColor : bar.unselectedColor).map(hex) ?? (selected ? tint : palette.gray)
                let cx = rect.minX + width * (Double(index) + 0.5)
                // The item's image: its symbol's glyph, else a rounded square where its image would be.
                if index < bar.trailingLooks.count, let symbol = bar.trailingLooks[index].symbol {
                    drawSymbol(symbol, in: Rect(x: cx - 13, y: rect.minY + 5, width: 26, height: 26), color: ink, on: &canvas)
                } else {
                    canvas.rect(x: cx - 12, y: rect.minY + 7, width: 24, height: 22, fill: "none", stroke: ink,
                                style: [.cornerRadius(6), .strokeWidth(2), .note("data-role", "tab-image")])
                }
                canvas.text(fitted(title, width: width - 4, size: 10), x: cx, y: rect.minY + 42, size: 10, fill: ink, anchor: .middle,
                            style: [.note("data-role", "tab-title")])
                if index < bar.badges.count, let badge = bar.badges[index] {
                    let badgeWidth = max(18, Double(badge.count) * 7 + 10)
                    canvas.rect(x: cx + 6, y: rect.minY + 2, width: badgeWidth, height: 18, fill: palette.red,
                                style: [.cornerRadius(9), .note("data-role", "badge")])
                    canvas.text(badge, x: cx + 6 + badgeWidth / 2, y: rect.minY + 15, size: 13, fill: "#ffffff", anchor: .middle)
                }
            }
            return
        }
        let baseline = rect.minY + 28
        if bar.showsLargeTitle, let title = bar.title {
            // UIKit's large title: 34 points bold at the leading margin, in the band below the bar.
            canvas.text(fitted(title, width: rect.width - 32, size: 34), x: rect.minX + 16, y: rect.maxY + 41, size: 34, fill: palette.label,
                        style: [.bold, .note("data-role", "large-title")])
        } else if let title = bar.title {
            canvas.text(fitted(title, width: rect.width - 160, size: 17), x: rect.midX, y: baseline, size: 17, fill: palette.label,
                        anchor: .middle, style: [.bold, .note("data-role", "title")])
        }
        var x = rect.minX + 8
        if let back = bar.backTitle {
            canvas.polyline([Point(x: x + 10, y: rect.midY - 10.5), Point(x: x, y: rect.midY), Point(x: x + 10, y: rect.midY + 10.5)],
                            closed: false, fill: "none", stroke: tint,
                            style: [.strokeWidth(3), .roundCap, .note("data-role", "back-chevron")])
            x += 18
            canvas.text(fitted(back, width: rect.width / 3, size: 17), x: x, y: baseline, size: 17, fill: tint,
                        style: [.note("data-role", "back-title")])
            x += Double(Font.systemFont(ofSize: 17).width(of: Substring(back))) + 16
        } else {
            x = rect.minX + 16
        }
        for (index, item) in bar.leading.enumerated() {
            let look = index < bar.leadingLooks.count ? bar.leadingLooks[index] : ItemLook()
            let width = barItemWidth(item, look: look)
            drawBarItem(item, look: look, in: Rect(x: x, y: rect.minY, width: width, height: rect.height), baseline: baseline,
                        tint: look.tint.map(hex) ?? tint, palette: palette, on: &canvas)
            x += width + 16
        }
        var right = rect.maxX - 16
        for (index, item) in bar.trailing.enumerated().reversed() {
            let look = index < bar.trailingLooks.count ? bar.trailingLooks[index] : ItemLook()
            let width = barItemWidth(item, look: look)
            drawBarItem(item, look: look, in: Rect(x: right - width, y: rect.minY, width: width, height: rect.height), baseline: baseline,
                        tint: look.tint.map(hex) ?? tint, trailing: true, palette: palette, on: &canvas)
            right -= width + 16
        }
    }

    /// How wide a bar item is drawn: a symbol 24 points, a title its text at 17 points.
    func barItemWidth(_ title: String, look: ItemLook) -> Double {
        if look.symbol != nil || look.imageName != nil { return 24 }
        let font = look.isBold ? Font.boldSystemFont(ofSize: 17) : Font.systemFont(ofSize: 17)
        return Double(font.width(of: Substring(title)))
    }

    /// A bar button item in `rect`: its symbol's glyph, a placeholder for another image,
    /// or its title (bold for a `.done` item), in the tint.
    func drawBarItem<Canvas: SnapshotCanvas>(_ title: String, look: ItemLook, in rect: Rect, baseline: Double, tint: String,
                                             trailing: Bool = false, palette: Palette, on canvas: inout Canvas) {
        if let symbol = look.symbol {
            drawSymbol(symbol, in: Rect(x: rect.minX, y: rect.midY - 12, width: 24, height: 24), color: tint, on: &canvas)
        } else if let name = look.imageName {
            canvas.rect(x: rect.minX, y: rect.midY - 11, width: 24, height: 22, fill: "none", stroke: tint,
                        style: [.cornerRadius(5), .strokeWidth(1.5), .note("data-role", "bar-image"), .note("data-image", name)])
        } else {
            var style: [CanvasStyle] = [.note("data-role", "bar-button")]
            if look.isBold { style.append(.bold) }
            // A trailing title is set from its end, so it meets the margin whatever its measured width.
            canvas.text(title, x: trailing ? rect.maxX : rect.minX, y: baseline, size: 17, fill: tint, anchor: trailing ? .end : .start,
                        style: style)
        }
    }

    // MARK: Status bar

    /// The status bar as iOS draws it: the time (9:41, as Apple's own screenshots show it),
    /// then at the trailing side the signal bars, the Wi-Fi fan and a full battery.
    private func drawStatusBar<Canvas: SnapshotCanvas>(palette: Palette, on canvas: inout Canvas) {
        let notched = statusBarInset > 24
        let y = notched ? statusBarInset / 2 + 2 : statusBarInset / 2
        let ink = palette.label
        canvas.text("9:41", x: notched ? 54 : size.width / 2, y: y + 5.5, size: notched ? 17 : 12, fill: ink, anchor: .middle,
                    style: [.bold, .note("data-role", "status-time")])
        var x = size.width - (notched ? 28 : 8)
        // The battery: a rounded outline, its charge, and its cap.
        canvas.rect(x: x - 25, y: y - 6, width: 25, height: 12, fill: "none", stroke: ink,
                    style: [.cornerRadius(3.5), .strokeOpacity(0.4), .note("data-role", "status-battery")])
        canvas.rect(x: x - 23, y: y - 4, width: 21, height: 8, fill: ink, style: [.cornerRadius(2)])
        canvas.rect(x: x + 1, y: y - 2, width: 1.5, height: 4, fill: ink, style: [.fillOpacity(0.4)])
        // Wi-Fi: three arcs drawn as chevrons over a dot, 6 points left of the battery.
        x -= 41
        for level in 0..<3 {
            let r = 3.0 + Double(level) * 3.2
            canvas.polyline([Point(x: x - r, y: y + 3 - r * 0.55), Point(x: x, y: y + 4 - r), Point(x: x + r, y: y + 3 - r * 0.55)],
                            closed: false, fill: "none", stroke: ink, style: [.strokeWidth(1.8), .roundCap])
        }
        canvas.circle(cx: x, cy: y + 4, r: 1.5, fill: ink, stroke: nil)
        x -= 12 + 6 + 17
        // Signal: four bars rising.
        for bar in 0..<4 {
            let height = 3.5 + Double(bar) * 2.2
            canvas.rect(x: x + Double(bar) * 4.5, y: y + 5 - height, width: 3, height: height, fill: ink,
                        style: [.cornerRadius(0.8)])
        }
    }
}

/// A colour as `#rrggbb` (its alpha is drawn separately).
private func hex(_ color: Color) -> String {
    hexColor(red: color.red, green: color.green, blue: color.blue)
}
