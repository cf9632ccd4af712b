import Glibc

/// An open file descriptor: the terminal, a pipe, or a standard stream.
///
/// This is a plain value; it does not own the descriptor and never closes it implicitly.
public struct FileDescriptor: Hashable, Sendable {
    /// The C descriptor number.
    public let rawValue: Int32

    /// Wraps an existing C descriptor number.
    public init(rawValue: Int32) {
        self.rawValue = rawValue
    }

    /// The process's standard input, descriptor 0.
    public static let standardInput = FileDescriptor(rawValue: STDIN_FILENO)

    /// The process's standard output, descriptor 1.
    public static let standardOutput = FileDescriptor(rawValue: STDOUT_FILENO)

    /// The process's standard error, descriptor 2.
    public static let standardError = FileDescriptor(rawValue: STDERR_FILENO)

    /// Opens the process's controlling terminal for reading and writing.
    ///
    /// This is how the editor draws on the terminal when standard output is redirected
    /// (`x=$(ghostline)`). `O_NOCTTY` keeps a process without a controlling terminal from
    /// acquiring one by accident, and `O_CLOEXEC` keeps the descriptor out of child processes.
    ///
    /// The corresponding C function is `open`, on `/dev/tty`.
    package static func openTerminal() throws -> FileDescriptor {
        let descriptor = try valueOrErrno {
            openFile("/dev/tty", O_RDWR | O_NOCTTY | O_CLOEXEC)
        }.get()
        return FileDescriptor(rawValue: descriptor)
    }

    /// Reads up to `buffer.count` bytes, waiting for at least one when the descriptor blocks.
    ///
    /// A read interrupted by a signal before any byte arrived is retried.
    ///
    /// - Returns: The number of bytes read; `0` means end of file.
    ///
    /// The corresponding C function is `read`.
    package func read(into buffer: UnsafeMutableRawBufferPointer) throws -> Int {
        try valueOrErrno {
            Glibc.read(rawValue, buffer.baseAddress, buffer.count)
        }.get()
    }

    /// Writes every byte, however many calls it takes.
    ///
    /// Partial writes continue where they stopped, interrupted calls are retried, and when the
    /// descriptor is non-blocking and full (`EAGAIN`) this waits until it is writable again, so
    /// a frame is never cut in half.
    ///
    /// The corresponding C function is `write`.
    package func writeAll<Bytes: Collection>(_ bytes: Bytes) throws where Bytes.Element == UInt8 {
        let wroteContiguously: Void? = try bytes.withContiguousStorageIfAvailable { buffer in
            try writeAll(UnsafeRawBufferPointer(buffer))
        }
        if wroteContiguously == nil {
            try Array(bytes).withUnsafeBytes { try writeAll($0) }
        }
    }

    /// Writes every byte of `buffer`, as the overload for collections does; this one is not
    /// generic, so a caller in another module runs no generic code to write.
    @inlinable @inline(__always)
    package func writeAll(_ buffer: UnsafeRawBufferPointer) throws {
        // One call that writes it all, the common case, runs in the caller's code; the rest
        // (partial writes, errors, a full non-blocking descriptor) in a function of its own.
        let written = Glibc.write(rawValue, buffer.baseAddress, buffer.count)
        if written == buffer.count { return }
        try writeAll(buffer, afterFirstCallReturned: written)
    }

    /// ``writeAll(_:)`` after its first call wrote `written` bytes, fewer than all, or failed
    /// with -1 (errno still telling why: nothing ran since).
    @usableFromInline
    func writeAll(_ buffer: UnsafeRawBufferPointer, afterFirstCallReturned written: Int) throws {
        var remaining = buffer
        var result: Result<Int, Errno> = written == -1 ? .failure(Errno.current) : .success(written)
        while true {
            switch result {
            case .success(let written) where written > 0:
                remaining = UnsafeRawBufferPointer(rebasing: remaining[written...])
            case .success, .failure(.wouldBlock):
                _ = try waitUntil(.writable, anyOf: [self], timeoutMilliseconds: -1)
            case .failure(.interrupted):
                break
            case .failure(let error):
                throw error
            }
            if remaining.isEmpty { return }
            result = valueOrErrno { Glibc.write(rawValue, remaining.baseAddress, remaining.count) }
        }
    }

    /// Marks the descriptor close-on-exec, so child processes do not inherit it.
    ///
    /// The corresponding C function is `fcntl`, with `F_SETFD` and `FD_CLOEXEC`.
    package func setCloseOnExec() throws {
        let flags = try valueOrErrno { controlDescriptor(rawValue, F_GETFD) }.get()
        try nothingOrErrno { controlDescriptor(rawValue, F_SETFD, flags | FD_CLOEXEC) }.get()
    }

    /// Makes reads and writes fail with `Errno.wouldBlock` instead of waiting, keeping the
    /// other status flags.
    ///
    /// The corresponding C function is `fcntl`, with `F_SETFL` and `O_NONBLOCK`.
    package func setNonBlocking() throws {
        let flags = try valueOrErrno { controlDescriptor(rawValue, F_GETFL) }.get()
        try nothingOrErrno { controlDescriptor(rawValue, F_SETFL, flags | O_NONBLOCK) }.get()
    }

    /// Whether the descriptor refers to a terminal.
    ///
    /// The corresponding C function is `isatty`.
    package var isTerminal: Bool {
        isatty(rawValue) == 1
    }

    /// Closes the descriptor.
    ///
    /// An interrupted close is not retried: on Linux the descriptor is released even then, and
    /// closing it again could close a descriptor another thread has just opened.
    ///
    /// The corresponding C function is `close`.
    package func close() throws {
        try nothingOrErrno(retryOnInterrupt: false) {
            Glibc.close(rawValue)
        }.get()
    }
}
