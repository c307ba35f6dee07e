/// `import Combine` for an app's own sources on Linux: OpenCombine's names, under a module of
/// Lifeloop's own.
///
/// When `lifeloop` builds an app's sources (`lifeloop launch FILE --sources DIR`, a scenario's
/// `sources:`), it compiles them with `-module-alias Combine=LifeloopCombine`, so a file that
/// says `import Combine` gets this module, which re-exports:
///
/// - `OpenCombine`: publishers, subscribers, `@Published`, `ObservableObject`, subjects,
///   `Just`, `Future`, `AnyCancellable` and the operators.
/// - `OpenCombineDispatch`: `DispatchQueue` as a `Scheduler` (`receive(on: DispatchQueue.main)`).
/// - `OpenCombineFoundation`: `RunLoop` and `OperationQueue` as schedulers, `Timer.publish`,
///   `NotificationCenter.publisher(for:)` and `URLSession.dataTaskPublisher`.
///
/// Lifeloop runs the main queue's work and the main run loop's timers on the app's loop, so
/// `DispatchQueue.main`, `RunLoop.main` and `Timer.publish(every:on: .main, in:)` deliver on
/// the app's thread, in the loop's order and at the virtual clock's times. For that, this
/// module also defines `CFRunLoopPerformBlock` (how `RunLoop.perform`, and so an immediate
/// `RunLoop.main` schedule, reaches CoreFoundation): a program that links it runs blocks for
/// the main run loop as main-queue work.
///
/// The module is deliberately not named `Combine`: OpenCombine declares its Dispatch and
/// Foundation conformances only `#if !canImport(Combine)`, and a `Combine` module in the same
/// build could make them vanish.
@_exported import OpenCombine
@_exported import OpenCombineDispatch
@_exported import OpenCombineFoundation

import Dispatch
import Foundation
#if canImport(Glibc)
import Glibc
#endif

// `receive(on: RunLoop.main)` and `RunLoop.main.schedule { }`: OpenCombine's RunLoop scheduler
// runs an action now through `RunLoop.perform`, which Foundation on Linux hands to
// `CFRunLoopPerformBlock`; the main thread runs the app's loop, never a CFRunLoop, so such a
// block would never run. For the main run loop the block goes to the main queue instead,
// which Lifeloop runs on the app's loop, in order with the rest of the main queue's work.
// (`schedule(after:)` makes a Timer, which Lifeloop already puts on the app's loop.)

private typealias PerformBlock = @convention(c) (OpaquePointer?, OpaquePointer?, @escaping @convention(block) () -> Void) -> Void
private typealias GetMainRunLoop = @convention(c) () -> OpaquePointer?

/// CoreFoundation's own functions, found past this program's `CFRunLoopPerformBlock`.
private enum CoreFoundation {
    static let performBlock = dlsym(UnsafeMutableRawPointer(bitPattern: -1), "CFRunLoopPerformBlock")
        .map { unsafeBitCast($0, to: PerformBlock.self) }
    static let mainRunLoop = dlsym(UnsafeMutableRawPointer(bitPattern: -1), "CFRunLoopGetMain")
        .map { unsafeBitCast($0, to: GetMainRunLoop.self) }
}

/// `CFRunLoopPerformBlock`: a block for the main run loop runs as main-queue work (on the
/// app's loop when an app runs); any other run loop's is CoreFoundation's.
@_cdecl("CFRunLoopPerformBlock")
public func lifeloopRunLoopPerformBlock(_ runLoop: OpaquePointer?, _ modes: OpaquePointer?,
                                        _ block: @escaping @convention(block) () -> Void) {
    if let runLoop, let main = CoreFoundation.mainRunLoop, runLoop == main() {
        nonisolated(unsafe) let block = block
        DispatchQueue.main.async { block() }
        return
    }
    CoreFoundation.performBlock?(runLoop, modes, block)
}
