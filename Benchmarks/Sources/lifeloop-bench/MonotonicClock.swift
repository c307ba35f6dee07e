#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// CLOCK_MONOTONIC read directly: the harness times whole runs and wants no
/// allocation or conversion of its own inside the timed window.
enum MonotonicClock {
    static var nanoseconds: UInt64 {
        var spec = timespec()
        clock_gettime(CLOCK_MONOTONIC, &spec)
        return UInt64(spec.tv_sec) * 1_000_000_000 + UInt64(spec.tv_nsec)
    }
}
