import Foundation

/// A 2-D affine transformation matrix, as CoreGraphics' `CGAffineTransform` (which
/// Foundation on Linux lacks; its `AffineTransform` is a different type).
///
/// The matrix is
/// ```
/// | a  b  0 |
/// | c  d  0 |
/// | tx ty 1 |
/// ```
/// and points are row vectors: `(x, y)` maps to `(a·x + c·y + tx, b·x + d·y + ty)`.
/// `t1.concatenating(t2)` is `t1 × t2`: `t1` applied first, then `t2`.
public struct CGAffineTransform: Hashable, Sendable {
    /// The entry at row 1, column 1.
    public var a: CGFloat
    /// The entry at row 1, column 2.
    public var b: CGFloat
    /// The entry at row 2, column 1.
    public var c: CGFloat
    /// The entry at row 2, column 2.
    public var d: CGFloat
    /// The horizontal translation (row 3, column 1).
    public var tx: CGFloat
    /// The vertical translation (row 3, column 2).
    public var ty: CGFloat

    /// A transform with the given entries.
    public init(a: CGFloat, b: CGFloat, c: CGFloat, d: CGFloat, tx: CGFloat, ty: CGFloat) {
        self.a = a
        self.b = b
        self.c = c
        self.d = d
        self.tx = tx
        self.ty = ty
    }

    /// The all-zero matrix, as the imported C struct's `CGAffineTransform()` (not the
    /// identity: use ``identity`` for that).
    public init() {
        self.init(a: 0, b: 0, c: 0, d: 0, tx: 0, ty: 0)
    }

    /// The transform that changes nothing.
    public static let identity = CGAffineTransform(a: 1, b: 0, c: 0, d: 1, tx: 0, ty: 0)

    /// A translation by `tx` horizontally and `ty` vertically.
    public init(translationX tx: CGFloat, y ty: CGFloat) {
        self.init(a: 1, b: 0, c: 0, d: 1, tx: tx, ty: ty)
    }

    /// A scale by `sx` horizontally and `sy` vertically.
    public init(scaleX sx: CGFloat, y sy: CGFloat) {
        self.init(a: sx, b: 0, c: 0, d: sy, tx: 0, ty: 0)
    }

    /// A rotation by `angle` radians: from the positive x axis towards the positive y
    /// axis, so clockwise on screen in UIKit's y-down coordinates.
    public init(rotationAngle angle: CGFloat) {
        let cosine = cos(angle)
        let sine = sin(angle)
        self.init(a: cosine, b: sine, c: -sine, d: cosine, tx: 0, ty: 0)
    }

    /// Whether this is exactly the identity transform.
    public var isIdentity: Bool {
        self == .identity
    }

    /// This transform after `t2`: `self × t2`, so a point goes through `self` first.
    public func concatenating(_ t2: CGAffineTransform) -> CGAffineTransform {
        CGAffineTransform(
            a: a * t2.a + b * t2.c,
            b: a * t2.b + b * t2.d,
            c: c * t2.a + d * t2.c,
            d: c * t2.b + d * t2.d,
            tx: tx * t2.a + ty * t2.c + t2.tx,
            ty: tx * t2.b + ty * t2.d + t2.ty
        )
    }

    /// A translation applied before this transform (as `CGAffineTransformTranslate`).
    public func translatedBy(x tx: CGFloat, y ty: CGFloat) -> CGAffineTransform {
        CGAffineTransform(translationX: tx, y: ty).concatenating(self)
    }

    /// A scale applied before this transform (as `CGAffineTransformScale`).
    public func scaledBy(x sx: CGFloat, y sy: CGFloat) -> CGAffineTransform {
        CGAffineTransform(scaleX: sx, y: sy).concatenating(self)
    }

    /// A rotation by `angle` radians applied before this transform (as
    /// `CGAffineTransformRotate`).
    public func rotated(by angle: CGFloat) -> CGAffineTransform {
        CGAffineTransform(rotationAngle: angle).concatenating(self)
    }

    /// The inverse transform; this transform unchanged when it has none (a zero
    /// determinant), as CoreGraphics does.
    public func inverted() -> CGAffineTransform {
        let determinant = a * d - b * c
        guard determinant != 0, determinant.isFinite else { return self }
        return CGAffineTransform(
            a: d / determinant,
            b: -b / determinant,
            c: -c / determinant,
            d: a / determinant,
            tx: (c * ty - d * tx) / determinant,
            ty: (b * tx - a * ty) / determinant
        )
    }
}

extension CGPoint {
    /// The point mapped by `t`: `(a·x + c·y + tx, b·x + d·y + ty)`.
    public func applying(_ t: CGAffineTransform) -> CGPoint {
        CGPoint(x: t.a * x + t.c * y + t.tx, y: t.b * x + t.d * y + t.ty)
    }
}

extension CGSize {
    /// The size mapped by `t`'s linear part (no translation): `(a·w + c·h, b·w + d·h)`;
    /// components may come out negative.
    public func applying(_ t: CGAffineTransform) -> CGSize {
        CGSize(width: t.a * width + t.c * height, height: t.b * width + t.d * height)
    }
}

extension CGRect {
    /// The smallest rectangle holding this rectangle's four corners mapped by `t` (a
    /// bounding box: a rotated rectangle comes back larger). The null rectangle stays null.
    public func applying(_ t: CGAffineTransform) -> CGRect {
        if isNull { return self }
        let corners = [
            CGPoint(x: minX, y: minY), CGPoint(x: maxX, y: minY),
            CGPoint(x: maxX, y: maxY), CGPoint(x: minX, y: maxY),
        ].map { $0.applying(t) }
        let xs = corners.map(\.x)
        let ys = corners.map(\.y)
        let left = xs.min()!, right = xs.max()!, top = ys.min()!, bottom = ys.max()!
        return CGRect(x: left, y: top, width: right - left, height: bottom - top)
    }
}
