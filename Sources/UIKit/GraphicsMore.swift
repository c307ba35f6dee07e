// More CoreGraphics and QuartzCore names: transitions, contents filters, PDF renderers,
// Core Foundation's data and URL types, and the Swift 3 spellings of geometry functions.

/// Core Animation's `CATransition`: Lifeloop's `LayerTransition`.
public typealias CATransition = LayerTransition
/// Core Animation's `CATransitionType`: Lifeloop's `LayerTransition.TransitionType`.
public typealias CATransitionType = LayerTransition.TransitionType
/// Core Animation's `CATransitionSubtype`: Lifeloop's `LayerTransition.TransitionSubtype`.
public typealias CATransitionSubtype = LayerTransition.TransitionSubtype
/// Core Animation's `CALayerContentsFilter`: Lifeloop's `ContentsFilter`.
public typealias CALayerContentsFilter = ContentsFilter
/// UIKit's `UIGraphicsPDFRenderer`: Lifeloop's `GraphicsPDFRenderer`.
public typealias UIGraphicsPDFRenderer = GraphicsPDFRenderer
/// UIKit's `UIGraphicsPDFRendererFormat`: Lifeloop's `GraphicsPDFRendererFormat`.
public typealias UIGraphicsPDFRendererFormat = GraphicsPDFRendererFormat
/// UIKit's `UIGraphicsPDFRendererContext`: Lifeloop's `GraphicsPDFRendererContext`.
public typealias UIGraphicsPDFRendererContext = GraphicsPDFRendererContext
/// Core Foundation's `CFData`: Foundation's `Data` here (`data as CFData` keeps the bytes).
public typealias CFData = Data
/// Core Foundation's `CFURL`: Foundation's `URL` here (`url as CFURL` keeps the URL).
public typealias CFURL = URL

/// The key Core Animation adds a transition under (`"transition"`).
public let kCATransition = "transition"

/// The zero rectangle: Swift 3's `CGRectZero` (`CGRect.zero`).
public let CGRectZero = CGRect.zero
/// The origin: Swift 3's `CGPointZero` (`CGPoint.zero`).
public let CGPointZero = CGPoint.zero
/// The zero size: Swift 3's `CGSizeZero` (`CGSize.zero`).
public let CGSizeZero = CGSize.zero
/// The identity transform: Swift 3's `CGAffineTransformIdentity` (`CGAffineTransform.identity`).
public let CGAffineTransformIdentity = CGAffineTransform.identity
/// No insets: Swift 3's `UIEdgeInsetsZero` (`UIEdgeInsets.zero`).
public let UIEdgeInsetsZero = EdgeInsets.zero

/// Insets from `top`, `left`, `bottom` and `right`: Swift 3's `UIEdgeInsetsMake`.
public func UIEdgeInsetsMake(_ top: CGFloat, _ left: CGFloat, _ bottom: CGFloat, _ right: CGFloat) -> UIEdgeInsets {
    EdgeInsets(top: top, left: left, bottom: bottom, right: right)
}

/// `rect` with `insets` taken off its edges: Swift 3's `UIEdgeInsetsInsetRect`.
public func UIEdgeInsetsInsetRect(_ rect: CGRect, _ insets: UIEdgeInsets) -> CGRect {
    rect.inset(by: insets)
}

/// Whether `rect` contains `point`: Swift 3's `CGRectContainsPoint`.
public func CGRectContainsPoint(_ rect: CGRect, _ point: CGPoint) -> Bool { rect.contains(point) }
/// `rect` shrunk by `dx` on the left and right and `dy` at the top and bottom: Swift 3's `CGRectInset`.
public func CGRectInset(_ rect: CGRect, _ dx: CGFloat, _ dy: CGFloat) -> CGRect { rect.insetBy(dx: dx, dy: dy) }
/// The x of `rect`'s center: Swift 3's `CGRectGetMidX`.
public func CGRectGetMidX(_ rect: CGRect) -> CGFloat { rect.midX }
/// The y of `rect`'s center: Swift 3's `CGRectGetMidY`.
public func CGRectGetMidY(_ rect: CGRect) -> CGFloat { rect.midY }
/// The largest x of `rect`: Swift 3's `CGRectGetMaxX`.
public func CGRectGetMaxX(_ rect: CGRect) -> CGFloat { rect.maxX }
/// The largest y of `rect`: Swift 3's `CGRectGetMaxY`.
public func CGRectGetMaxY(_ rect: CGRect) -> CGFloat { rect.maxY }
/// The smallest x of `rect`: Swift 3's `CGRectGetMinX`.
public func CGRectGetMinX(_ rect: CGRect) -> CGFloat { rect.minX }
/// The smallest y of `rect`: Swift 3's `CGRectGetMinY`.
public func CGRectGetMinY(_ rect: CGRect) -> CGFloat { rect.minY }
/// The width of `rect`: Swift 3's `CGRectGetWidth`.
public func CGRectGetWidth(_ rect: CGRect) -> CGFloat { rect.width }
/// The height of `rect`: Swift 3's `CGRectGetHeight`.
public func CGRectGetHeight(_ rect: CGRect) -> CGFloat { rect.height }
