import Glibc

/// A value that threads share, changed only under a POSIX mutex.
///
/// `Synchronization.Mutex` would serve as well, but on Linux it locks with futexes inside the
/// prebuilt standard library, where ThreadSanitizer cannot see them: `make sanitize` reported
/// every two locked changes from two threads as a race. A pthread mutex is a lock the sanitizer
/// knows, so its reports stay about real races.
package final class Locked<Value: Sendable>: @unchecked Sendable {
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>
    // Read and written only between `pthread_mutex_lock` and `pthread_mutex_unlock`.
    private var value: Value

    package init(_ value: Value) {
        self.value = value
        mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
        pthread_mutex_init(mutex, nil)
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
    }

    /// Runs `body` on the value with the lock held.
    package func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body(&value)
    }
}
