import Glibc

/// A system call that failed while driving a process in a pseudo-terminal.
public struct SystemCallError: Error, Equatable, CustomStringConvertible {
    /// The C function that failed, such as `"posix_spawn"`.
    public var operation: String
    /// The `errno` value it reported.
    public var errorNumber: Int32

    /// Creates an error for `operation` failing with `errorNumber`.
    public init(operation: String, errorNumber: Int32) {
        self.operation = operation
        self.errorNumber = errorNumber
    }

    /// Creates an error for `operation` from the current `errno`.
    static func lastError(_ operation: String) -> SystemCallError {
        SystemCallError(operation: operation, errorNumber: errno)
    }

    /// The operation and the system's message for the error number.
    public var description: String {
        guard let message = strerror(errorNumber) else {
            return "\(operation) failed with errno \(errorNumber)"
        }
        return "\(operation) failed: \(String(cString: message))"
    }
}
