import Glibc

/// An error number reported by a failed system call.
///
/// Every throwing function in this module throws an `Errno`, so callers can match on the exact
/// failure (`catch let error as Errno where error == .inputOutput`) without parsing messages.
public struct Errno: Error, Equatable, Sendable, CustomStringConvertible {
    /// The C `errno` value.
    public let rawValue: Int32

    /// Creates an error number from its C value.
    public init(rawValue: Int32) {
        self.rawValue = rawValue
    }

    /// The error number the calling thread's last failed system call left behind.
    ///
    /// The corresponding C variable is `errno`.
    package static var current: Errno {
        Errno(rawValue: errorNumber)
    }

    /// A system call was interrupted by a signal before it did any work (`EINTR`).
    package static let interrupted = Errno(rawValue: EINTR)

    /// A non-blocking call would have had to wait (`EAGAIN`).
    package static let wouldBlock = Errno(rawValue: EAGAIN)

    /// The terminal went away, for example because its window was closed (`EIO`).
    package static let inputOutput = Errno(rawValue: EIO)

    /// The descriptor is not open (`EBADF`).
    package static let badFileDescriptor = Errno(rawValue: EBADF)

    /// The resource is already in use (`EBUSY`).
    package static let resourceBusy = Errno(rawValue: EBUSY)

    /// A write would make the file bigger than the process's file size limit or the file
    /// system allows (`EFBIG`).
    package static let fileTooLarge = Errno(rawValue: EFBIG)

    /// The terminal or device does not exist any more, for example a hung-up line (`ENXIO`).
    package static let noSuchDevice = Errno(rawValue: ENXIO)

    /// The system's message for this error number, as people read it: "Input/output error".
    ///
    /// The corresponding C function is `strerror`.
    public var description: String {
        guard let message = strerror(rawValue) else {
            return "unknown error \(rawValue)"
        }
        return String(cString: message)
    }
}

/// The calling thread's C `errno`, read and written through glibc's own accessor.
///
/// The `errno` of Swift's Glibc module would link that module's whole object file into every
/// program, and with it most of libm.
package var errorNumber: Int32 {
    get { __errno_location().pointee }
    set { __errno_location().pointee = newValue }
}
