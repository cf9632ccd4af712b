import Glibc

/// Nanoseconds on the monotonic clock, which no change of the wall clock moves.
enum MonotonicClock {
    /// The current reading; only differences between readings mean anything.
    static func now() -> Int {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Int(time.tv_sec) * 1_000_000_000 + Int(time.tv_nsec)
    }
}
