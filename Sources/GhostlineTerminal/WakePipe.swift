import Glibc

/// A pipe that another thread writes a byte to, so that a thread waiting in `poll` on
/// ``fileDescriptor`` wakes at once: how a printer or a cancelled task ends the editor's wait
/// for keys.
///
/// Both ends are close-on-exec and non-blocking: ``wake()`` never blocks (a full pipe already
/// holds a wake-up nobody has taken), and ``drain()`` stops when the pipe is empty. The pipe is
/// closed when the last reference goes, so whoever may still wake it keeps a reference.
package final class WakePipe: Sendable {
    /// The read end: readable from a ``wake()`` until the next ``drain()``.
    package let fileDescriptor: FileDescriptor
    private let writeEnd: FileDescriptor

    /// Opens the pipe.
    ///
    /// - Throws: The `Errno` of a failed `pipe` or `fcntl`.
    ///
    /// The corresponding C functions are `pipe` and `fcntl`.
    package init() throws {
        (fileDescriptor, writeEnd) = try FileDescriptor.openNonBlockingPipe()
    }

    /// Makes ``fileDescriptor`` readable; safe from any thread.
    ///
    /// The corresponding C function is `write`.
    package func wake() {
        var byte: UInt8 = 1
        while Glibc.write(writeEnd.rawValue, &byte, 1) < 0 && errorNumber == EINTR {}
    }

    /// Takes every wake-up written so far, so that the next wait blocks until a new one.
    ///
    /// The corresponding C function is `read`.
    package func drain() {
        withUnsafeTemporaryAllocation(byteCount: 64, alignment: 1) { bytes in
            while true {
                let count = Glibc.read(fileDescriptor.rawValue, bytes.baseAddress, bytes.count)
                if count < 0 && errorNumber == EINTR { continue }
                if count < bytes.count { return }
            }
        }
    }

    deinit {
        try? fileDescriptor.close()
        try? writeEnd.close()
    }
}
