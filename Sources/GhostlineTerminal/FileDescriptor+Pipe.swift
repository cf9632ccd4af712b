import Glibc

extension FileDescriptor {
    /// Opens a pipe whose two ends are close-on-exec and non-blocking, as a wake-up pipe wants:
    /// a writer must never block on a full pipe, and a reader that drains it must stop when it
    /// is empty. (The Swift `Glibc` module does not offer `pipe2`, so the flags are set right
    /// after `pipe`.)
    ///
    /// - Returns: The read end and the write end.
    /// - Throws: The `Errno` of a failed `pipe` or `fcntl`; no end stays open then.
    ///
    /// The corresponding C functions are `pipe` and `fcntl`.
    package static func openNonBlockingPipe() throws -> (readEnd: FileDescriptor, writeEnd: FileDescriptor) {
        try openPipe(nonBlocking: true)
    }

    /// Opens a pipe whose two ends are close-on-exec and, with `nonBlocking`, non-blocking.
    ///
    /// - Returns: The read end and the write end.
    /// - Throws: The `Errno` of a failed `pipe` or `fcntl`; no end stays open then.
    ///
    /// The corresponding C functions are `pipe` and `fcntl`.
    package static func openPipe(nonBlocking: Bool) throws -> (readEnd: FileDescriptor, writeEnd: FileDescriptor) {
        var ends: [Int32] = [-1, -1]
        try ends.withUnsafeMutableBufferPointer { buffer in
            try nothingOrErrno { pipe(buffer.baseAddress) }.get()
        }
        let readEnd = FileDescriptor(rawValue: ends[0]), writeEnd = FileDescriptor(rawValue: ends[1])
        do {
            for end in [readEnd, writeEnd] {
                try end.setCloseOnExec()
                if nonBlocking { try end.setNonBlocking() }
            }
        } catch {
            try? readEnd.close()
            try? writeEnd.close()
            throw error
        }
        return (readEnd, writeEnd)
    }
}
