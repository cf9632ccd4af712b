import Glibc
import GhostlineTesting

/// Runs a program in a new pseudo-terminal and lets a test type into it, read what it draws
/// (interpreted by a `VirtualScreen`), resize it, signal it and wait for it to exit.
///
/// The child is a session leader whose controlling terminal is the pty slave, so `/dev/tty`,
/// job-control signals and `SIGWINCH` work as in a real terminal. The pty starts with the
/// kernel's default attributes (canonical mode, echo, `ONLCR`). Every wait is a bounded `poll`
/// loop against a monotonic deadline; nothing sleeps for a fixed time.
public final class PseudoTerminalSession {
    /// The child's process ID.
    public let processIdentifier: Int32
    /// Everything read from the terminal so far, interpreted. Cursor position requests the
    /// program sends are answered as a terminal would.
    public private(set) var screen: VirtualScreen
    /// The raw bytes read from the terminal so far.
    public private(set) var output: [UInt8] = []
    /// The bytes the child wrote to its standard output when it was captured.
    public private(set) var standardOutput: [UInt8] = []
    /// How the child ended, once a wait has seen it end.
    public private(set) var exitStatus: ExitStatus?
    /// The terminal's attributes (`termios` bytes) before the child started, to compare with
    /// `terminalAttributes()` after it has run.
    public let initialTerminalAttributes: [UInt8]

    /// The terminal, the test kit's: this process keeps only its controlling side open.
    private let pty: PseudoTerminalPair
    private var standardOutputDescriptor: Int32?

    /// How long `send` waits for the child to read its input before giving up.
    private static let sendTimeout = 10.0
    /// The longest single `poll`, so that process exit is noticed even without output.
    private static let pollSlice = 0.02

    /// Starts `executable` (looked up in `PATH` when it has no slash) with `arguments` in a new
    /// pseudo-terminal of `columns` × `rows`.
    ///
    /// The child sees `TERM=xterm-256color`, `LC_ALL=C.UTF-8`, the test's `PATH` and sanitizer
    /// settings (see ``sanitizerOptions()``), overridden and extended by `environment`. The pty
    /// is its stdin, stdout and stderr, unless `captureStandardOutput` is true: then stdout is a
    /// pipe, collected in `standardOutput`, as for `x=$(program)` in a shell. With
    /// `answersKeyboardProtocol` the screen answers the probe as a kitty-protocol terminal does
    /// (``VirtualScreen/answersKeyboardProtocol``). `configureScreen` sets the rest of how the
    /// screen behaves (the widths it draws clusters in, say) before the child writes anything.
    public init(
        executable: String,
        arguments: [String],
        columns: Int = 80,
        rows: Int = 24,
        environment: [String: String] = [:],
        captureStandardOutput: Bool = false,
        answersKeyboardProtocol: Bool = false,
        configureScreen: (inout VirtualScreen) -> Void = { _ in }
    ) throws {
        var fullEnvironment = [
            "TERM": "xterm-256color",
            "LC_ALL": "C.UTF-8",
            // No init file of the machine's (Debian's /etc/inputrc, the user's ~/.inputrc) binds keys.
            "INPUTRC": "/dev/null",
            "PATH": getenv("PATH").map { String(cString: $0) } ?? "/usr/local/bin:/usr/bin:/bin",
        ]
        fullEnvironment.merge(sanitizerOptions()) { _, option in option }
        fullEnvironment.merge(environment) { _, override in override }
        let pty = try PseudoTerminalPair(columns: columns, rows: rows)
        let terminalPath = pty.terminalPath
        self.pty = pty
        initialTerminalAttributes = try Self.terminalAttributes(of: pty.controller)
        let launch = try DescriptorCreationLock.shared.withLock { () throws(SystemCallError) in
            try Self.launch(
                executable: executable, arguments: arguments, environment: fullEnvironment,
                terminalPath: terminalPath, captureStandardOutput: captureStandardOutput)
        }
        // The child opened the terminal side by its path and holds it now.
        pty.closeTerminal()
        processIdentifier = launch.processIdentifier
        standardOutputDescriptor = launch.standardOutputDescriptor
        screen = VirtualScreen(columns: columns, rows: rows)
        screen.answersKeyboardProtocol = answersKeyboardProtocol
        configureScreen(&screen)
    }

    deinit {
        if exitStatus == nil {
            kill(processIdentifier, SIGKILL)
            var status: Int32 = 0
            while waitpid(processIdentifier, &status, 0) == -1, errno == EINTR {}
        }
        if let standardOutputDescriptor {
            close(standardOutputDescriptor)
        }
    }

    // MARK: - Talking to the child

    /// Types `bytes` into the terminal, reading output meanwhile so that a child echoing a long
    /// input cannot block. Throws when the terminal is gone or the child stops reading for
    /// ten seconds.
    public func send(_ bytes: [UInt8]) throws {
        let deadline = MonotonicClock.now() + Self.sendTimeout
        var offset = 0
        while offset < bytes.count {
            let written = bytes[offset...].withUnsafeBytes {
                write(pty.controller, $0.baseAddress, $0.count)
            }
            if written > 0 {
                offset += written
                continue
            }
            let error = errno
            guard written < 0, error == EINTR || error == EAGAIN else {
                throw SystemCallError(operation: "write", errorNumber: error)
            }
            guard MonotonicClock.now() < deadline else {
                throw SystemCallError(operation: "write", errorNumber: ETIMEDOUT)
            }
            readAvailableOutput(waitingUpTo: Self.pollSlice)
        }
        try answerQueries()
    }

    /// Types the UTF-8 encoding of `text` into the terminal.
    public func send(_ text: String) throws {
        try send(Array(text.utf8))
    }

    /// Reads output until `condition` holds or `timeout` seconds pass; returns whether it held.
    @discardableResult
    public func waitUntil(
        timeout: Double = 5, _ condition: (PseudoTerminalSession) -> Bool
    ) -> Bool {
        pty.read(timeout: timeout, slice: Self.pollSlice, consume: show) {
            tend()
            return condition(self)
        }
    }

    /// Waits up to `timeout` seconds for the child to end, reading its output meanwhile and,
    /// once it has ended, whatever output is still on its way. Returns `nil` on timeout.
    public func waitForExit(timeout: Double = 5) -> ExitStatus? {
        let ended = pty.read(timeout: timeout, slice: Self.pollSlice, consume: show) {
            tend()
            return exitStatus != nil
        }
        guard ended else { return nil }
        // A grandchild may keep the terminal open; it must not make this wait forever.
        _ = pty.read(timeout: 1, slice: Self.pollSlice, consume: show) {
            tend()
            return !pty.isReadable && standardOutputDescriptor == nil
        }
        return exitStatus
    }

    /// Sends `signal` to the child, unless it has already been reaped (its process ID may then
    /// belong to another process). The corresponding C function is `kill`.
    public func signal(_ signal: Int32) {
        guard exitStatus == nil else { return }
        kill(processIdentifier, signal)
    }

    // MARK: - The terminal

    /// Closes the terminal's controlling side, as closing a terminal window does: the kernel
    /// hangs the terminal up, sends `SIGHUP` to the child's session, and from then on the child's
    /// reads of it return end of file and its writes fail with `EIO`. Nothing more can be typed
    /// or read from the terminal; the child's captured standard output still can.
    public func hangUp() {
        pty.hangUp()
    }

    /// Changes the terminal's size, which makes the kernel send `SIGWINCH` to the child's
    /// foreground process group, and resizes `screen` to match. The corresponding C call is
    /// `ioctl(TIOCSWINSZ)`.
    public func resize(columns: Int, rows: Int) throws {
        do {
            try pty.setWindowSize(columns: columns, rows: rows)
        } catch {
            throw SystemCallError.lastError("ioctl(TIOCSWINSZ)")
        }
        screen.resize(columns: columns, rows: rows)
    }

    /// The terminal's current attributes as the raw bytes of a `termios`, padding zeroed, so
    /// that two snapshots can be compared byte for byte. The corresponding C function is
    /// `tcgetattr`, applied to the master, which reports the slave's attributes.
    public func terminalAttributes() throws -> [UInt8] {
        try Self.terminalAttributes(of: pty.controller)
    }

    /// Whether canonical (line-by-line) input is off, as it is while a line editor runs in raw
    /// mode; `false` when the attributes cannot be read.
    public var isInNonCanonicalMode: Bool {
        var attributes = termios()
        guard tcgetattr(pty.controller, &attributes) == 0 else { return false }
        return attributes.c_lflag & tcflag_t(ICANON) == 0
    }

    // MARK: - Reading

    /// What is done between the waits for the terminal's output: the child's captured standard
    /// output read, its queries answered, its exit noticed.
    private func tend() {
        readStandardOutput()
        try? answerQueries()
        reapIfExited()
    }

    /// Waits up to `seconds` for output or for room to write, then reads all output that is
    /// available.
    private func readAvailableOutput(waitingUpTo seconds: Double) {
        var descriptor = pollfd(fd: pty.controller, events: Int16(POLLOUT) | (pty.isReadable ? Int16(POLLIN) : 0), revents: 0)
        _ = poll(&descriptor, 1, MonotonicClock.pollTimeout(seconds))
        pty.readAvailable(show)
        readStandardOutput()
    }

    /// Puts what the terminal was given to draw on the screen.
    private func show(_ chunk: [UInt8]) {
        output += chunk
        screen.feed(chunk)
    }

    private func readStandardOutput() {
        guard let descriptor = standardOutputDescriptor else { return }
        let isOpen = PseudoTerminalPair.readAvailable(from: descriptor) { standardOutput += $0 }
        if !isOpen {
            close(descriptor)
            standardOutputDescriptor = nil
        }
    }

    /// Writes the terminal's replies to the queries the child sent, as a terminal would.
    private func answerQueries() throws {
        while case let replies = screen.takePendingReplies(), !replies.isEmpty {
            try send(replies)
        }
    }

    private func reapIfExited() {
        guard exitStatus == nil else { return }
        var status: Int32 = 0
        var result: pid_t
        repeat {
            result = waitpid(processIdentifier, &status, WNOHANG)
        } while result == -1 && errno == EINTR
        if result == processIdentifier {
            exitStatus = ExitStatus(waitStatus: status)
        }
    }

    // MARK: - Starting

    private struct Launch {
        var processIdentifier: pid_t
        var standardOutputDescriptor: Int32?
    }

    /// Opens the stdout pipe when asked, spawns the child on the terminal at `terminalPath` and
    /// keeps the parent's end of the pipe. Must run under `DescriptorCreationLock`.
    private static func launch(
        executable: String,
        arguments: [String],
        environment: [String: String],
        terminalPath: String,
        captureStandardOutput: Bool
    ) throws(SystemCallError) -> Launch {
        var pipeDescriptors: [Int32] = [-1, -1]
        do throws(SystemCallError) {
            if captureStandardOutput {
                guard pipe(&pipeDescriptors) == 0 else { throw SystemCallError.lastError("pipe") }
                try setCloseOnExec(pipeDescriptors[0])
                try setCloseOnExec(pipeDescriptors[1])
            }
            let processIdentifier = try ProcessSpawner.spawn(
                executable: executable, arguments: arguments, environment: environment,
                terminalPath: terminalPath,
                standardOutput: captureStandardOutput ? pipeDescriptors[1] : nil)
            if captureStandardOutput {
                close(pipeDescriptors[1])
                _ = fcntl(pipeDescriptors[0], F_SETFL, fcntl(pipeDescriptors[0], F_GETFL) | O_NONBLOCK)
            }
            return Launch(
                processIdentifier: processIdentifier,
                standardOutputDescriptor: captureStandardOutput ? pipeDescriptors[0] : nil)
        } catch {
            for descriptor in pipeDescriptors where descriptor >= 0 {
                close(descriptor)
            }
            throw error
        }
    }

    private static func setCloseOnExec(_ descriptor: Int32) throws(SystemCallError) {
        guard fcntl(descriptor, F_SETFD, FD_CLOEXEC) == 0 else {
            throw SystemCallError.lastError("fcntl(F_SETFD)")
        }
    }

    private static func terminalAttributes(of descriptor: Int32) throws(SystemCallError) -> [UInt8] {
        // Raw memory zeroed by hand, because a Swift `termios` value need not keep its padding.
        try withUnsafeTemporaryAllocation(
            byteCount: MemoryLayout<termios>.size, alignment: MemoryLayout<termios>.alignment
        ) { (buffer) throws(SystemCallError) -> [UInt8] in
            buffer.initializeMemory(as: UInt8.self, repeating: 0)
            guard let base = buffer.baseAddress,
                  tcgetattr(descriptor, base.bindMemory(to: termios.self, capacity: 1)) == 0
            else { throw SystemCallError.lastError("tcgetattr") }
            return Array(UnsafeRawBufferPointer(buffer))
        }
    }
}
