import Glibc

extension FileDescriptor {
    /// Opens the file at `path` with the given `open` flags (`O_CLOEXEC` is always added), creating
    /// it with `permissions` when `O_CREAT` is among them.
    ///
    /// The corresponding C function is `open`.
    package static func open(_ path: String, flags: Int32, permissions: mode_t = 0o600) throws(Errno) -> FileDescriptor {
        let descriptor = try valueOrErrno { openFile(path, flags | O_CLOEXEC, permissions) }.get()
        return FileDescriptor(rawValue: descriptor)
    }

    /// Sets the file's permission bits, whatever the process's umask made them.
    ///
    /// The corresponding C function is `fchmod`.
    package func setPermissions(_ permissions: mode_t) throws(Errno) {
        try nothingOrErrno { fchmod(rawValue, permissions) }.get()
    }

    /// Reads from `offset` until the end of the file, or until `limit` bytes were read if that
    /// comes first, so that a file which is huge, or grows while it is read, costs no more than
    /// `limit` bytes of memory.
    ///
    /// The bytes the file holds when the read starts are read straight into one array of their
    /// size: a file of tens of megabytes is neither copied through a smaller buffer nor held
    /// twice while an array grows. The descriptor's own position is left where it was.
    ///
    /// The corresponding C function is `pread`.
    package func read(atMost limit: Int, fromOffset offset: Int) throws(Errno) -> [UInt8] {
        let expected = min(limit, max(0, try status().size - offset))
        var failure: Errno?
        var result = [UInt8](unsafeUninitializedCapacity: expected) { buffer, count in
            adviseHugePages(for: UnsafeMutableRawBufferPointer(buffer))
            while count < buffer.count {
                let position = off_t(offset + count)
                switch valueOrErrno({ pread(rawValue, buffer.baseAddress! + count, buffer.count - count, position) }) {
                case .success(0): return
                case .success(let read): count += read
                case .failure(let error): failure = error; return
                }
            }
        }
        if let failure { throw failure }
        guard result.count == expected else { return result }
        // The file grew after its size was taken.
        var chunk = [UInt8](repeating: 0, count: 65_536)
        while result.count < limit {
            let wanted = min(chunk.count, limit - result.count)
            let position = off_t(offset + result.count)
            let count = try chunk.withUnsafeMutableBytes { buffer in
                valueOrErrno { pread(rawValue, buffer.baseAddress, wanted, position) }
            }.get()
            if count == 0 { break }
            result.append(contentsOf: chunk[0..<count])
        }
        return result
    }

    /// Asks the kernel to back the whole 2 MiB pages within `buffer` with huge pages: reading tens
    /// of megabytes into fresh memory then takes a page fault per 2 MiB instead of per 4 KiB,
    /// which otherwise costs more than the copy itself. Only advice: where transparent huge
    /// pages are off, nothing changes.
    private func adviseHugePages(for buffer: UnsafeMutableRawBufferPointer) {
        let hugePage = 2 << 20
        guard let base = buffer.baseAddress, buffer.count >= 2 * hugePage else { return }
        let start = (Int(bitPattern: base) + hugePage - 1) & ~(hugePage - 1)
        let end = (Int(bitPattern: base) + buffer.count) & ~(hugePage - 1)
        guard end > start, let aligned = UnsafeMutableRawPointer(bitPattern: start) else { return }
        _ = madvise(aligned, end - start, MADV_HUGEPAGE)
    }

    /// Waits until what was written to the file is on the storage device, so that a crash or a
    /// power cut cannot leave it shorter than what was written.
    ///
    /// The corresponding C function is `fsync`.
    package func synchronize() throws(Errno) {
        try nothingOrErrno { fsync(rawValue) }.get()
    }

    /// Writes every byte to a file, however many calls it takes.
    ///
    /// Unlike ``writeAll(_:)``, which also serves terminals and pipes, this never waits for the
    /// descriptor to become writable: a file always is. A write to a file is cut short only by a
    /// signal, a full disk or the process's file size limit, and the next call then carries on
    /// or says why. Beyond the file size limit that is `Errno.fileTooLarge`, not the end of the
    /// process (see ``withFileSizeLimitSignalHeldOff(_:)``). When this throws, some of the bytes
    /// may have been written: ``truncate(toSize:)`` takes them back.
    ///
    /// The corresponding C function is `write`.
    package func writeAllToFile(_ bytes: [UInt8]) throws(Errno) {
        try withFileSizeLimitSignalHeldOff { () throws(Errno) in
            var offset = 0
            while offset < bytes.count {
                offset += try bytes[offset...].withUnsafeBytes { buffer in
                    valueOrErrno { Glibc.write(rawValue, buffer.baseAddress, buffer.count) }
                }.get()
            }
        }
    }

    /// Cuts the file to its first `size` bytes (or lengthens it with zero bytes to `size`).
    ///
    /// The corresponding C function is `ftruncate`.
    package func truncate(toSize size: Int) throws(Errno) {
        try nothingOrErrno { ftruncate(rawValue, off_t(size)) }.get()
    }
}

/// Replaces the file at `destination` with the one at `source`, atomically.
///
/// The corresponding C function is `rename`.
package func replaceFile(at destination: String, with source: String) throws(Errno) {
    try nothingOrErrno { rename(source, destination) }.get()
}

/// Removes the file at `path`.
///
/// The corresponding C function is `unlink`.
package func removeFile(at path: String) throws(Errno) {
    try nothingOrErrno { unlink(path) }.get()
}
