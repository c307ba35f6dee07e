/// SplitMix64: a small, fixed generator, so the `virtual` workload schedules
/// the same shuffled order in every run and for every system.
struct SplitMix64: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) {
        state = seed
    }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// Offsets in nanoseconds of `count` timers spread evenly over one second,
/// in a seeded shuffled order.
func virtualTimerOffsets(count: Int) -> [UInt64] {
    var offsets = (0..<UInt64(count)).map { $0 * 1_000_000_000 / UInt64(count) }
    var generator = SplitMix64(seed: 0x4C69_6665_6C6F_6F70)
    offsets.shuffle(using: &generator)
    return offsets
}
