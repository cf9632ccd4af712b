/// How a child process ended.
public enum ExitStatus: Equatable, Sendable {
    /// It called `exit` with this status.
    case exited(Int32)
    /// A signal with this number terminated it.
    case signaled(Int32)

    /// Decodes a status from `waitpid`; `nil` for a stopped or continued process, which has not
    /// ended. The C macros (`WIFEXITED` and friends) are not visible from Swift.
    init?(waitStatus status: Int32) {
        let terminatingSignal = status & 0x7F
        switch terminatingSignal {
        case 0:
            self = .exited((status >> 8) & 0xFF)
        case 0x7F:
            return nil
        default:
            self = .signaled(terminatingSignal)
        }
    }
}
