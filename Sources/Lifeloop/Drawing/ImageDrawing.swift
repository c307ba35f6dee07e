import Foundation

extension Image {
    /// Draws the image scaled to fill `rect` in the current graphics context, as UIKit's
    /// `draw(in:)`: what the image holds is recorded there, turned by its orientation,
    /// clipped to `rect`, its caps kept at their size for a resizable image, and in its
    /// tint color when it has one (``withTintColor(_:)``).
    ///
    /// Only drawn images (an image context, a renderer) have content here: an image by
    /// name, a symbol or one read from bytes has no pixels and draws nothing. Drawing
    /// an image discards the current path. Does nothing without a current context.
    public func draw(in rect: CGRect) {
        guard let context = GraphicsContextStack.current else { return }
        context.record(drawCommands(in: rect))
    }

    /// Draws the image at its size with its top left corner at `point`, as UIKit's
    /// `draw(at:)` (see ``draw(in:)``).
    public func draw(at point: CGPoint) {
        draw(in: CGRect(origin: point, size: size))
    }

    /// Draws the image scaled to fill `rect` combined by `blendMode` at `alpha`, as
    /// UIKit's `draw(in:blendMode:alpha:)` (see ``draw(in:)``).
    public func draw(in rect: CGRect, blendMode: CGBlendMode, alpha: CGFloat) {
        guard let context = GraphicsContextStack.current else { return }
        let commands = drawCommands(in: rect)
        guard !commands.isEmpty else { return }
        context.record([.saveGState, .setBlendMode(blendMode), .setAlpha(alpha)] + commands + [.restoreGState])
    }

    /// Draws the image at its size at `point` combined by `blendMode` at `alpha`, as
    /// UIKit's `draw(at:blendMode:alpha:)`.
    public func draw(at point: CGPoint, blendMode: CGBlendMode, alpha: CGFloat) {
        draw(in: CGRect(origin: point, size: size), blendMode: blendMode, alpha: alpha)
    }

    /// Fills `rect` with copies of the image at its size, side by side from the rectangle's
    /// top left corner, as UIKit's `drawAsPattern(in:)`.
    public func drawAsPattern(in rect: CGRect) {
        guard let context = GraphicsContextStack.current, size.width > 0, size.height > 0, content.drawing != nil else {
            return
        }
        let r = rect.standardized
        let columns = Int((r.width / size.width).rounded(.up)), rows = Int((r.height / size.height).rounded(.up))
        guard columns > 0, rows > 0, columns * rows <= 10_000 else { return }
        var commands: [DrawCommand] = [.saveGState, .clipToRect(r)]
        for row in 0..<rows {
            for column in 0..<columns {
                let origin = CGPoint(x: r.minX + CGFloat(column) * size.width, y: r.minY + CGFloat(row) * size.height)
                commands += drawCommands(in: CGRect(origin: origin, size: size))
            }
        }
        context.record(commands + [.restoreGState])
    }

    /// The display list that draws the image scaled to fill `rect` (what ``draw(in:)``
    /// records): empty for an image without a drawing, an empty size or an empty `rect`.
    ///
    /// - Parameters:
    ///   - rect: Where the image goes, in the destination's coordinates.
    ///   - tint: A color every painted part takes, keeping its transparency (a template
    ///     image in an image view gets the view's tint); the image's own tint when nil.
    public func drawCommands(in rect: CGRect, tint: Color? = nil) -> [DrawCommand] {
        guard content.drawing != nil, size.width > 0, size.height > 0, rect.width != 0, rect.height != 0,
              rect.width.isFinite, rect.height.isFinite else { return [] }
        let caps = content.capInsets
        guard caps != .zero, rect.size != size else { return stretchedCommands(in: rect, tint: tint ?? tintColor) }
        return slicedCommands(in: rect.standardized, caps: caps, tint: tint ?? tintColor)
    }

    /// The whole image scaled to `rect`.
    private func stretchedCommands(in rect: CGRect, tint: Color?) -> [DrawCommand] {
        guard let drawing = content.drawing, drawing.bounds.width > 0, drawing.bounds.height > 0 else { return [] }
        var out: [DrawCommand] = [.saveGState]
        if rect.origin != .zero { out.append(.concatCTM(CGAffineTransform(translationX: rect.minX, y: rect.minY))) }
        let sx = rect.width / size.width, sy = rect.height / size.height
        if sx != 1 || sy != 1 { out.append(.concatCTM(CGAffineTransform(scaleX: sx, y: sy))) }
        let orientation = content.orientation
        let raw = orientation.swapsSides ? CGSize(width: size.height, height: size.width) : size
        if orientation != .up { out.append(.concatCTM(orientation.transform(width: raw.width, height: raw.height))) }
        let bounds = drawing.bounds
        let kx = raw.width / bounds.width, ky = raw.height / bounds.height
        if kx != 1 || ky != 1 { out.append(.concatCTM(CGAffineTransform(scaleX: kx, y: ky))) }
        if bounds.origin != .zero { out.append(.concatCTM(CGAffineTransform(translationX: -bounds.minX, y: -bounds.minY))) }
        out += [.clipToRect(bounds), .beginPath]
        if let tint {
            out += [.setFillColor(tint), .setStrokeColor(tint)]
            out += drawing.commands.map { Self.recolored($0, tint) }
        } else {
            out += drawing.commands
        }
        out += [.beginPath, .restoreGState]
        return out
    }

    /// A resizable image in nine parts: the corners at their size, the edges stretched
    /// along them, the middle stretched both ways (caps shrunk in proportion when `rect`
    /// is smaller than they are).
    private func slicedCommands(in rect: CGRect, caps: EdgeInsets, tint: Color?) -> [DrawCommand] {
        func cuts(_ length: CGFloat, _ lead: CGFloat, _ trail: CGFloat, into target: CGFloat) -> (source: [CGFloat], target: [CGFloat]) {
            let lead = min(max(lead, 0), length), trail = min(max(trail, 0), length - lead)
            let shrink = lead + trail > target && lead + trail > 0 ? target / (lead + trail) : 1
            return ([0, lead, length - trail, length], [0, lead * shrink, target - trail * shrink, target])
        }
        let xs = cuts(size.width, caps.left, caps.right, into: rect.width)
        let ys = cuts(size.height, caps.top, caps.bottom, into: rect.height)
        var out: [DrawCommand] = []
        for row in 0..<3 {
            for column in 0..<3 {
                let sw = xs.source[column + 1] - xs.source[column], sh = ys.source[row + 1] - ys.source[row]
                let dw = xs.target[column + 1] - xs.target[column], dh = ys.target[row + 1] - ys.target[row]
                guard sw > 0, sh > 0, dw > 0, dh > 0 else { continue }
                let kx = dw / sw, ky = dh / sh
                let slice = CGRect(x: rect.minX + xs.target[column], y: rect.minY + ys.target[row], width: dw, height: dh)
                let whole = CGRect(x: slice.minX - xs.source[column] * kx, y: slice.minY - ys.source[row] * ky,
                                   width: size.width * kx, height: size.height * ky)
                out += [.saveGState, .clipToRect(slice)] + stretchedCommands(in: whole, tint: tint) + [.restoreGState]
            }
        }
        return out
    }

    /// `command` with every color it paints in `tint`, its alpha multiplied by the color's.
    static func recolored(_ command: DrawCommand, _ tint: Color) -> DrawCommand {
        func tinted(_ color: Color) -> Color {
            Color(red: tint.red, green: tint.green, blue: tint.blue, alpha: tint.alpha * color.alpha)
        }
        func tinted(_ gradient: CGGradient) -> CGGradient {
            CGGradient(colorsSpace: nil, colors: gradient.stops.map { tinted($0.color) },
                       locations: gradient.stops.map(\.location)) ?? gradient
        }
        switch command {
        case .setFillColor(let color): return .setFillColor(tinted(color))
        case .setStrokeColor(let color): return .setStrokeColor(tinted(color))
        case let .drawText(text, point, fontSize, color): return .drawText(text, at: point, fontSize: fontSize, color: tinted(color))
        case let .linearGradient(gradient, start, end, options):
            return .linearGradient(tinted(gradient), start: start, end: end, options: options)
        case let .radialGradient(gradient, startCenter, startRadius, endCenter, endRadius, options):
            return .radialGradient(tinted(gradient), startCenter: startCenter, startRadius: startRadius, endCenter: endCenter,
                                   endRadius: endRadius, options: options)
        default: return command
        }
    }
}

extension ImageView {
    /// What the image view shows of a drawn image, in its bounds coordinates: the image
    /// (the highlighted one when highlighted) placed by the content mode, in the view's
    /// tint when the image is a template; nil when the image has no drawing (snapshots
    /// then show its name).
    package var imageContentDrawing: [DrawCommand]? {
        guard let image = (isHighlighted ? highlightedImage : nil) ?? image, image.content.drawing != nil else { return nil }
        let tint: Color? = image.tintColor ?? (image.renderingMode == .alwaysTemplate ? tintColor : nil)
        let commands = image.drawCommands(in: Self.contentRect(for: image.size, in: bounds, mode: contentMode), tint: tint)
        return commands.isEmpty ? nil : commands
    }

    /// Where content of `size` goes in `bounds` under `mode`, as UIKit places an image
    /// view's image.
    static func contentRect(for size: CGSize, in bounds: CGRect, mode: ContentMode) -> CGRect {
        guard size.width > 0, size.height > 0 else { return bounds }
        func placed(_ width: CGFloat, _ height: CGFloat, x: CGFloat, y: CGFloat) -> CGRect {
            CGRect(x: bounds.minX + (bounds.width - width) * x, y: bounds.minY + (bounds.height - height) * y,
                   width: width, height: height)
        }
        switch mode {
        case .scaleToFill, .redraw:
            return bounds
        case .scaleAspectFit, .scaleAspectFill:
            let fx = bounds.width / size.width, fy = bounds.height / size.height
            let f = mode == .scaleAspectFit ? min(fx, fy) : max(fx, fy)
            return placed(size.width * f, size.height * f, x: 0.5, y: 0.5)
        case .center: return placed(size.width, size.height, x: 0.5, y: 0.5)
        case .top: return placed(size.width, size.height, x: 0.5, y: 0)
        case .bottom: return placed(size.width, size.height, x: 0.5, y: 1)
        case .left: return placed(size.width, size.height, x: 0, y: 0.5)
        case .right: return placed(size.width, size.height, x: 1, y: 0.5)
        case .topLeft: return placed(size.width, size.height, x: 0, y: 0)
        case .topRight: return placed(size.width, size.height, x: 1, y: 0)
        case .bottomLeft: return placed(size.width, size.height, x: 0, y: 1)
        case .bottomRight: return placed(size.width, size.height, x: 1, y: 1)
        }
    }
}
