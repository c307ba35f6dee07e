import Foundation

/// How an image context makes its image.
struct ImageContextFormat {
    /// Pixels per point of the image.
    var scale: CGFloat
    /// Whether the image is opaque: what is not drawn is black, as in UIKit.
    var isOpaque: Bool
    /// Whether a renderer made the context (`UIGraphicsEndImageContext()` leaves it alone).
    var isRenderer: Bool

    /// The scale of the thread's app's main screen (the phone's 3 outside an app), which
    /// UIKit uses for a scale of 0.
    static var screenScale: CGFloat {
        CGFloat((Application.current?.mainScreen ?? .phone).scale)
    }
}

extension CGContext {
    /// A recording context for an image of `bounds`.
    static func imageContext(bounds: CGRect, scale: CGFloat, opaque: Bool, renderer: Bool) -> CGContext {
        let context = CGContext(bounds: bounds)
        context.imageFormat = ImageContextFormat(scale: scale > 0 ? scale : ImageContextFormat.screenScale,
                                                 isOpaque: opaque, isRenderer: renderer)
        return context
    }

    /// The image of what this image context recorded so far, as CoreGraphics'
    /// `makeImage()`: its bounds' size, its scale, its drawing (black below it when
    /// opaque); nil for a context that is not an image or bitmap context or has an empty size.
    public func makeImage() -> Image? {
        guard let format = imageFormat, bounds.width > 0, bounds.height > 0,
              bounds.width.isFinite, bounds.height.isFinite else { return nil }
        var recorded = Self.balanced(commands)
        if format.isOpaque {
            recorded = [.saveGState, .setFillColor(Color(red: 0, green: 0, blue: 0)), .fillRect(bounds), .restoreGState]
                + recorded
        }
        var content = ImageContent()
        content.drawing = ImageContent.Drawing(commands: recorded, bounds: bounds)
        content.isOpaque = format.isOpaque
        return Image(name: "", isSymbol: false, size: bounds.size, scale: format.scale, renderingMode: .automatic,
                     tintColor: nil, content: content)
    }

    /// `commands` with every save matched by a restore: a restore with no save before it
    /// is dropped, and restores are added for saves left open.
    static func balanced(_ commands: [DrawCommand]) -> [DrawCommand] {
        var out: [DrawCommand] = []
        out.reserveCapacity(commands.count)
        var open = 0
        for command in commands {
            switch command {
            case .saveGState: open += 1
            case .restoreGState:
                guard open > 0 else { continue }
                open -= 1
            default: break
            }
            out.append(command)
        }
        return out + Array(repeating: .restoreGState, count: open)
    }
}

/// Starts an image context of `size` (transparent, at scale 1) as the current graphics
/// context of this thread, as UIKit's function: what is drawn until
/// `UIGraphicsEndImageContext()` is recorded for `UIGraphicsGetImageFromCurrentImageContext()`.
public func UIGraphicsBeginImageContext(_ size: CGSize) {
    UIGraphicsBeginImageContextWithOptions(size, false, 1)
}

/// Starts an image context of `size` as the current graphics context of this thread, as
/// UIKit's function.
///
/// Drawing until `UIGraphicsEndImageContext()` (`UIBezierPath` fills and strokes, the
/// context's calls, string and image drawing) is recorded, and
/// `UIGraphicsGetImageFromCurrentImageContext()` makes an image of it.
///
/// - Parameters:
///   - size: The image's size in points.
///   - opaque: Whether the image is opaque: what is not drawn is then black, as in UIKit.
///   - scale: Pixels per point of the image; 0 for the main screen's scale.
public func UIGraphicsBeginImageContextWithOptions(_ size: CGSize, _ opaque: Bool, _ scale: CGFloat) {
    GraphicsContextStack.push(.imageContext(bounds: CGRect(origin: .zero, size: size), scale: scale, opaque: opaque,
                                            renderer: false))
}

/// An image of what was drawn in the current image context so far, as UIKit's function:
/// the context's size and scale, and the recorded drawing as its content (it draws that,
/// scaled, wherever it is drawn: in an image view, `draw(in:)`, pictures, PNG data).
/// Nil when the current context is not an image context, or its size is empty.
public func UIGraphicsGetImageFromCurrentImageContext() -> Image? {
    GraphicsContextStack.current?.makeImage()
}

/// Ends the image context begun by `UIGraphicsBeginImageContextWithOptions(_:_:_:)`,
/// making the context below it current again, as UIKit's function; does nothing when
/// the current context is not such an image context.
public func UIGraphicsEndImageContext() {
    guard let context = GraphicsContextStack.current, let format = context.imageFormat, !format.isRenderer else { return }
    GraphicsContextStack.pop()
}
