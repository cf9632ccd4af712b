import Glibc

/// A pseudo-terminal opened in this process: the controlling side a terminal emulator holds and
/// the terminal side a program reads keys from and draws on. The one pseudo-terminal of the test
/// kit and of the package's tests, and with ``read(timeout:slice:consume:until:)`` their one way
/// of reading what a program drew until something holds.
///
/// Every descriptor is close-on-exec, set under `DescriptorCreationLock`, so that a child spawned
/// at the same moment cannot inherit one and keep the terminal open.
package final class PseudoTerminalPair {
    /// The controlling side, non-blocking: keys are written here, the drawing is read here;
    /// -1 once `hangUp()` closed it.
    package private(set) var controller: Int32
    /// The terminal side, blocking, as a program's terminal is; -1 once `closeTerminal()` closed it.
    package private(set) var terminal: Int32
    /// The terminal side opened once more, non-blocking, for the driver's own writes to it: a
    /// flag on `terminal` would change the program's descriptor too; -1 once `closeTerminal()`
    /// closed it.
    package private(set) var terminalWriter: Int32
    /// The terminal side's path, for a child that opens it to make it its controlling terminal.
    package let terminalPath: String
    /// Whether the terminal side may still send: false once a read found every descriptor of it
    /// closed (`EIO`), or after `hangUp()`.
    package private(set) var isReadable = true

    /// Opens a pair whose window is `columns` × `rows`. The corresponding C function is `openpty`.
    package convenience init(columns: Int, rows: Int) throws(LineEditorDriverError) {
        try self.init(windowSize: (columns, rows))
    }

    /// Opens a pair whose window is `windowSize`, or has no size set (0 × 0, as the kernel opens
    /// one) when it is nil. The corresponding C function is `openpty`.
    package init(windowSize: (columns: Int, rows: Int)?) throws(LineEditorDriverError) {
        var size = winsize(ws_row: UInt16(clamping: windowSize?.rows ?? 0), ws_col: UInt16(clamping: windowSize?.columns ?? 0),
                           ws_xpixel: 0, ws_ypixel: 0)
        let hasSize = windowSize != nil
        (controller, terminal) = try DescriptorCreationLock.shared.withLock { () throws(LineEditorDriverError) in
            var controller: Int32 = -1
            var terminal: Int32 = -1
            let opened = hasSize ? openpty(&controller, &terminal, nil, nil, &size) : openpty(&controller, &terminal, nil, nil, nil)
            guard opened == 0 else { throw .lastSystemError("openpty") }
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
        terminalPath = String(decoding: path.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
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
        closeTerminal()
    }

    /// Closes the controlling side, as closing a terminal window does: from then on the
    /// program's reads of the terminal fail or return end of file.
    package func hangUp() {
        guard controller >= 0 else { return }
        close(controller)
        controller = -1
        isReadable = false
    }

    /// Closes this process's descriptors of the terminal side, once a child that opened it by
    /// ``terminalPath`` holds it: when the child's are closed too, reading the controlling side
    /// finds the end.
    package func closeTerminal() {
        if terminalWriter >= 0 { close(terminalWriter) }
        if terminal >= 0 { close(terminal) }
        terminalWriter = -1
        terminal = -1
    }

    /// Sets the window size the program reads with `TIOCGWINSZ`. The corresponding C call is
    /// `ioctl(TIOCSWINSZ)`.
    package func setWindowSize(columns: Int, rows: Int) throws(LineEditorDriverError) {
        var size = winsize(ws_row: UInt16(clamping: rows), ws_col: UInt16(clamping: columns), ws_xpixel: 0, ws_ypixel: 0)
        guard ioctl(controller, UInt(TIOCSWINSZ), &size) == 0 else { throw .lastSystemError("ioctl(TIOCSWINSZ)") }
    }

    /// The terminal's attributes (`termios`) as bytes, padding zeroed, so that two readings
    /// compare byte for byte. The corresponding C function is `tcgetattr`.
    package func attributeBytes() -> [UInt8] {
        withUnsafeTemporaryAllocation(byteCount: MemoryLayout<termios>.size, alignment: MemoryLayout<termios>.alignment) { buffer in
            buffer.initializeMemory(as: UInt8.self, repeating: 0)
            guard let base = buffer.baseAddress, tcgetattr(terminal, base.bindMemory(to: termios.self, capacity: 1)) == 0
            else { return [] }
            return Array(UnsafeRawBufferPointer(buffer))
        }
    }

    /// Whether the terminal reads keys raw: no line editing (`ICANON`) and no echo (`ECHO`).
    package var isRaw: Bool {
        var attributes = termios()
        guard tcgetattr(terminal, &attributes) == 0 else { return false }
        return attributes.c_lflag & tcflag_t(ICANON | ECHO) == 0
    }

    // MARK: - Reading what the program drew

    /// Reads what the program drew, passing each chunk to `consume`, until `isDone` holds or
    /// `timeout` seconds passed; returns whether it held. `isDone` is asked first and after each
    /// wait, which is a `poll` of at most `slice` seconds against a monotonic deadline: nothing
    /// sleeps for a fixed time. Once the terminal side is closed it goes on asking, so that a
    /// condition on something else (a child's exit) can still come true.
    package func read(timeout: Double, slice: Double = 0.02, consume: ([UInt8]) -> Void, until isDone: () -> Bool) -> Bool {
        let deadline = MonotonicClock.now() + timeout
        while true {
            if isDone() { return true }
            let remaining = deadline - MonotonicClock.now()
            guard remaining > 0 else { return false }
            var descriptor = pollfd(fd: isReadable ? controller : -1, events: Int16(POLLIN), revents: 0)
            if poll(&descriptor, 1, MonotonicClock.pollTimeout(min(remaining, slice))) > 0 { readAvailable(consume) }
        }
    }

    /// Reads, without waiting, everything the program drew that is there now, passing each
    /// chunk to `consume`.
    package func readAvailable(_ consume: ([UInt8]) -> Void) {
        guard isReadable else { return }
        // EIO: every descriptor of the terminal side is closed, and what they wrote was read.
        isReadable = Self.readAvailable(from: controller, consume)
    }

    /// Reads from a non-blocking `descriptor` until it would block, passing each chunk to
    /// `consume`; returns false once it reports end of file or an error.
    package static func readAvailable(from descriptor: Int32, _ consume: ([UInt8]) -> Void) -> Bool {
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = buffer.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
            if count > 0 {
                consume(Array(buffer[0..<count]))
                continue
            }
            if count < 0 && errno == EINTR { continue }
            return count < 0 && errno == EAGAIN
        }
    }
}
