import Glibc
import GhostlineTerminal
import GhostlineTesting

/// The test kit's pseudo-terminal as descriptors of the terminal layer, its window size not set:
/// `terminal` is what a program sees (the slave side), `controller` is what a terminal emulator
/// holds (the master side, non-blocking).
final class PseudoTerminal {
    let pair: PseudoTerminalPair
    let controller: FileDescriptor
    let terminal: FileDescriptor

    init() throws {
        pair = try PseudoTerminalPair(windowSize: nil)
        controller = FileDescriptor(rawValue: pair.controller)
        terminal = FileDescriptor(rawValue: pair.terminal)
    }

    /// Hangs up the terminal side, as closing a terminal window does.
    func closeController() {
        pair.hangUp()
    }

    /// Switches the terminal side to raw mode without a session, so the test touches no
    /// process-wide state.
    func makeTerminalRaw() throws {
        try TerminalAttributes.read(from: terminal).makingRaw().apply(to: terminal)
    }

    /// Reads what the program wrote until `count` bytes arrived or `timeout` seconds passed.
    func readFromController(count: Int, timeout: Double = 10) throws -> [UInt8] {
        var received: [UInt8] = []
        _ = pair.read(timeout: timeout, consume: { received += $0 }, until: { received.count >= count })
        return received
    }
}

/// The terminal's attributes as the C structure's bytes, read with `tcgetattr` directly so the
/// check does not depend on the code under test.
func attributeBytes(of descriptor: FileDescriptor) -> [UInt8] {
    var attributes = termios()
    guard tcgetattr(descriptor.rawValue, &attributes) == 0 else {
        return []
    }
    return withUnsafeBytes(of: &attributes) { Array($0) }
}

/// The terminal's attributes read with `tcgetattr` directly.
func cAttributes(of descriptor: FileDescriptor) -> termios {
    var attributes = termios()
    tcgetattr(descriptor.rawValue, &attributes)
    return attributes
}

/// A pipe, closed when released.
final class Pipe {
    let readEnd: FileDescriptor
    let writeEnd: FileDescriptor

    init() throws {
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else {
            throw Errno.current
        }
        readEnd = FileDescriptor(rawValue: ends[0])
        writeEnd = FileDescriptor(rawValue: ends[1])
    }

    deinit {
        try? readEnd.close()
        try? writeEnd.close()
    }
}

/// Runs `body` on a new POSIX thread; `join()` waits for it to finish.
final class TestThread {
    private final class Work {
        let body: () -> Void
        init(_ body: @escaping () -> Void) {
            self.body = body
        }
    }

    /// The thread, for `pthread_kill`.
    private(set) var thread = pthread_t()

    init(_ body: @escaping () -> Void) {
        let work = Unmanaged.passRetained(Work(body)).toOpaque()
        pthread_create(&thread, nil, { context in
            if let context {
                Unmanaged<Work>.fromOpaque(context).takeRetainedValue().body()
            }
            return nil
        }, work)
    }

    func join() {
        pthread_join(thread, nil)
    }
}

/// How a child process ended or stopped, decoded from a `waitpid` status.
enum ChildStatus: Equatable {
    case exited(Int32)
    case killed(by: Int32)
    case stopped(by: Int32)
    case stillRunning

    /// Whether the child is gone and reaped, so its process ID may already belong to another.
    var isFinished: Bool {
        switch self {
        case .exited, .killed: true
        case .stopped, .stillRunning: false
        }
    }
}

/// Waits for the child to change state, polling for at most `timeoutMilliseconds`.
func waitForChild(_ child: pid_t, timeoutMilliseconds: Int = 10000) -> ChildStatus {
    for _ in 0..<timeoutMilliseconds {
        var status: Int32 = 0
        let result = waitpid(child, &status, WNOHANG | WUNTRACED)
        if result == child {
            if status & 0xff == 0x7f {
                return .stopped(by: (status >> 8) & 0xff)
            }
            if status & 0x7f == 0 {
                return .exited((status >> 8) & 0xff)
            }
            return .killed(by: status & 0x7f)
        }
        if result == -1 {
            return .stillRunning
        }
        usleep(1000)
    }
    return .stillRunning
}
