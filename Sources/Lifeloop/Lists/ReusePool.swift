/// The reusable views of a list (a table's cells, a collection's cells and supplementary
/// views), by reuse identifier: how to make one, and the ones waiting to be reused.
///
/// The pool is unbounded, as UIKit's is: a view that leaves the visible area waits here
/// until a dequeue takes it. A dequeue takes the most recently returned view first
/// (deterministic: no set, no hash order). The counts say how many views were made and
/// reused, which tests and benchmarks read.
struct ReusePool<Element: AnyObject> {
    /// How to make a view for an identifier (given the identifier).
    private var factories: [String: (String) -> Element?] = [:]
    /// The waiting views per identifier, last returned at the end.
    private var waiting: [String: [Element]] = [:]
    /// How many views the factories made.
    private(set) var made = 0
    /// How many dequeues were answered from the pool.
    private(set) var reused = 0

    /// Registers (or, with nil, unregisters) the factory for `identifier`.
    mutating func register(_ identifier: String, make: ((String) -> Element?)?) {
        factories[identifier] = make
    }

    /// Whether `identifier` has a factory.
    func isRegistered(_ identifier: String) -> Bool { factories[identifier] != nil }

    /// A waiting view for `identifier`, if any, taken out of the pool.
    mutating func takeWaiting(_ identifier: String) -> Element? {
        guard var list = waiting[identifier], let element = list.popLast() else { return nil }
        waiting[identifier] = list
        reused += 1
        return element
    }

    /// A new view from `identifier`'s factory (nil when none is registered or it fails).
    mutating func make(_ identifier: String) -> Element? {
        guard let factory = factories[identifier], let element = factory(identifier) else { return nil }
        made += 1
        return element
    }

    /// Returns a view to the pool of `identifier`.
    mutating func put(_ element: Element, identifier: String) {
        waiting[identifier, default: []].append(element)
    }

    /// How many views wait, over all identifiers.
    var waitingCount: Int { waiting.values.reduce(0) { $0 + $1.count } }

    /// Drops every waiting view (a reload with new registrations keeps the factories).
    mutating func drain() -> [Element] {
        let all = waiting.keys.sorted().flatMap { waiting[$0] ?? [] }
        waiting.removeAll()
        return all
    }
}
