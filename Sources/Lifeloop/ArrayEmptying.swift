extension Array {
    /// `removeAll(keepingCapacity: true)` for the short lists a frame empties: a list of one
    /// is emptied by `removeLast()` and an empty one is left alone, without the generic
    /// range replacement `removeAll(keepingCapacity:)` goes through (several times the
    /// rest of such a list's work). Longer lists are emptied as before, front to back, so
    /// what their elements release goes in the same order.
    @inline(__always)
    mutating func emptyKeepingCapacity() {
        if count == 1 {
            removeLast()
        } else if !isEmpty {
            removeAll(keepingCapacity: true)
        }
    }
}
