import Glibc

extension FileDescriptor {
    /// Opens the directory at `path` for listing it and for working on its entries by name,
    /// through this descriptor, so that every name is looked up in this one directory whatever
    /// happens to the path meanwhile.
    ///
    /// The corresponding C function is `open`, with `O_DIRECTORY`.
    package static func openDirectory(_ path: String) throws(Errno) -> FileDescriptor {
        try open(path, flags: O_RDONLY | O_DIRECTORY)
    }

    /// The names of the entries of this open directory (`.` and `..` among them), but for a
    /// name that is not valid UTF-8, which is left out: such a name could not be given back
    /// byte for byte.
    ///
    /// The directory is read through a descriptor of its own, which is closed after, so this
    /// one stays open and can list again.
    ///
    /// The corresponding C functions are `fdopendir` and `readdir`.
    package func entryNames() throws(Errno) -> [String] {
        let listed = try valueOrErrno { controlDescriptor(rawValue, F_DUPFD_CLOEXEC, 0) }.get()
        guard let stream = fdopendir(listed) else {
            let error = Errno.current
            Glibc.close(listed)
            throw error
        }
        defer { closedir(stream) }
        // The copy shares the directory's read position with this descriptor.
        rewinddir(stream)
        var names: [String] = []
        while true {
            errorNumber = 0
            guard let entry = readdir(stream) else {
                if errorNumber != 0 { throw Errno.current }
                return names
            }
            let name = withUnsafeBytes(of: entry.pointee.d_name) { bytes in
                String(validatingCString: bytes.baseAddress!.assumingMemoryBound(to: CChar.self))
            }
            if let name { names.append(name) }
        }
    }

    /// What is at `name` in this open directory: a symbolic link there is described, not
    /// followed.
    ///
    /// The corresponding C function is `fstatat`, with `AT_SYMLINK_NOFOLLOW`.
    package func status(ofEntryNamed name: String) throws(Errno) -> FileStatus {
        var status = stat()
        try nothingOrErrno { fstatat(rawValue, name, &status, AT_SYMLINK_NOFOLLOW) }.get()
        return FileStatus(status)
    }

    /// Removes the entry `name` from this open directory (a symbolic link itself, never what
    /// it points to).
    ///
    /// The corresponding C function is `unlinkat`.
    package func removeEntry(named name: String) throws(Errno) {
        try nothingOrErrno { unlinkat(rawValue, name, 0) }.get()
    }
}
