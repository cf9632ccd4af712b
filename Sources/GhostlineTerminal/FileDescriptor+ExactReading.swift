import Glibc

// What reading exactly one line of input takes, kind of input by kind: a seekable file is read
// ahead and given back with `lseek`, a stream socket is peeked at with `recv`, a pipe is copied
// into a private pipe with `tee` (which consumes nothing) and looked at there.

/// glibc's `tee`, which the Swift `Glibc` module does not offer: it is declared only under
/// `_GNU_SOURCE`. Its arguments are plain integers, passed as C passes them.
@_silgen_name("tee")
private func systemTee(_ input: Int32, _ output: Int32, _ length: Int, _ flags: UInt32) -> Int

extension FileDescriptor {
    /// What a descriptor reads from, as far as reading one line of it and no more goes.
    package enum InputKind: Sendable {
        /// A regular file or a block device with a file offset: read ahead, then seek back.
        case seekable
        /// A pipe or FIFO: without a way to look ahead except ``FileDescriptor/duplicatePipeContent(to:maximumCount:)``.
        case pipe
        /// A stream socket: ``FileDescriptor/peek(into:)`` looks ahead without consuming.
        case streamSocket
        /// A terminal: in canonical mode a read returns at most one line.
        case terminal
        /// Anything else (a character device, a datagram socket): only a byte at a time is safe.
        case other
    }

    /// What kind of input the descriptor reads from; ``InputKind/other`` when `fstat` fails.
    ///
    /// The corresponding C functions are `fstat`, `lseek`, `getsockopt` and `isatty`.
    package var inputKind: InputKind {
        var status = stat()
        guard fstat(rawValue, &status) == 0 else { return .other }
        switch status.st_mode & FileTypeBits.mask {
        case FileTypeBits.regularFile, FileTypeBits.blockDevice:
            return lseek(rawValue, 0, SEEK_CUR) >= 0 ? .seekable : .other
        case FileTypeBits.pipe:
            return .pipe
        case FileTypeBits.socket:
            var type: Int32 = 0
            var length = socklen_t(MemoryLayout<Int32>.size)
            let isStream = getsockopt(rawValue, SOL_SOCKET, SO_TYPE, &type, &length) == 0
                && type == Int32(SOCK_STREAM.rawValue)
            return isStream ? .streamSocket : .other
        default:
            return isTerminal ? .terminal : .other
        }
    }

    /// Copies up to `buffer.count` bytes waiting on a socket without taking them: the next
    /// read returns them again. Waits for at least one, as ``read(into:)`` does.
    ///
    /// - Returns: The number of bytes copied; `0` means the peer closed its end.
    ///
    /// The corresponding C function is `recv`, with `MSG_PEEK`.
    package func peek(into buffer: UnsafeMutableRawBufferPointer) throws -> Int {
        try valueOrErrno {
            recv(rawValue, buffer.baseAddress, buffer.count, Int32(MSG_PEEK))
        }.get()
    }

    /// Copies up to `maximumCount` bytes waiting in this pipe into the pipe `output` without
    /// taking them from this one. Waits for at least one unless this pipe is non-blocking.
    ///
    /// - Returns: The number of bytes copied, `0` when the pipe is empty and has no writer; nil
    ///   when the kernel cannot copy between these two (`EINVAL`: not both pipes, or a kernel or
    ///   sandbox without `tee`).
    ///
    /// The corresponding C function is `tee`.
    package func duplicatePipeContent(to output: FileDescriptor, maximumCount: Int) throws -> Int? {
        switch valueOrErrno({ systemTee(rawValue, output.rawValue, maximumCount, 0) }) {
        case .success(let count): return count
        case .failure(let error) where error.rawValue == EINVAL || error.rawValue == ENOSYS: return nil
        case .failure(let error): throw error
        }
    }

    /// Moves the file offset by `distance` bytes, back when it is negative.
    ///
    /// The corresponding C function is `lseek`, with `SEEK_CUR`.
    package func moveOffset(by distance: Int) throws {
        _ = try valueOrErrno { lseek(rawValue, off_t(distance), SEEK_CUR) }.get()
    }

    /// The file offset: where the next read starts.
    ///
    /// The corresponding C function is `lseek`, with `SEEK_CUR` and a distance of 0.
    package func offset() throws -> Int {
        Int(try valueOrErrno { lseek(rawValue, 0, SEEK_CUR) }.get())
    }
}
