import Foundation

/// A 4×4 transform of a layer: Core Animation's `CATransform3D`, in its row-vector
/// convention (a point is a row vector multiplied on the left, so `a.concatenating(b)`
/// applies `a` first, then `b`).
///
/// Snapshots draw the affine part (`m11`, `m12`, `m21`, `m22`, `m41`, `m42`): a rotation
/// about x or y, or a perspective (`m34`), is kept and animated but drawn flat.
public struct Transform3D: Hashable, Sendable {
    /// The matrix's first row (`m11`, `m12` are the affine transform's `a`, `b`).
    public var m11: CGFloat, m12: CGFloat, m13: CGFloat, m14: CGFloat
    /// The matrix's second row (`m21`, `m22` are the affine transform's `c`, `d`).
    public var m21: CGFloat, m22: CGFloat, m23: CGFloat, m24: CGFloat
    /// The matrix's third row (z; `m34` is the perspective term).
    public var m31: CGFloat, m32: CGFloat, m33: CGFloat, m34: CGFloat
    /// The matrix's fourth row (`m41`, `m42`, `m43`: the translation; `m41`, `m42` are the affine `tx`, `ty`).
    public var m41: CGFloat, m42: CGFloat, m43: CGFloat, m44: CGFloat

    /// A transform from its sixteen entries, row by row.
    public init(m11: CGFloat, m12: CGFloat, m13: CGFloat, m14: CGFloat,
                m21: CGFloat, m22: CGFloat, m23: CGFloat, m24: CGFloat,
                m31: CGFloat, m32: CGFloat, m33: CGFloat, m34: CGFloat,
                m41: CGFloat, m42: CGFloat, m43: CGFloat, m44: CGFloat) {
        (self.m11, self.m12, self.m13, self.m14) = (m11, m12, m13, m14)
        (self.m21, self.m22, self.m23, self.m24) = (m21, m22, m23, m24)
        (self.m31, self.m32, self.m33, self.m34) = (m31, m32, m33, m34)
        (self.m41, self.m42, self.m43, self.m44) = (m41, m42, m43, m44)
    }

    /// The identity.
    public init() {
        self = .identity
    }

    /// The identity: Core Animation's `CATransform3DIdentity`.
    public static let identity = Transform3D(m11: 1, m12: 0, m13: 0, m14: 0, m21: 0, m22: 1, m23: 0, m24: 0,
                                             m31: 0, m32: 0, m33: 1, m34: 0, m41: 0, m42: 0, m43: 0, m44: 1)

    /// The 3D form of an affine transform.
    public init(_ t: CGAffineTransform) {
        self = .identity
        (m11, m12, m21, m22, m41, m42) = (t.a, t.b, t.c, t.d, t.tx, t.ty)
    }

    /// A translation.
    public init(translationX tx: CGFloat, y ty: CGFloat, z tz: CGFloat) {
        self = .identity
        (m41, m42, m43) = (tx, ty, tz)
    }

    /// A scale.
    public init(scaleX sx: CGFloat, y sy: CGFloat, z sz: CGFloat) {
        self = .identity
        (m11, m22, m33) = (sx, sy, sz)
    }

    /// A rotation by `angle` radians about the axis (x, y, z); the identity for a zero axis.
    public init(rotationAngle angle: CGFloat, x: CGFloat, y: CGFloat, z: CGFloat) {
        let length = (x * x + y * y + z * z).squareRoot()
        guard length > 0, length.isFinite else {
            self = .identity
            return
        }
        let (x, y, z) = (x / length, y / length, z / length)
        let c = cos(angle), s = sin(angle), t = 1 - c
        self = .identity
        m11 = t * x * x + c; m12 = t * x * y + z * s; m13 = t * x * z - y * s
        m21 = t * x * y - z * s; m22 = t * y * y + c; m23 = t * y * z + x * s
        m31 = t * x * z + y * s; m32 = t * y * z - x * s; m33 = t * z * z + c
    }

    /// Whether it is the identity.
    public var isIdentity: Bool { self == .identity }

    /// Whether it is an affine transform in the plane.
    public var isAffine: Bool {
        m13 == 0 && m14 == 0 && m23 == 0 && m24 == 0 && m31 == 0 && m32 == 0 && m33 == 1 && m34 == 0 && m43 == 0 && m44 == 1
    }

    /// The affine part: what snapshots draw.
    public var affine: CGAffineTransform {
        CGAffineTransform(a: m11, b: m12, c: m21, d: m22, tx: m41, ty: m42)
    }

    /// `self` then `other`: Core Animation's `CATransform3DConcat(self, other)`.
    public func concatenating(_ other: Transform3D) -> Transform3D {
        let a = rows, b = other.rows
        var out = [[CGFloat]](repeating: [0, 0, 0, 0], count: 4)
        for i in 0..<4 {
            for j in 0..<4 {
                out[i][j] = a[i][0] * b[0][j] + a[i][1] * b[1][j] + a[i][2] * b[2][j] + a[i][3] * b[3][j]
            }
        }
        return Transform3D(rows: out)
    }

    /// The transform with a translation applied first.
    public func translatedBy(x: CGFloat, y: CGFloat, z: CGFloat) -> Transform3D {
        Transform3D(translationX: x, y: y, z: z).concatenating(self)
    }

    /// The transform with a scale applied first.
    public func scaledBy(x: CGFloat, y: CGFloat, z: CGFloat) -> Transform3D {
        Transform3D(scaleX: x, y: y, z: z).concatenating(self)
    }

    /// The transform with a rotation applied first.
    public func rotated(by angle: CGFloat, x: CGFloat, y: CGFloat, z: CGFloat) -> Transform3D {
        Transform3D(rotationAngle: angle, x: x, y: y, z: z).concatenating(self)
    }

    /// The inverse, or the transform itself when it has none (as Core Animation's
    /// `CATransform3DInvert`).
    public func inverted() -> Transform3D {
        var m = rows
        var inverse = Transform3D.identity.rows
        for column in 0..<4 {
            guard let pivot = (column..<4).max(by: { abs(m[$0][column]) < abs(m[$1][column]) }),
                  abs(m[pivot][column]) > 1e-12 else { return self }
            m.swapAt(column, pivot)
            inverse.swapAt(column, pivot)
            let scale = m[column][column]
            for j in 0..<4 { m[column][j] /= scale; inverse[column][j] /= scale }
            for i in 0..<4 where i != column {
                let factor = m[i][column]
                guard factor != 0 else { continue }
                for j in 0..<4 { m[i][j] -= factor * m[column][j]; inverse[i][j] -= factor * inverse[column][j] }
            }
        }
        return Transform3D(rows: inverse)
    }

    var rows: [[CGFloat]] {
        [[m11, m12, m13, m14], [m21, m22, m23, m24], [m31, m32, m33, m34], [m41, m42, m43, m44]]
    }

    init(rows r: [[CGFloat]]) {
        self.init(m11: r[0][0], m12: r[0][1], m13: r[0][2], m14: r[0][3], m21: r[1][0], m22: r[1][1], m23: r[1][2], m24: r[1][3],
                  m31: r[2][0], m32: r[2][1], m33: r[2][2], m34: r[2][3], m41: r[3][0], m42: r[3][1], m43: r[3][2], m44: r[3][3])
    }

    /// Entry-by-entry interpolation, as Core Animation does for matrices it cannot
    /// decompose; a rotation about z is interpolated by its angle (see ``interpolated(to:_:)``).
    func mixed(_ other: Transform3D, _ t: Double) -> Transform3D {
        let a = rows, b = other.rows
        return Transform3D(rows: (0..<4).map { i in (0..<4).map { j in a[i][j] + (b[i][j] - a[i][j]) * t } })
    }

    /// The plane parts: scale, rotation about z and translation of the affine part.
    var planeParts: (sx: CGFloat, sy: CGFloat, angle: CGFloat, tx: CGFloat, ty: CGFloat) {
        let sx = (m11 * m11 + m12 * m12).squareRoot()
        let determinant = m11 * m22 - m12 * m21
        let sy = (m21 * m21 + m22 * m22).squareRoot() * (determinant < 0 ? -1 : 1)
        return (sx, sy, atan2(m12, m11), m41, m42)
    }

    /// A plane transform from its parts: scale, then rotate, then translate.
    static func plane(sx: CGFloat, sy: CGFloat, angle: CGFloat, tx: CGFloat, ty: CGFloat) -> Transform3D {
        Transform3D(scaleX: sx, y: sy, z: 1).concatenating(Transform3D(rotationAngle: angle, x: 0, y: 0, z: 1))
            .concatenating(Transform3D(translationX: tx, y: ty, z: 0))
    }

    /// Interpolation between two transforms: affine ones by their scale, rotation and
    /// translation (so a quarter turn stays a rigid turn midway), others entry by entry.
    func interpolated(to other: Transform3D, _ t: Double) -> Transform3D {
        guard isAffine, other.isAffine else { return mixed(other, t) }
        let a = planeParts, b = other.planeParts
        func mix(_ x: CGFloat, _ y: CGFloat) -> CGFloat { x + (y - x) * t }
        return .plane(sx: mix(a.sx, b.sx), sy: mix(a.sy, b.sy), angle: mix(a.angle, b.angle), tx: mix(a.tx, b.tx), ty: mix(a.ty, b.ty))
    }
}
