/// Reaching objects on the frame path without reference counting.
///
/// A strong reference read from a stored property or an array is retained around each
/// call made through it, even when something else provably keeps the object alive; on
/// the frame path those pairs were a third of the simulation's time. These helpers hand
/// out guaranteed (+0) references where the owner is known to outlive the call.
extension Array where Element: AnyObject {
    /// Calls `body` on each element without retaining it.
    ///
    /// Call it on a local copy (`let list = self.list`), never on a stored property that
    /// `body` might change: the copy is what keeps the elements alive through the calls.
    @inline(__always)
    func forEachUnretained(_ body: (Element) -> Void) {
        withUnsafeBufferPointer { buffer in
            for index in buffer.indices {
                Unmanaged.passUnretained(buffer[index])._withUnsafeGuaranteedRef(body)
            }
        }
    }
}
