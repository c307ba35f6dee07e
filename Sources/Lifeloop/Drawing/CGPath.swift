import Foundation

/// An immutable graphics path, as CoreGraphics' `CGPath`: path-construction commands
/// to add to a context (`CGContext.addPath(_:)`), hold in a `BezierPath`, or give a
/// shape layer.
///
/// Every subpath starts with an explicit move, even one that starts with an arc, so a
/// path's elements mean the same wherever they are appended.
public class CGPath {
    /// The elements, kept in order; lines and curves without a current point are left
    /// out, as CoreGraphics ignores them.
    var storage: [DrawCommand] = []
    /// The current point and subpath start after `storage`.
    var cursor = PathCursor()

    init(elements: [DrawCommand]) {
        append(elements)
    }

    /// A closed rectangle path, transformed by `transform` when given.
    public convenience init(rect: CGRect, transform: UnsafePointer<CGAffineTransform>? = nil) {
        self.init(elements: PathGeometry.transformed([.rect(rect)], by: transform?.pointee ?? .identity, hasCurrentPoint: false))
    }

    /// A closed ellipse path fitting `rect`, transformed by `transform` when given.
    public convenience init(ellipseIn rect: CGRect, transform: UnsafePointer<CGAffineTransform>? = nil) {
        self.init(elements: PathGeometry.transformed([.ellipse(in: rect)], by: transform?.pointee ?? .identity,
                                                     hasCurrentPoint: false))
    }

    /// A closed rounded-rectangle path with elliptical corners, transformed by
    /// `transform` when given.
    public convenience init(roundedRect rect: CGRect, cornerWidth: CGFloat, cornerHeight: CGFloat,
                            transform: UnsafePointer<CGAffineTransform>? = nil) {
        self.init(elements: PathGeometry.transformed([.roundedRect(rect, cornerWidth: cornerWidth, cornerHeight: cornerHeight)],
                                                     by: transform?.pointee ?? .identity, hasCurrentPoint: false))
    }

    /// The path's elements in order: path-construction ``DrawCommand`` cases only.
    public var elements: [DrawCommand] {
        storage
    }

    /// Whether the path has no elements at all (a lone move makes it non-empty).
    public var isEmpty: Bool {
        storage.isEmpty
    }

    /// The smallest rectangle holding every point of the path, curves' control points
    /// included; `CGRect.null` for an empty path.
    public var boundingBox: CGRect {
        PathGeometry.boundingBox(of: storage)
    }

    /// The point where the next line would start; `.zero` when there is none.
    public var currentPoint: CGPoint {
        cursor.current ?? .zero
    }

    /// An immutable copy.
    public func copy() -> CGPath? {
        CGPath(elements: storage)
    }

    /// An immutable copy with every point mapped by `transform` (a plain copy when nil).
    public func copy(using transform: UnsafePointer<CGAffineTransform>?) -> CGPath? {
        CGPath(elements: PathGeometry.transformed(storage, by: transform?.pointee ?? .identity, hasCurrentPoint: false))
    }

    /// A mutable copy.
    public func mutableCopy() -> CGMutablePath? {
        let copy = CGMutablePath()
        copy.append(storage)
        return copy
    }

    /// Appends path-construction elements, inserting the move that starts a subpath at an
    /// arc and dropping what CoreGraphics ignores (lines, curves and closes with nothing
    /// to continue, `beginPath`, non-path commands).
    func append(_ elements: [DrawCommand]) {
        for element in elements where element.isPathConstruction && element != .beginPath {
            if case let .arc(center, radius, startAngle, _, _) = element, cursor.current == nil {
                let start = PathGeometry.point(center: center, radiusX: radius, radiusY: radius, angle: startAngle)
                _ = cursor.advance(.moveTo(start))
                storage.append(.moveTo(start))
            }
            if cursor.advance(element) { storage.append(element) }
        }
    }

    /// Appends elements mapped by `transform`.
    func append(_ elements: [DrawCommand], transform: CGAffineTransform) {
        append(PathGeometry.transformed(elements, by: transform, hasCurrentPoint: cursor.current != nil))
    }
}

extension CGPath: Equatable {
    /// Whether two paths have the same elements.
    public static func == (lhs: CGPath, rhs: CGPath) -> Bool {
        lhs.storage == rhs.storage
    }
}

/// A graphics path being built, as CoreGraphics' `CGMutablePath`.
///
/// Each method takes an optional transform that maps the added points first.
/// `addArc`'s `clockwise` has CoreGraphics' sense: in UIKit's y-down space `true`
/// draws counterclockwise on screen (decreasing angles), the opposite of `BezierPath`'s.
public final class CGMutablePath: CGPath {
    /// An empty path.
    public init() {
        super.init(elements: [])
    }

    /// Starts a new subpath at `point`.
    public func move(to point: CGPoint, transform: CGAffineTransform = .identity) {
        append([.moveTo(point)], transform: transform)
    }

    /// Adds a straight line from the current point to `point` (ignored without one).
    public func addLine(to point: CGPoint, transform: CGAffineTransform = .identity) {
        append([.lineTo(point)], transform: transform)
    }

    /// Starts a subpath at the first point and adds lines through the others.
    public func addLines(between points: [CGPoint], transform: CGAffineTransform = .identity) {
        guard let first = points.first else { return }
        append([.moveTo(first)] + points.dropFirst().map { .lineTo($0) }, transform: transform)
    }

    /// Adds a closed rectangle subpath.
    public func addRect(_ rect: CGRect, transform: CGAffineTransform = .identity) {
        append([.rect(rect)], transform: transform)
    }

    /// Adds a closed subpath for each rectangle.
    public func addRects(_ rects: [CGRect], transform: CGAffineTransform = .identity) {
        append(rects.map { .rect($0) }, transform: transform)
    }

    /// Adds a closed ellipse subpath fitting `rect`.
    public func addEllipse(in rect: CGRect, transform: CGAffineTransform = .identity) {
        append([.ellipse(in: rect)], transform: transform)
    }

    /// Adds a closed rounded-rectangle subpath.
    public func addRoundedRect(in rect: CGRect, cornerWidth: CGFloat, cornerHeight: CGFloat,
                               transform: CGAffineTransform = .identity) {
        append([.roundedRect(rect, cornerWidth: cornerWidth, cornerHeight: cornerHeight)], transform: transform)
    }

    /// Adds an arc of a circle, after a line from the current point to its start if there
    /// is one. `clockwise` in CoreGraphics' sense (see the type's discussion).
    public func addArc(center: CGPoint, radius: CGFloat, startAngle: CGFloat, endAngle: CGFloat, clockwise: Bool,
                       transform: CGAffineTransform = .identity) {
        append([.arc(center: center, radius: radius, startAngle: startAngle, endAngle: endAngle, clockwise: !clockwise)],
               transform: transform)
    }

    /// Adds an arc of a circle sweeping `delta` radians from `startAngle` (positive:
    /// increasing angles, clockwise on screen in a y-down space).
    public func addRelativeArc(center: CGPoint, radius: CGFloat, startAngle: CGFloat, delta: CGFloat,
                               transform: CGAffineTransform = .identity) {
        append([.arc(center: center, radius: radius, startAngle: startAngle, endAngle: startAngle + delta,
                     clockwise: delta >= 0)], transform: transform)
    }

    /// Adds a cubic Bézier curve from the current point.
    public func addCurve(to end: CGPoint, control1: CGPoint, control2: CGPoint,
                         transform: CGAffineTransform = .identity) {
        append([.curveTo(end, control1: control1, control2: control2)], transform: transform)
    }

    /// Adds a quadratic Bézier curve from the current point.
    public func addQuadCurve(to end: CGPoint, control: CGPoint, transform: CGAffineTransform = .identity) {
        append([.quadCurveTo(end, control: control)], transform: transform)
    }

    /// Appends another path's elements.
    public func addPath(_ path: CGPath, transform: CGAffineTransform = .identity) {
        append(path.storage, transform: transform)
    }

    /// Closes the current subpath with a line back to its start.
    public func closeSubpath() {
        append([.closePath])
    }
}
