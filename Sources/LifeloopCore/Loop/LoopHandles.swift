@_implementationOnly import CLibUV

/// The retained box a libuv handle's `data` points to; released in the close callback.
///
/// `unowned(unsafe)`: a loop closes all its handles and runs until their close callbacks
/// have finished before it goes away, so no callback can outlive the loop it reaches.
final class HandleBox {
    unowned(unsafe) let loop: EventLoop

    init(loop: EventLoop) {
        self.loop = loop
    }

    static func loop<Handle>(of handle: UnsafeMutablePointer<Handle>?) -> EventLoop {
        let raw = UnsafeMutableRawPointer(handle!).assumingMemoryBound(to: uv_handle_t.self)
        return Unmanaged<HandleBox>.fromOpaque(raw.pointee.data).takeUnretainedValue().loop
    }
}

/// Allocates zeroed memory for one libuv handle of the given type.
func allocateHandle<Handle>(_ type: uv_handle_type, as _: Handle.Type) -> UnsafeMutablePointer<Handle> {
    let size = uv_handle_size(type)
    let raw = UnsafeMutableRawPointer.allocate(byteCount: size, alignment: 16)
    raw.initializeMemory(as: UInt8.self, repeating: 0, count: size)
    return raw.bindMemory(to: Handle.self, capacity: 1)
}

/// Gives an initialized handle its retained box.
func attach<Handle>(_ handle: UnsafeMutablePointer<Handle>, to loop: EventLoop) -> UnsafeMutablePointer<uv_handle_t> {
    let raw = UnsafeMutableRawPointer(handle).assumingMemoryBound(to: uv_handle_t.self)
    raw.pointee.data = Unmanaged.passRetained(HandleBox(loop: loop)).toOpaque()
    return raw
}

/// Releases a handle's box and frees its memory: the only place either happens.
let closeCallback: @convention(c) (UnsafeMutablePointer<uv_handle_t>?) -> Void = { handle in
    guard let handle else { return }
    if let data = handle.pointee.data {
        Unmanaged<HandleBox>.fromOpaque(data).release()
    }
    UnsafeMutableRawPointer(handle).deallocate()
}

let prepareCallback: @convention(c) (UnsafeMutablePointer<uv_prepare_t>?) -> Void = { handle in
    HandleBox.loop(of: handle).hostTurn()
}

let checkCallback: @convention(c) (UnsafeMutablePointer<uv_check_t>?) -> Void = { handle in
    HandleBox.loop(of: handle).hostAfterWaiting()
}

/// The idle handle only exists to keep the poll from blocking while work is queued, and
/// the wake timer only to end the poll at the next deadline: the turn itself runs in the
/// prepare callback, so neither does anything when it fires. In particular the wake timer
/// is never re-armed from its own callback, the 0 ms spin of libuv 1.44.
let idleCallback: @convention(c) (UnsafeMutablePointer<uv_idle_t>?) -> Void = { _ in }
let wakeCallback: @convention(c) (UnsafeMutablePointer<uv_timer_t>?) -> Void = { _ in }
let bellCallback: @convention(c) (UnsafeMutablePointer<uv_async_t>?) -> Void = { _ in }
