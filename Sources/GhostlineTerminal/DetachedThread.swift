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
        final class Work {
            let body: @Sendable () -> Void
            init(_ body: @escaping @Sendable () -> Void) { self.body = body }
        }
        let context = Unmanaged.passRetained(Work(body)).toOpaque()
        var thread = pthread_t()
        let result = pthread_create(&thread, nil, { context in
            if let context { Unmanaged<Work>.fromOpaque(context).takeRetainedValue().body() }
            return nil
        }, context)
        guard result == 0 else {
            Unmanaged<Work>.fromOpaque(context).release()
            throw Errno(rawValue: result)
        }
        pthread_detach(thread)
    }
}
