import Glibc

/// Serializes creating file descriptors that must not leak into a child with spawning children.
///
/// Descriptors from `openpty` and `pipe` are inherited by any child spawned before `FD_CLOEXEC`
/// is set on them. Were a child spawned in that window, it would hold another test's terminal
/// or pipe open, and that test would never see end of file. Swift on Linux imports neither
/// `pipe2` nor `posix_openpt`, so the window is closed with a lock that the driver's terminals
/// and the repository's process-spawning test sessions both take.
package final class DescriptorCreationLock: @unchecked Sendable {
    /// The lock every creator takes; one per process, because the race is process-wide.
    package static let shared = DescriptorCreationLock()

    private let mutex: UnsafeMutablePointer<pthread_mutex_t>

    private init() {
        mutex = .allocate(capacity: 1)
        mutex.initialize(to: pthread_mutex_t())
        pthread_mutex_init(mutex, nil)
    }

    /// Runs `body` holding the lock.
    package func withLock<Result, Failure: Error>(
        _ body: () throws(Failure) -> Result
    ) throws(Failure) -> Result {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body()
    }
}
