import Foundation

/// An animatable layer property's value, for interpolation: what `fromValue`,
/// `toValue`, `byValue` and keyframe values become (numbers of any Swift type or
/// `NSNumber`, points, sizes, rectangles, colors, transforms).
enum LayerValue {
    case number(Double)
    case point(CGPoint)
    case size(CGSize)
    case rect(CGRect)
    case color(Color?)
    case transform(Transform3D)
    /// Anything else (paths, booleans, images): it changes at the end, not gradually.
    case other(Any?)

    init?(_ value: Any?) {
        switch value {
        case nil: self = .other(nil)
        case let v as Double: self = .number(v)
        case let v as CGFloat: self = .number(Double(v))
        case let v as Float: self = .number(Double(v))
        case let v as Int: self = .number(Double(v))
        case let v as Bool: self = .other(v)
        case let v as NSNumber: self = .number(v.doubleValue)
        case let v as CGPoint: self = .point(v)
        case let v as CGSize: self = .size(v)
        case let v as CGRect: self = .rect(v)
        case let v as Color: self = .color(v)
        case let v as Transform3D: self = .transform(v)
        case let v as CGAffineTransform: self = .transform(Transform3D(v))
        case let v as LayerValue: self = v
        case let v?: self = .other(v)
        }
    }

    /// The value as a Swift value.
    var anyValue: Any? {
        switch self {
        case .number(let n): CGFloat(n)
        case .point(let p): p
        case .size(let s): s
        case .rect(let r): r
        case .color(let c): c
        case .transform(let t): t
        case .other(let o): o
        }
    }

    var number: Double? {
        if case .number(let n) = self { return n }
        return nil
    }

    /// `self` at `t` = 0 to `end` at `t` = 1; other values switch at the end.
    func interpolated(to end: LayerValue, _ t: Double) -> LayerValue {
        func mix(_ a: CGFloat, _ b: CGFloat) -> CGFloat { a + (b - a) * t }
        switch (self, end) {
        case (.number(let a), .number(let b)): return .number(a + (b - a) * t)
        case (.point(let a), .point(let b)): return .point(CGPoint(x: mix(a.x, b.x), y: mix(a.y, b.y)))
        case (.size(let a), .size(let b)): return .size(CGSize(width: mix(a.width, b.width), height: mix(a.height, b.height)))
        case (.rect(let a), .rect(let b)):
            return .rect(CGRect(x: mix(a.origin.x, b.origin.x), y: mix(a.origin.y, b.origin.y),
                                width: mix(a.width, b.width), height: mix(a.height, b.height)))
        case (.color(let a), .color(let b)):
            // A missing color fades as its transparent neighbour.
            let from = a ?? b.map { Color(red: $0.red, green: $0.green, blue: $0.blue, alpha: 0) }
            let to = b ?? a.map { Color(red: $0.red, green: $0.green, blue: $0.blue, alpha: 0) }
            guard let from, let to else { return .color(nil) }
            if t >= 1 { return .color(b) }
            return .color(Color(red: mix(from.red, to.red), green: mix(from.green, to.green), blue: mix(from.blue, to.blue),
                                alpha: mix(from.alpha, to.alpha)))
        case (.transform(let a), .transform(let b)): return .transform(a.interpolated(to: b, t))
        default: return t < 1 ? self : end
        }
    }

    /// `self + other`, for `byValue` and additive animations; nil where there is no sum.
    func adding(_ other: LayerValue) -> LayerValue? {
        switch (self, other) {
        case (.number(let a), .number(let b)): return .number(a + b)
        case (.point(let a), .point(let b)): return .point(CGPoint(x: a.x + b.x, y: a.y + b.y))
        case (.size(let a), .size(let b)): return .size(CGSize(width: a.width + b.width, height: a.height + b.height))
        case (.rect(let a), .rect(let b)):
            return .rect(CGRect(x: a.minX + b.minX, y: a.minY + b.minY, width: a.width + b.width, height: a.height + b.height))
        case (.color(let a?), .color(let b?)):
            return .color(Color(red: a.red + b.red, green: a.green + b.green, blue: a.blue + b.blue, alpha: a.alpha + b.alpha))
        case (.transform(let a), .transform(let b)): return .transform(b.concatenating(a))
        default: return nil
        }
    }

    /// `self - other`, for a `byValue` with a `toValue`.
    func subtracting(_ other: LayerValue) -> LayerValue? {
        switch other {
        case .number(let b): return adding(.number(-b))
        case .point(let b): return adding(.point(CGPoint(x: -b.x, y: -b.y)))
        case .size(let b): return adding(.size(CGSize(width: -b.width, height: -b.height)))
        case .rect(let b): return adding(.rect(CGRect(x: -b.minX, y: -b.minY, width: -b.width, height: -b.height)))
        case .transform(let b): return adding(.transform(b.inverted()))
        default: return nil
        }
    }

    /// A component of a structured value: `x`, `y`, `size`, `size.width`, `origin.x`,
    /// `scale`, `scale.x`, `rotation`, `rotation.z`, `translation.x`, ...
    func component(_ path: String) -> LayerValue? {
        switch (self, path) {
        case (.point(let p), "x"): return .number(p.x)
        case (.point(let p), "y"): return .number(p.y)
        case (.size(let s), "width"): return .number(s.width)
        case (.size(let s), "height"): return .number(s.height)
        case (.rect(let r), "origin"): return .point(r.origin)
        case (.rect(let r), "size"): return .size(r.size)
        case (.rect(let r), "origin.x"): return .number(r.origin.x)
        case (.rect(let r), "origin.y"): return .number(r.origin.y)
        case (.rect(let r), "size.width"): return .number(r.width)
        case (.rect(let r), "size.height"): return .number(r.height)
        case (.transform(let t), _):
            let parts = t.planeParts
            switch path {
            case "scale", "scale.x": return .number(parts.sx)
            case "scale.y": return .number(parts.sy)
            case "scale.z": return .number(t.m33)
            case "rotation", "rotation.z": return .number(parts.angle)
            case "rotation.x", "rotation.y": return .number(0)
            case "translation": return .size(CGSize(width: parts.tx, height: parts.ty))
            case "translation.x": return .number(parts.tx)
            case "translation.y": return .number(parts.ty)
            case "translation.z": return .number(t.m43)
            default: return nil
            }
        default: return nil
        }
    }

    /// The structured value with one component replaced.
    func settingComponent(_ path: String, to value: LayerValue) -> LayerValue? {
        switch (self, path, value) {
        case (.point(var p), "x", .number(let n)): p.x = n; return .point(p)
        case (.point(var p), "y", .number(let n)): p.y = n; return .point(p)
        case (.size(var s), "width", .number(let n)): s.width = n; return .size(s)
        case (.size(var s), "height", .number(let n)): s.height = n; return .size(s)
        case (.rect(var r), "origin", .point(let p)): r.origin = p; return .rect(r)
        case (.rect(var r), "size", .size(let s)): r.size = s; return .rect(r)
        case (.rect(var r), "origin.x", .number(let n)): r.origin.x = n; return .rect(r)
        case (.rect(var r), "origin.y", .number(let n)): r.origin.y = n; return .rect(r)
        case (.rect(var r), "size.width", .number(let n)): r.size.width = n; return .rect(r)
        case (.rect(var r), "size.height", .number(let n)): r.size.height = n; return .rect(r)
        case (.transform(let t), _, _):
            guard t.isAffine else {
                if path == "translation.z", case .number(let n) = value { var u = t; u.m43 = n; return .transform(u) }
                return nil
            }
            var p = t.planeParts
            switch (path, value) {
            case ("scale", .number(let n)): (p.sx, p.sy) = (n, n)
            case ("scale.x", .number(let n)): p.sx = n
            case ("scale.y", .number(let n)): p.sy = n
            case ("rotation", .number(let n)), ("rotation.z", .number(let n)): p.angle = n
            case ("translation", .size(let s)): (p.tx, p.ty) = (s.width, s.height)
            case ("translation.x", .number(let n)): p.tx = n
            case ("translation.y", .number(let n)): p.ty = n
            default: return nil
            }
            return .transform(.plane(sx: p.sx, sy: p.sy, angle: p.angle, tx: p.tx, ty: p.ty))
        default: return nil
        }
    }
}
