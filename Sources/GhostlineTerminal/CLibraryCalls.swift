// `@preconcurrency` lets this file read glibc's `environ` (a C global Swift 6 would refuse).
@preconcurrency import Glibc
import SwiftOverlayShims

// C's `open`, `fcntl` and `ioctl` take variable arguments, which Swift cannot call, and a few of
// glibc's constants are macros Swift cannot import. The Glibc module's Swift wrappers for them
// all live in one object file with that module's math functions: a static program that calls any
// of them links it whole, with most of libm. So the module calls the same inline shims the
// wrappers call, and names the constants itself (`make size` fails if a wrapper comes back).

/// Opens a file; the corresponding C function is `open`.
package func openFile(_ path: UnsafePointer<CChar>, _ flags: Int32, _ permissions: mode_t = 0) -> Int32 {
    _swift_stdlib_open(path, flags, permissions)
}

/// Reads or changes a descriptor's flags; the corresponding C function is `fcntl`.
package func controlDescriptor(_ descriptor: Int32, _ command: Int32, _ value: Int32 = 0) -> Int32 {
    _swift_stdlib_fcntl(descriptor, command, value)
}

/// Asks a device something through a pointer; the corresponding C function is `ioctl`.
package func controlDevice(_ descriptor: Int32, _ request: Int32, _ argument: UnsafeMutableRawPointer) -> Int32 {
    _swift_stdlib_ioctlPtr(descriptor, UInt(request), argument)
}

/// The process's environment as C's `environ` holds it.
package var processEnvironment: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? {
    SwiftGlibc.__environ
}

/// The file-type bits of a `stat` mode (`S_IFMT`) and the values they take.
package enum FileTypeBits {
    /// The mask of the type bits (`S_IFMT`).
    package static let mask = mode_t(SwiftGlibc.S_IFMT)
    /// A regular file (`S_IFREG`).
    package static let regularFile = mode_t(SwiftGlibc.S_IFREG)
    /// A block device (`S_IFBLK`).
    package static let blockDevice = mode_t(SwiftGlibc.S_IFBLK)
    /// A pipe or FIFO (`S_IFIFO`).
    package static let pipe = mode_t(SwiftGlibc.S_IFIFO)
    /// A socket (`S_IFSOCK`).
    package static let socket = mode_t(SwiftGlibc.S_IFSOCK)
    /// A symbolic link (`S_IFLNK`).
    package static let symbolicLink = mode_t(SwiftGlibc.S_IFLNK)
}

/// A signal's default disposition (`SIG_DFL`, the null handler).
package let defaultSignalHandler: __sighandler_t? = nil

/// The disposition that ignores a signal (`SIG_IGN`, the handler whose address is 1).
package let ignoringSignalHandler: __sighandler_t? = unsafeBitCast(1, to: __sighandler_t.self)
