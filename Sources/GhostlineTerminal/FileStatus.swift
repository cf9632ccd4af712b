import Glibc

/// What the kernel says about a file: what kind it is, who owns it, how big it is, and which file
/// it is, so that a caller can refuse what it must not touch and notice when a name was moved to
/// another file.
package struct FileStatus: Sendable {
    /// Which file this is: equal identities are the same file, under whatever name.
    package struct Identity: Hashable, Sendable {
        fileprivate let device: UInt64
        fileprivate let inode: UInt64
    }

    /// Which file this is.
    package let identity: Identity
    /// Whether it is a plain file, not a directory, device, pipe, socket or symbolic link.
    package let isRegularFile: Bool
    /// Whether it is a symbolic link (only `status(ofLinkAt:)` can say so).
    package let isSymbolicLink: Bool
    /// Whether its owner is the user the process acts as (its effective user).
    package let isOwnedByEffectiveUser: Bool
    /// Its permission bits (`0o600` for a file only its owner may read and write).
    package let permissions: mode_t
    /// Its length in bytes.
    package let size: Int
    /// When its contents last changed, in whole seconds since 1970 (as ``secondsSinceEpoch()``
    /// counts them).
    package let modificationTime: Int

    init(_ status: stat) {
        identity = Identity(device: UInt64(status.st_dev), inode: UInt64(status.st_ino))
        isRegularFile = status.st_mode & FileTypeBits.mask == FileTypeBits.regularFile
        isSymbolicLink = status.st_mode & FileTypeBits.mask == FileTypeBits.symbolicLink
        isOwnedByEffectiveUser = status.st_uid == geteuid()
        permissions = status.st_mode & 0o7777
        size = Int(status.st_size)
        modificationTime = Int(status.st_mtim.tv_sec)
    }

    /// What is at `path` itself: a symbolic link there is described, not followed.
    ///
    /// The corresponding C function is `lstat`.
    package static func status(ofLinkAt path: String) throws(Errno) -> FileStatus {
        var status = stat()
        try nothingOrErrno { lstat(path, &status) }.get()
        return FileStatus(status)
    }
}

/// The time of day, in whole seconds since 1970, as file times are kept.
///
/// The corresponding C function is `clock_gettime`, with `CLOCK_REALTIME`.
package func secondsSinceEpoch() -> Int {
    var now = timespec()
    clock_gettime(CLOCK_REALTIME, &now)
    return now.tv_sec
}

extension FileDescriptor {
    /// What the kernel says about the open file.
    ///
    /// The corresponding C function is `fstat`.
    package func status() throws(Errno) -> FileStatus {
        var status = stat()
        try nothingOrErrno { fstat(rawValue, &status) }.get()
        return FileStatus(status)
    }
}
