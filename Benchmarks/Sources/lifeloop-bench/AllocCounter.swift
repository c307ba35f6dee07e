import CAllocCounter

/// The process-wide allocation count kept by the interposed allocator in
/// `CAllocCounter`.
enum AllocCounter {
    static var count: UInt64 { CAllocCounter_count() }

    /// Fails unless allocations made inside the Swift runtime (a class
    /// instance, via `swift_allocObject` in libswiftCore) reach the counter:
    /// if the executable's `malloc` were not the one the shared libraries
    /// bind to, every allocs/op in the report would silently read 0.
    static func verify() throws -> Check {
        let objects = 1_000
        let before = count
        let probes = makeProbes(objects)
        let counted = count - before
        guard probes.count == objects, counted >= UInt64(objects) else {
            throw VerificationError(allocated: objects, counted: counted)
        }
        return Check(objects: objects, counted: counted)
    }

    /// What ``verify()`` saw, for the report.
    struct Check: Sendable {
        var objects: Int
        var counted: UInt64
    }

    struct VerificationError: Error, CustomStringConvertible {
        var allocated: Int
        var counted: UInt64
        var description: String {
            "allocation counter saw \(counted) allocations for \(allocated) class instances; malloc is not interposed"
        }
    }

    private final class Probe {
        var value = 0
    }

    // Not inlined and returning the objects, so the optimizer can neither
    // promote them to the stack nor drop them.
    @inline(never)
    private static func makeProbes(_ count: Int) -> [AnyObject] {
        var probes: [AnyObject] = []
        probes.reserveCapacity(count)
        for _ in 0..<count {
            probes.append(Probe())
        }
        return probes
    }
}
