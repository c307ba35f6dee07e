/// Reaching objects on the frame path without reference counting.
///
/// A strong reference read from a stored property or an array is retained around each
/// call made through it, even when something else provably keeps the object alive; on
/// the frame path those pairs were a third of the simulation's time. These helpers hand
/// out guaranteed (+0) references where the owner is known to outlive the call.
extension Array where Element: AnyObject {
    /// Calls `body` on each element without retaining it. The array is a value the
    /// caller holds, so it cannot change underneath and keeps every element alive.
    @inline(__always)
    func forEachUnretained(_ body: (Element) -> Void) {
        withUnsafeBufferPointer { buffer in
            for index in buffer.indices {
                Unmanaged.passUnretained(buffer[index])._withUnsafeGuaranteedRef(body)
            }
        }
    }
}
