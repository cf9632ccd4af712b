import Glibc

/// A POSIX thread of its own for a call that blocks, such as `LineEditor.readLine()`, so that
/// the test's thread stays free to type. `join()` waits for it to end.
final class ReaderThread {
    private final class Work {
        let body: () -> Void
        init(_ body: @escaping () -> Void) { self.body = body }
    }

    private var thread = pthread_t()
    private var isJoined = false

    /// Starts `body` on a new thread.
    init(_ body: @escaping () -> Void) throws(LineEditorDriverError) {
        let work = Unmanaged.passRetained(Work(body)).toOpaque()
        let result = pthread_create(&thread, nil, { context in
            if let context { Unmanaged<Work>.fromOpaque(context).takeRetainedValue().body() }
            return nil
        }, work)
        guard result == 0 else {
            Unmanaged<Work>.fromOpaque(work).release()
            throw .system(operation: "pthread_create", errorNumber: result)
        }
    }

    /// Waits for the thread to end; does nothing the second time.
    func join() {
        guard !isJoined else { return }
        isJoined = true
        pthread_join(thread, nil)
    }
}
