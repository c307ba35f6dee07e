import Foundation

extension Layer {
    /// Draws the layer and its sublayers into `ctx` in the layer's own coordinates, as
    /// Core Animation's `render(in:)`: each layer as it shows now, placed by its position,
    /// anchor point and (affine) transform, at its opacity.
    ///
    /// Per layer: the background (with `cornerRadius`), image contents drawn by code (an
    /// image context or renderer) stretched to the bounds, the layer's `draw(in:)` and
    /// its delegate's drawing, a view's `draw(_:)` for a view's layer, a shape layer's path,
    /// the sublayers (clipped to the bounds with `masksToBounds`), a view's subviews,
    /// and the border. Shadows, masks, gradient and text layers and images read from
    /// files are not drawn.
    public func render(in ctx: CGContext) {
        renderContent(in: ctx)
    }

    /// Draws the layer in its own coordinates.
    private func renderContent(in ctx: CGContext) {
        let layer = presentationLayer()
        let bounds = layer.bounds
        let outline = DrawCommand.roundedRect(bounds, cornerWidth: layer.cornerRadius, cornerHeight: layer.cornerRadius)
        if let color = layer.backgroundColor, color.alpha > 0 {
            ctx.record([.saveGState, .setFillColor(color), .beginPath, outline, .fillPath(evenOdd: false), .restoreGState])
        }
        ctx.saveGState()
        if layer.masksToBounds { ctx.record([.beginPath, outline, .clip(evenOdd: false)]) }
        if let image = layer.contents as? Image {
            ctx.record(image.drawCommands(in: bounds))
        }
        ctx.saveGState()
        draw(in: ctx)
        delegate?.draw(self, in: ctx)
        if let view = owningView {
            GraphicsContextStack.push(ctx)
            view.draw(bounds)
            _ = GraphicsContextStack.pop()
        }
        ctx.restoreGState()
        if let shape = layer as? ShapeLayer, let path = shape.path, !path.isEmpty {
            if let fill = shape.fillColor, fill.alpha > 0 {
                ctx.record([.saveGState, .setFillColor(fill), .beginPath] + path.elements
                    + [.fillPath(evenOdd: shape.fillRule == .evenOdd), .restoreGState])
            }
            if let stroke = shape.strokeColor, stroke.alpha > 0, shape.lineWidth > 0 {
                ctx.record([.saveGState, .setStrokeColor(stroke), .setLineWidth(shape.lineWidth), .setLineCap(Self.cap(shape.lineCap)),
                            .setLineJoin(Self.join(shape.lineJoin)), .beginPath] + path.elements + [.strokePath, .restoreGState])
            }
        }
        for sublayer in sublayersInDrawingOrder { sublayer.renderPlaced(in: ctx) }
        for subview in owningView?.subviews ?? [] { subview.layer.renderPlaced(in: ctx) }
        ctx.restoreGState()
        if layer.borderWidth > 0, let color = layer.borderColor, color.alpha > 0 {
            let inset = layer.borderWidth / 2
            let edge = bounds.insetBy(dx: inset, dy: inset)
            let radius = max(0, layer.cornerRadius - inset)
            ctx.record([.saveGState, .setStrokeColor(color), .setLineWidth(layer.borderWidth), .beginPath,
                        .roundedRect(edge, cornerWidth: radius, cornerHeight: radius), .strokePath, .restoreGState])
        }
    }

    /// Draws the layer in its superlayer's coordinates.
    private func renderPlaced(in ctx: CGContext) {
        let layer = presentationLayer()
        guard !layer.isHidden, layer.opacity > 0 else { return }
        let bounds = layer.bounds
        let anchor = layer.anchorPoint
        let position = layer.position
        let placement = CGAffineTransform(translationX: -(bounds.minX + anchor.x * bounds.width),
                                          y: -(bounds.minY + anchor.y * bounds.height))
            .concatenating(layer.transform.affine)
            .concatenating(CGAffineTransform(translationX: position.x, y: position.y))
        ctx.saveGState()
        if !placement.isIdentity { ctx.concatenate(placement) }
        if layer.opacity < 1 { ctx.setAlpha(CGFloat(layer.opacity)) }
        renderContent(in: ctx)
        ctx.restoreGState()
    }

    /// CoreGraphics' cap for a shape layer's.
    private static func cap(_ cap: ShapeLayer.LineCap) -> CGLineCap {
        cap == .round ? .round : cap == .square ? .square : .butt
    }

    /// CoreGraphics' join for a shape layer's.
    private static func join(_ join: ShapeLayer.LineJoin) -> CGLineJoin {
        join == .round ? .round : join == .bevel ? .bevel : .miter
    }
}
