import Glibc

/// Starting a POSIX thread with a Swift closure as its work.
package enum POSIXThread {
    /// Starts `body` on a new thread and returns it, to be joined or detached by the caller.
    ///
    /// `body` is not required to be `Sendable`: the caller hands it to the new thread and is
    /// the one who keeps what it shares safe (the test kit's reading thread owns the editor
    /// while an entry is read).
    ///
    /// - Throws: The `Errno` of a failed `pthread_create` (`EAGAIN` when the system has no room
    ///   for another thread).
    ///
    /// The corresponding C function is `pthread_create`.
    package static func start(_ body: @escaping () -> Void) throws(Errno) -> pthread_t {
        final class Work {
            let body: () -> Void
            init(_ body: @escaping () -> Void) { self.body = body }
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
        return thread
    }
}
