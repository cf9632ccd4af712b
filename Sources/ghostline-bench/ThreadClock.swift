import Glibc

/// Nanoseconds of CPU time used by the calling thread.
///
/// CPU time rather than wall time: on a shared two-core machine the thread is descheduled at
/// random, and wall time then measures the neighbours as much as the code.
enum ThreadClock {
    /// The current reading; only differences between readings mean anything.
    static func now() -> Int {
        var time = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
        return Int(time.tv_sec) * 1_000_000_000 + Int(time.tv_nsec)
    }
}
