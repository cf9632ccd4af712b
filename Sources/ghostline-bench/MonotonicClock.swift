import Glibc

/// Nanoseconds on the monotonic clock, which the kernel serves without a system call.
///
/// Used for the split of a run between stages, read ten times a batch; the run as a whole is
/// timed in CPU time (`ThreadClock`), whose readings are system calls.
enum MonotonicClock {
    /// The current reading; only differences between readings mean anything.
    static func now() -> Int {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Int(time.tv_sec) * 1_000_000_000 + Int(time.tv_nsec)
    }
}
