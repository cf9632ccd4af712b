import Glibc

/// Runs work on a POSIX thread of its own, for work that blocks (reading keys, sleeping between
/// ticks) and must not hold a thread of Swift's cooperative pool.
package enum DetachedThread {
    /// Starts `body` on a new detached thread; nobody joins it, its resources go when it ends.
    ///
    /// - Throws: The `Errno` of a failed `pthread_create` (`EAGAIN` when the system has no room
    ///   for another thread).
    ///
    /// The corresponding C functions are `pthread_create` and `pthread_detach`.
    package static func start(_ body: @escaping @Sendable () -> Void) throws {
        pthread_detach(try POSIXThread.start(body))
    }
}
