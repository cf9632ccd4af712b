import Glibc

/// A pseudo-terminal opened in this process: the controlling side a terminal emulator holds and
/// the terminal side a program reads keys from and draws on.
///
/// Every descriptor is close-on-exec, set under `DescriptorCreationLock`, so that a child spawned
/// at the same moment cannot inherit one and keep the terminal open.
final class PseudoTerminalPair {
    /// The controlling side, non-blocking: keys are written here, the drawing is read here;
    /// -1 once `hangUp()` closed it.
    private(set) var controller: Int32
    /// The terminal side, blocking, as a program's terminal is.
    let terminal: Int32
    /// The terminal side opened once more, non-blocking, for the driver's own writes to it: a
    /// flag on `terminal` would change the program's descriptor too.
    let terminalWriter: Int32

    /// Opens a pair whose window is `columns` × `rows`. The corresponding C function is `openpty`.
    init(columns: Int, rows: Int) throws(LineEditorDriverError) {
        var size = winsize(ws_row: UInt16(clamping: rows), ws_col: UInt16(clamping: columns), ws_xpixel: 0, ws_ypixel: 0)
        (controller, terminal) = try DescriptorCreationLock.shared.withLock { () throws(LineEditorDriverError) in
            var controller: Int32 = -1
            var terminal: Int32 = -1
            guard openpty(&controller, &terminal, nil, nil, &size) == 0 else { throw .lastSystemError("openpty") }
            guard fcntl(controller, F_SETFD, FD_CLOEXEC) == 0, fcntl(terminal, F_SETFD, FD_CLOEXEC) == 0,
                  fcntl(controller, F_SETFL, fcntl(controller, F_GETFL) | O_NONBLOCK) == 0
            else {
                let error = LineEditorDriverError.lastSystemError("fcntl")
                close(controller)
                close(terminal)
                throw error
            }
            return (controller, terminal)
        }
        var path = [CChar](repeating: 0, count: 256)
        let result = ttyname_r(terminal, &path, path.count)
        terminalWriter = result == 0 ? open(path, O_WRONLY | O_NOCTTY | O_CLOEXEC | O_NONBLOCK) : -1
        guard terminalWriter >= 0 else {
            let error = result == 0 ? LineEditorDriverError.lastSystemError("open(pseudo-terminal)")
                : .system(operation: "ttyname_r", errorNumber: result)
            close(terminal)
            close(controller)
            throw error
        }
    }

    deinit {
        hangUp()
        close(terminalWriter)
        close(terminal)
    }

    /// Closes the controlling side, as closing a terminal window does: from then on the
    /// program's reads of the terminal fail or return end of file.
    func hangUp() {
        guard controller >= 0 else { return }
        close(controller)
        controller = -1
    }

    /// Sets the window size the program reads with `TIOCGWINSZ`. The corresponding C call is
    /// `ioctl(TIOCSWINSZ)`.
    func setWindowSize(columns: Int, rows: Int) throws(LineEditorDriverError) {
        var size = winsize(ws_row: UInt16(clamping: rows), ws_col: UInt16(clamping: columns), ws_xpixel: 0, ws_ypixel: 0)
        guard ioctl(controller, UInt(TIOCSWINSZ), &size) == 0 else { throw .lastSystemError("ioctl(TIOCSWINSZ)") }
    }

    /// The terminal's attributes (`termios`) as bytes, padding zeroed, so that two readings
    /// compare byte for byte. The corresponding C function is `tcgetattr`.
    func attributeBytes() -> [UInt8] {
        withUnsafeTemporaryAllocation(byteCount: MemoryLayout<termios>.size, alignment: MemoryLayout<termios>.alignment) { buffer in
            buffer.initializeMemory(as: UInt8.self, repeating: 0)
            guard let base = buffer.baseAddress, tcgetattr(terminal, base.bindMemory(to: termios.self, capacity: 1)) == 0
            else { return [] }
            return Array(UnsafeRawBufferPointer(buffer))
        }
    }

    /// Whether the terminal reads keys raw: no line editing (`ICANON`) and no echo (`ECHO`).
    var isRaw: Bool {
        var attributes = termios()
        guard tcgetattr(terminal, &attributes) == 0 else { return false }
        return attributes.c_lflag & tcflag_t(ICANON | ECHO) == 0
    }
}
