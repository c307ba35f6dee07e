import Foundation

/// A two-dimensional vector, as CoreGraphics' `CGVector`.
public struct CGVector: Hashable, Sendable, Codable {
    /// The x component.
    public var dx: CGFloat
    /// The y component.
    public var dy: CGFloat

    /// The vector (0, 0).
    public init() {
        dx = 0
        dy = 0
    }

    /// The vector (`dx`, `dy`).
    public init(dx: CGFloat, dy: CGFloat) {
        self.dx = dx
        self.dy = dy
    }

    /// The vector (`dx`, `dy`) from `Double`s.
    public init(dx: Double, dy: Double) {
        self.init(dx: CGFloat(dx), dy: CGFloat(dy))
    }

    /// The vector (`dx`, `dy`) from integers.
    public init(dx: Int, dy: Int) {
        self.init(dx: CGFloat(dx), dy: CGFloat(dy))
    }

    /// The vector (0, 0).
    public static let zero = CGVector(dx: CGFloat(0), dy: CGFloat(0))
}

/// The kind of a path element, as CoreGraphics' `CGPathElementType`.
public enum CGPathElementType: Int32, Hashable, Sendable {
    /// Starts a subpath at `points[0]`.
    case moveToPoint = 0
    /// A line to `points[0]`.
    case addLineToPoint = 1
    /// A quadratic curve to `points[1]`, with control point `points[0]`.
    case addQuadCurveToPoint = 2
    /// A cubic curve to `points[2]`, with control points `points[0]` and `points[1]`.
    case addCurveToPoint = 3
    /// Closes the subpath.
    case closeSubpath = 4
}

/// One element of a path, as CoreGraphics' `CGPathElement`: its kind and its points,
/// valid only while the block that gets it runs.
public struct CGPathElement {
    /// The kind of element.
    public var type: CGPathElementType
    /// The element's points (one, two or three; none for a close).
    public var points: UnsafeMutablePointer<CGPoint>

    /// An element of `type` with `points`.
    public init(type: CGPathElementType, points: UnsafeMutablePointer<CGPoint>) {
        self.type = type
        self.points = points
    }
}

extension CGPath {
    /// Calls `block` with each element of the path in order, as CoreGraphics'
    /// `applyWithBlock(_:)`: rectangles, ellipses, rounded rectangles and arcs come as the
    /// moves, lines, cubic curves and closes that draw them.
    public func applyWithBlock(_ block: (UnsafePointer<CGPathElement>) -> Void) {
        let points = UnsafeMutablePointer<CGPoint>.allocate(capacity: 3)
        points.initialize(repeating: .zero, count: 3)
        defer { points.deallocate() }
        var hasCurrentPoint = false
        for element in storage {
            for part in PathGeometry.lowered(element, hasCurrentPoint: hasCurrentPoint) {
                var element = CGPathElement(type: .closeSubpath, points: points)
                switch part {
                case .moveTo(let p):
                    element.type = .moveToPoint
                    points[0] = p
                case .lineTo(let p):
                    element.type = .addLineToPoint
                    points[0] = p
                case let .quadCurveTo(p, control):
                    element.type = .addQuadCurveToPoint
                    points[0] = control
                    points[1] = p
                case let .curveTo(p, control1, control2):
                    element.type = .addCurveToPoint
                    points[0] = control1
                    points[1] = control2
                    points[2] = p
                case .closePath:
                    element.type = .closeSubpath
                default:
                    continue
                }
                hasCurrentPoint = true
                withUnsafePointer(to: &element) { block($0) }
            }
        }
    }
}

/// A PDF document, as CoreGraphics' `CGPDFDocument`.
///
/// On Linux no PDF is read: a document opens when its bytes can be read, and has no
/// pages (``numberOfPages`` is 0, ``page(at:)`` is nil).
public final class CGPDFDocument {
    /// The bytes it was opened with.
    let data: Data

    /// The document at `url`; nil when the file cannot be read (its pages are not read).
    public init?(_ url: URL) {
        guard let read = try? Data(contentsOf: url) else { return nil }
        data = read
    }

    /// The document in `provider`'s bytes; nil when it has none (its pages are not read).
    public init?(_ provider: CGDataProvider) {
        guard let read = provider.data else { return nil }
        data = read
    }

    /// The number of pages: always 0 on Linux, where no PDF is read.
    public var numberOfPages: Int { 0 }

    /// The page at `pageNumber` (from 1): always nil on Linux, where no PDF is read.
    public func page(at pageNumber: Int) -> CGPDFPage? { nil }
}

/// A page of a PDF document, as CoreGraphics' `CGPDFPage` (Linux reads no PDF, so there
/// are none).
public final class CGPDFPage {
    private init() {}

    /// The page's number in its document.
    public var pageNumber: Int { 0 }
}
