import Glibc
import GhostlineTerminal

/// A POSIX thread of its own for a call that blocks, such as `LineEditor.readLine()`, so that
/// the test's thread stays free to type. `join()` waits for it to end.
final class ReaderThread {
    private let thread: pthread_t
    private var isJoined = false

    /// Starts `body` on a new thread.
    init(_ body: @escaping () -> Void) throws(LineEditorDriverError) {
        do {
            thread = try POSIXThread.start(body)
        } catch {
            throw .system(operation: "pthread_create", errorNumber: error.rawValue)
        }
    }

    /// Waits for the thread to end; does nothing the second time.
    func join() {
        guard !isJoined else { return }
        isJoined = true
        pthread_join(thread, nil)
    }
}
