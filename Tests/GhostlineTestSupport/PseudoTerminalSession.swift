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

    /// The terminal's controlling side; -1 once `hangUp()` closed it.
    private var masterDescriptor: Int32
    private var isMasterOpenForReading = true
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
    /// pipe, collected in `standardOutput`, as for `x=$(program)` in a shell.
    public init(
        executable: String,
        arguments: [String],
        columns: Int = 80,
        rows: Int = 24,
        environment: [String: String] = [:],
        captureStandardOutput: Bool = false
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
        var size = winsize(
            ws_row: UInt16(clamping: rows), ws_col: UInt16(clamping: columns), ws_xpixel: 0,
            ws_ypixel: 0)
        let launch = try DescriptorCreationLock.shared.withLock { () throws(SystemCallError) in
            try Self.launch(
                executable: executable, arguments: arguments, environment: fullEnvironment,
                size: &size, captureStandardOutput: captureStandardOutput)
        }
        processIdentifier = launch.processIdentifier
        masterDescriptor = launch.masterDescriptor
        standardOutputDescriptor = launch.standardOutputDescriptor
        initialTerminalAttributes = launch.initialTerminalAttributes
        screen = VirtualScreen(columns: columns, rows: rows)
    }

    deinit {
        if exitStatus == nil {
            kill(processIdentifier, SIGKILL)
            var status: Int32 = 0
            while waitpid(processIdentifier, &status, 0) == -1, errno == EINTR {}
        }
        if masterDescriptor >= 0 { close(masterDescriptor) }
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
                write(masterDescriptor, $0.baseAddress, $0.count)
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
            readAvailableOutput(waitingUpTo: Self.pollSlice, orUntilWritable: true)
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
        let deadline = MonotonicClock.now() + timeout
        while true {
            if condition(self) { return true }
            let remaining = deadline - MonotonicClock.now()
            guard remaining > 0 else { return false }
            step(waitingUpTo: min(remaining, Self.pollSlice))
        }
    }

    /// Waits up to `timeout` seconds for the child to end, reading its output meanwhile and,
    /// once it has ended, whatever output is still on its way. Returns `nil` on timeout.
    public func waitForExit(timeout: Double = 5) -> ExitStatus? {
        let deadline = MonotonicClock.now() + timeout
        while exitStatus == nil {
            let remaining = deadline - MonotonicClock.now()
            guard remaining > 0 else { return nil }
            step(waitingUpTo: min(remaining, Self.pollSlice))
        }
        // A grandchild may keep the terminal open; it must not make this wait forever.
        let drainDeadline = MonotonicClock.now() + 1
        while isMasterOpenForReading || standardOutputDescriptor != nil {
            let remaining = drainDeadline - MonotonicClock.now()
            guard remaining > 0 else { break }
            step(waitingUpTo: min(remaining, Self.pollSlice))
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
        guard masterDescriptor >= 0 else { return }
        close(masterDescriptor)
        masterDescriptor = -1
        isMasterOpenForReading = false
    }

    /// Changes the terminal's size, which makes the kernel send `SIGWINCH` to the child's
    /// foreground process group, and resizes `screen` to match. The corresponding C call is
    /// `ioctl(TIOCSWINSZ)`.
    public func resize(columns: Int, rows: Int) throws {
        var size = winsize(
            ws_row: UInt16(clamping: rows), ws_col: UInt16(clamping: columns), ws_xpixel: 0,
            ws_ypixel: 0)
        guard ioctl(masterDescriptor, UInt(TIOCSWINSZ), &size) == 0 else {
            throw SystemCallError.lastError("ioctl(TIOCSWINSZ)")
        }
        screen.resize(columns: columns, rows: rows)
    }

    /// The terminal's current attributes as the raw bytes of a `termios`, padding zeroed, so
    /// that two snapshots can be compared byte for byte. The corresponding C function is
    /// `tcgetattr`, applied to the master, which reports the slave's attributes.
    public func terminalAttributes() throws -> [UInt8] {
        try Self.terminalAttributes(of: masterDescriptor)
    }

    /// Whether canonical (line-by-line) input is off, as it is while a line editor runs in raw
    /// mode; `false` when the attributes cannot be read.
    public var isInNonCanonicalMode: Bool {
        var attributes = termios()
        guard tcgetattr(masterDescriptor, &attributes) == 0 else { return false }
        return attributes.c_lflag & tcflag_t(ICANON) == 0
    }

    // MARK: - Reading

    /// One round of waiting: reads output, answers queries and notices whether the child ended.
    private func step(waitingUpTo seconds: Double) {
        readAvailableOutput(waitingUpTo: seconds, orUntilWritable: false)
        try? answerQueries()
        reapIfExited()
    }

    /// Waits up to `seconds` for output (or, when asked, for room to write), then reads all
    /// output that is available.
    private func readAvailableOutput(waitingUpTo seconds: Double, orUntilWritable: Bool) {
        var descriptors: [pollfd] = []
        if isMasterOpenForReading || orUntilWritable {
            var events = isMasterOpenForReading ? Int16(POLLIN) : 0
            if orUntilWritable { events |= Int16(POLLOUT) }
            descriptors.append(pollfd(fd: masterDescriptor, events: events, revents: 0))
        }
        if let standardOutputDescriptor {
            descriptors.append(pollfd(fd: standardOutputDescriptor, events: Int16(POLLIN), revents: 0))
        }
        let ready = poll(&descriptors, nfds_t(descriptors.count), MonotonicClock.pollTimeout(seconds))
        guard ready > 0 else { return }
        for descriptor in descriptors where descriptor.revents & ~Int16(POLLOUT) != 0 {
            if descriptor.fd == masterDescriptor {
                if isMasterOpenForReading { readTerminal() }
            } else {
                readStandardOutput()
            }
        }
    }

    private func readTerminal() {
        let isOpen = Self.readAll(from: masterDescriptor) { chunk in
            output += chunk
            screen.feed(chunk)
        }
        // EIO: every slave descriptor is closed, and the kernel has delivered what they wrote.
        isMasterOpenForReading = isOpen
    }

    private func readStandardOutput() {
        guard let descriptor = standardOutputDescriptor else { return }
        let isOpen = Self.readAll(from: descriptor) { standardOutput += $0 }
        if !isOpen {
            close(descriptor)
            standardOutputDescriptor = nil
        }
    }

    /// Reads from a non-blocking `descriptor` until it would block, passing each chunk to
    /// `consume`; returns `false` once it reports end of file or an error.
    private static func readAll(from descriptor: Int32, _ consume: ([UInt8]) -> Void) -> Bool {
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count > 0 {
                consume(Array(buffer[0..<count]))
                continue
            }
            if count < 0, errno == EINTR { continue }
            return count < 0 && errno == EAGAIN
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
        var masterDescriptor: Int32
        var standardOutputDescriptor: Int32?
        var initialTerminalAttributes: [UInt8]
    }

    /// Opens the pty (and the stdout pipe), spawns the child on it and keeps the parent's ends.
    /// Must run under `DescriptorCreationLock`.
    private static func launch(
        executable: String,
        arguments: [String],
        environment: [String: String],
        size: inout winsize,
        captureStandardOutput: Bool
    ) throws(SystemCallError) -> Launch {
        var master: Int32 = -1
        var slave: Int32 = -1
        guard openpty(&master, &slave, nil, nil, &size) == 0 else {
            throw SystemCallError.lastError("openpty")
        }
        // The child opens the slave by name to make it its controlling terminal.
        defer { close(slave) }
        var pipeDescriptors: [Int32] = [-1, -1]
        do throws(SystemCallError) {
            try setCloseOnExec(master)
            try setCloseOnExec(slave)
            let terminalPath = try path(ofTerminal: slave)
            let initialAttributes = try terminalAttributes(of: master)
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
            _ = fcntl(master, F_SETFL, fcntl(master, F_GETFL) | O_NONBLOCK)
            return Launch(
                processIdentifier: processIdentifier, masterDescriptor: master,
                standardOutputDescriptor: captureStandardOutput ? pipeDescriptors[0] : nil,
                initialTerminalAttributes: initialAttributes)
        } catch {
            close(master)
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

    private static func path(ofTerminal descriptor: Int32) throws(SystemCallError) -> String {
        var buffer = [CChar](repeating: 0, count: 256)
        let result = ttyname_r(descriptor, &buffer, buffer.count)
        guard result == 0 else { throw SystemCallError(operation: "ttyname_r", errorNumber: result) }
        return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
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
