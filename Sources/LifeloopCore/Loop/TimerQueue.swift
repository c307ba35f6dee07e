/// Identifies a scheduled timer, for cancelling it.
///
/// A handle stays valid for a repeating timer across its firings; once a timer has fired
/// (one-shot) or been cancelled, its handle no longer matches anything.
public struct TimerHandle: Hashable, Sendable {
    let slot: Int32
    let generation: UInt32
}

/// What a heap entry stands for when it comes due.
enum TimerPayload {
    case empty
    case once(() -> Void, label: String?)
    case repeating(() -> Void, interval: UInt64, label: String?)
    /// A worker job's delivery under the virtual clock.
    case job(UInt64)
}

/// Timers ordered by (deadline, insertion sequence): the one ordering rule of both clocks,
/// as libuv's `start_id` and NIO's `insertOrder` break ties.
///
/// A 4-ary min-heap of small entries points into a slot table that owns the payloads: half
/// the depth of a binary heap, with each node's children side by side in memory, which
/// matters once a million timers no longer fit in cache.
/// Cancelling empties the slot and bumps its generation; the heap entry becomes stale and
/// is dropped when it reaches the top, and the heap is compacted when stale entries
/// outnumber live ones.
struct TimerQueue {
    struct Entry {
        var deadline: UInt64
        var sequence: UInt64
        var slot: Int32
        var generation: UInt32

        @inline(__always)
        func precedes(_ other: Entry) -> Bool {
            deadline < other.deadline || (deadline == other.deadline && sequence < other.sequence)
        }
    }

    fileprivate struct Slot {
        var generation: UInt32 = 0
        var payload: TimerPayload = .empty
    }

    private var heap: [Entry] = []
    fileprivate var slots: [Slot] = []
    private var freeSlots: [Int32] = []
    private(set) var nextSequence: UInt64 = 0
    /// Timers and job deliveries scheduled and neither fired nor cancelled.
    private(set) var liveCount = 0

    var isEmpty: Bool { liveCount == 0 }

    mutating func insert(deadline: UInt64, payload: consuming TimerPayload) -> TimerHandle {
        let slot: Int32
        if let reused = freeSlots.popLast() {
            slot = reused
            slots[Int(slot)].payload = payload
        } else {
            slot = Int32(slots.count)
            slots.append(Slot(generation: 0, payload: payload))
        }
        let generation = slots[Int(slot)].generation
        push(Entry(deadline: deadline, sequence: nextSequence, slot: slot, generation: generation))
        nextSequence &+= 1
        liveCount += 1
        return TimerHandle(slot: slot, generation: generation)
    }

    /// Cancels a timer; returns false if the handle matches nothing live.
    mutating func cancel(_ handle: TimerHandle) -> Bool {
        let index = Int(handle.slot)
        guard index >= 0, index < slots.count, slots[index].generation == handle.generation else { return false }
        if case .empty = slots[index].payload { return false }
        release(slot: index)
        if heap.count > 1024 && heap.count > 2 * liveCount { compact() }
        return true
    }

    /// The earliest live entry, dropping stale ones on the way.
    mutating func peek() -> Entry? {
        while let top = heap.first {
            if slots[Int(top.slot)].generation == top.generation { return top }
            popTop()
        }
        return nil
    }

    /// The earliest live deadline.
    mutating func nextDeadline() -> UInt64? { peek()?.deadline }

    /// Removes the entry `peek()` returned and hands back its payload. A repeating timer is
    /// re-inserted first, at its next absolute deadline after `now`, so that cancelling it
    /// from inside its own callback works and missed periods are skipped, not bunched.
    mutating func take(_ entry: Entry, now: UInt64) -> TimerPayload {
        popTop()
        let index = Int(entry.slot)
        // Moved out, not copied: a one-shot's closure changes hands without a retain.
        var payload = TimerPayload.empty
        swap(&payload, &slots[index].payload)
        if case .repeating(_, let interval, _) = payload, let next = Self.nextDeadline(after: entry.deadline, every: interval, now: now) {
            slots[index].payload = payload
            push(Entry(deadline: next, sequence: nextSequence, slot: entry.slot, generation: entry.generation))
            nextSequence &+= 1
        } else {
            // A one-shot, or a repeating timer whose next firing would pass the end of the
            // clock's range (about 584 years): this firing is its last.
            release(slot: index)
        }
        return payload
    }

    /// The first deadline of a repeating timer after `now`, on its grid `deadline + k ×
    /// interval`; nil when it lies beyond `UInt64.max` nanoseconds. Wrapping arithmetic
    /// here once re-armed a timer near the end of the clock in the past, where it fired on
    /// every turn.
    static func nextDeadline(after deadline: UInt64, every interval: UInt64, now: UInt64) -> UInt64? {
        guard interval > 0 else { return nil }
        let periods = now >= deadline ? (now - deadline) / interval + 1 : 1
        let (offset, productOverflow) = periods.multipliedReportingOverflow(by: interval)
        let (next, sumOverflow) = deadline.addingReportingOverflow(offset)
        return productOverflow || sumOverflow ? nil : next
    }

    /// Every live timer and job delivery with its deadline, earliest first (for
    /// ``EventLoop/pendingWork()``).
    func liveEntries() -> [(deadline: UInt64, payload: TimerPayload)] {
        var live: [(deadline: UInt64, sequence: UInt64, payload: TimerPayload)] = []
        for entry in heap where slots[Int(entry.slot)].generation == entry.generation {
            let payload = slots[Int(entry.slot)].payload
            if case .empty = payload { continue }
            live.append((entry.deadline, entry.sequence, payload))
        }
        live.sort { $0.deadline < $1.deadline || ($0.deadline == $1.deadline && $0.sequence < $1.sequence) }
        return live.map { ($0.deadline, $0.payload) }
    }

    /// A summary of what is pending, for budget errors.
    func pendingDescription() -> String {
        var once = 0, repeating = 0, jobs = 0
        for slot in slots {
            switch slot.payload {
            case .empty: break
            case .once: once += 1
            case .repeating: repeating += 1
            case .job: jobs += 1
            }
        }
        return "\(once) timers, \(repeating) repeating timers, \(jobs) job deliveries"
    }

    private mutating func release(slot index: Int) {
        slots[index].payload = .empty
        slots[index].generation &+= 1
        freeSlots.append(Int32(index))
        liveCount -= 1
    }

    private mutating func compact() {
        heap.removeAll { slots[Int($0.slot)].generation != $0.generation }
        // Floyd's heap construction, bottom-up from the last parent.
        var index = (heap.count + 2) / 4
        while index > 0 {
            index -= 1
            siftDown(from: index)
        }
    }

    private mutating func push(_ entry: Entry) {
        heap.append(entry)
        var child = heap.count - 1
        while child > 0 {
            let parent = (child - 1) / 4
            guard entry.precedes(heap[parent]) else { break }
            heap[child] = heap[parent]
            child = parent
        }
        heap[child] = entry
    }

    private mutating func popTop() {
        let last = heap.removeLast()
        if !heap.isEmpty {
            heap[0] = last
            siftDown(from: 0)
        }
    }

    private mutating func siftDown(from start: Int) {
        let count = heap.count
        let entry = heap[start]
        var parent = start
        while true {
            let first = 4 * parent + 1
            if first >= count { break }
            var best = first
            let last = min(first + 4, count)
            var child = first + 1
            while child < last {
                if heap[child].precedes(heap[best]) { best = child }
                child += 1
            }
            guard heap[best].precedes(entry) else { break }
            heap[parent] = heap[best]
            parent = best
        }
        heap[parent] = entry
    }
}
