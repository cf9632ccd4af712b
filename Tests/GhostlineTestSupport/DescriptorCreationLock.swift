import Glibc

/// Serializes creating a session's file descriptors and spawning its child.
///
/// Descriptors from `openpty` and `pipe` are inherited by any child spawned before `FD_CLOEXEC`
/// is set on them. Were another session's child spawned in that window, it would hold this
/// session's terminal or pipe open, and this session would never see end of file. Swift on
/// Linux imports neither `pipe2` nor `posix_openpt`, so the window is closed with a lock.
final class DescriptorCreationLock: @unchecked Sendable {
    /// The lock every session takes; one per process, because the race is process-wide.
    static let shared = DescriptorCreationLock()

    private let mutex: UnsafeMutablePointer<pthread_mutex_t>

    private init() {
        mutex = .allocate(capacity: 1)
        mutex.initialize(to: pthread_mutex_t())
        pthread_mutex_init(mutex, nil)
    }

    func withLock<Result, Failure: Error>(
        _ body: () throws(Failure) -> Result
    ) throws(Failure) -> Result {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body()
    }
}
