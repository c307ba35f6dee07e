#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

/// The stack of current graphics contexts, one per thread, as UIKit keeps it: the top
/// context is where `UIGraphicsGetCurrentContext()`, `BezierPath.fill()` and
/// `Color.setFill()` draw.
///
/// Each thread has its own stack (a pthread key), so two apps drawing on two threads
/// never see each other's contexts. Nothing here is shared mutable state: the key is a
/// constant created once, and each stack lives in its thread's slot until the thread ends.
public enum GraphicsContextStack {
    /// One thread's stack.
    private final class Storage {
        var contexts: [CGContext] = []
        /// A view's drawing pass that has not asked for its context yet: the bounds the
        /// context gets, made on first use (most views draw nothing).
        var pendingBounds: CGRect?
        /// The stack's depth when that pass began.
        var passDepth = 0
    }

    /// Created once; the key is immutable, the slots it names are per thread.
    private static let key: pthread_key_t = {
        var key = pthread_key_t()
        pthread_key_create(&key) { pointer in
            if let pointer { Unmanaged<AnyObject>.fromOpaque(pointer).release() }
        }
        return key
    }()

    /// This thread's stack, created on first use.
    private static var storage: Storage {
        if let raw = pthread_getspecific(key) {
            return Unmanaged<Storage>.fromOpaque(raw).takeUnretainedValue()
        }
        let storage = Storage()
        pthread_setspecific(key, Unmanaged.passRetained(storage).toOpaque())
        return storage
    }

    /// The context on top of this thread's stack, if any.
    public static var current: CGContext? {
        guard let raw = pthread_getspecific(key) else { return nil }
        let storage = Unmanaged<Storage>.fromOpaque(raw).takeUnretainedValue()
        if let bounds = storage.pendingBounds {
            storage.pendingBounds = nil
            storage.contexts.append(CGContext(bounds: bounds))
        }
        return storage.contexts.last
    }

    /// Starts a view's drawing pass: the context for `bounds` is made only when the view's
    /// `draw(_:)` asks for it (through ``current``).
    static func beginViewDrawing(bounds: CGRect) {
        let storage = storage
        storage.passDepth = storage.contexts.count
        storage.pendingBounds = bounds
    }

    /// Ends the pass begun by ``beginViewDrawing(bounds:)``: what the view drew, or nil
    /// if it drew nothing; any context it left pushed is popped.
    static func endViewDrawing() -> [DrawCommand]? {
        let storage = storage
        storage.pendingBounds = nil
        guard storage.contexts.count > storage.passDepth else { return nil }
        let commands = storage.contexts[storage.passDepth].commands
        storage.contexts.removeSubrange(storage.passDepth...)
        return commands.isEmpty ? nil : commands
    }

    /// How many contexts this thread's stack holds.
    public static var depth: Int {
        guard let raw = pthread_getspecific(key) else { return 0 }
        return Unmanaged<Storage>.fromOpaque(raw).takeUnretainedValue().contexts.count
    }

    /// Makes `context` the current one on this thread. In a view's drawing pass whose
    /// context is not made yet, that context is made first, below `context`.
    public static func push(_ context: CGContext) {
        let storage = storage
        if let bounds = storage.pendingBounds {
            storage.pendingBounds = nil
            storage.contexts.append(CGContext(bounds: bounds))
        }
        storage.contexts.append(context)
    }

    /// Removes this thread's current context, making the one below current; does
    /// nothing on an empty stack.
    @discardableResult
    public static func pop() -> CGContext? {
        guard pthread_getspecific(key) != nil else { return nil }
        return storage.contexts.popLast()
    }
}

/// Runs `body` with a new recording context for `rect` as the current context (as
/// UIKit does around `draw(_:)`) and returns what it drew. The context is popped even
/// when `body` throws.
public func recordDrawing(in rect: CGRect, _ body: () throws -> Void) rethrows -> [DrawCommand] {
    let context = CGContext(bounds: rect)
    GraphicsContextStack.push(context)
    defer { GraphicsContextStack.pop() }
    try body()
    return context.commands
}

/// The current graphics context of this thread, as UIKit's function; nil outside a
/// drawing pass.
public func UIGraphicsGetCurrentContext() -> CGContext? {
    GraphicsContextStack.current
}

/// Makes `context` the current graphics context of this thread, as UIKit's function.
public func UIGraphicsPushContext(_ context: CGContext) {
    GraphicsContextStack.push(context)
}

/// Restores this thread's previous graphics context, as UIKit's function.
public func UIGraphicsPopContext() {
    GraphicsContextStack.pop()
}

/// Fills `rect` with the current fill color, as UIKit's function; does nothing
/// without a current context.
public func UIRectFill(_ rect: CGRect) {
    GraphicsContextStack.current?.fill(rect)
}

/// Fills a frame 1 point wide just inside `rect` with the current fill color, as
/// UIKit's function (which fills, like AppKit's `NSFrameRect`); does nothing without a
/// current context.
public func UIRectFrame(_ rect: CGRect) {
    guard let context = GraphicsContextStack.current else { return }
    let r = rect.standardized
    guard r.width > 2, r.height > 2 else {
        context.fill(r)
        return
    }
    context.fill([
        CGRect(x: r.minX, y: r.minY, width: r.width, height: 1),
        CGRect(x: r.minX, y: r.maxY - 1, width: r.width, height: 1),
        CGRect(x: r.minX, y: r.minY + 1, width: 1, height: r.height - 2),
        CGRect(x: r.maxX - 1, y: r.minY + 1, width: 1, height: r.height - 2),
    ])
}

/// Intersects the current context's clip with `rect`, as UIKit's function.
public func UIRectClip(_ rect: CGRect) {
    GraphicsContextStack.current?.clip(to: rect)
}

extension Color {
    /// Makes this the fill color of the current graphics context, as `UIColor.setFill()`.
    public func setFill() {
        GraphicsContextStack.current?.setFillColor(self)
    }

    /// Makes this the stroke color of the current graphics context, as `UIColor.setStroke()`.
    public func setStroke() {
        GraphicsContextStack.current?.setStrokeColor(self)
    }

    /// Makes this both the fill and the stroke color of the current graphics context,
    /// as `UIColor.set()`.
    public func set() {
        guard let context = GraphicsContextStack.current else { return }
        context.setFillColor(self)
        context.setStrokeColor(self)
    }
}
