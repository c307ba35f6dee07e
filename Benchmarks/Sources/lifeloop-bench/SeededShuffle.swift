import LifeloopCore

/// Offsets in nanoseconds of `count` timers spread evenly over one second,
/// in a seeded shuffled order.
func virtualTimerOffsets(count: Int) -> [UInt64] {
    var offsets = (0..<UInt64(count)).map { $0 * 1_000_000_000 / UInt64(count) }
    var generator = SeededGenerator(seed: 0x4C69_6665_6C6F_6F70)
    offsets.shuffle(using: &generator)
    return offsets
}
