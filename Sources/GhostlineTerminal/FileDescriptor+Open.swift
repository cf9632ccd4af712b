import Glibc

extension FileDescriptor {
    /// Opens the file at `path` with the given `open` flags (`O_CLOEXEC` is always added), creating
    /// it with `permissions` when `O_CREAT` is among them.
    ///
    /// The corresponding C function is `open`.
    public static func open(_ path: String, flags: Int32, permissions: mode_t = 0o600) throws -> FileDescriptor {
        while true {
            let descriptor = Glibc.open(path, flags | O_CLOEXEC, permissions)
            if descriptor >= 0 { return FileDescriptor(rawValue: descriptor) }
            let error = Errno.current
            if error != .interrupted { throw error }
        }
    }

    /// Sets the file's permission bits, whatever the process's umask made them.
    ///
    /// The corresponding C function is `fchmod`.
    public func setPermissions(_ permissions: mode_t) throws {
        if fchmod(rawValue, permissions) != 0 { throw Errno.current }
    }

    /// Reads until the end of the file.
    public func readToEnd() throws -> [UInt8] {
        var result: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = try chunk.withUnsafeMutableBytes { try read(into: $0) }
            if count == 0 { return result }
            result.append(contentsOf: chunk[0..<count])
        }
    }
}

/// Replaces the file at `destination` with the one at `source`, atomically.
///
/// The corresponding C function is `rename`.
public func replaceFile(at destination: String, with source: String) throws {
    if rename(source, destination) != 0 { throw Errno.current }
}

/// Removes the file at `path`.
///
/// The corresponding C function is `unlink`.
public func removeFile(at path: String) throws {
    if unlink(path) != 0 { throw Errno.current }
}
