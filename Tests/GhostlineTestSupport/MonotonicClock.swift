import Glibc

/// Seconds on `CLOCK_MONOTONIC`, for deadlines that wall-clock changes cannot stretch or cut.
public enum MonotonicClock {
    public static func now() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1_000_000_000
    }

    /// `seconds` as a `poll` timeout in milliseconds, rounded up so that a short positive wait
    /// does not become a busy loop.
    public static func pollTimeout(_ seconds: Double) -> Int32 {
        Int32(min(max((seconds * 1000).rounded(.up), 0), 60_000))
    }
}
