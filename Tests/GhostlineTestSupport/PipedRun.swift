import Glibc
import GhostlineTesting

/// What a program did when run with its standard input and output redirected to files.
public struct PipedRun: Sendable {
    /// How it ended, or nil when it was still running at the deadline (it is then killed).
    public var status: ExitStatus?
    /// Everything it wrote to standard output.
    public var standardOutput: [UInt8]
    /// Everything it wrote to standard error.
    public var standardError: [UInt8]

    /// How the test reads a program's standard output.
    public enum OutputReading: Sendable {
        /// Into a file, read when the program has ended.
        case file
        /// From a pipe, slowly: at most `chunk` bytes a read, a pause of `pauseMilliseconds`
        /// after each, so that the program's writes find the pipe full and are cut short.
        case slowPipe(chunk: Int, pauseMilliseconds: Int)
    }

    /// Runs `executable` with `input` as its standard input (or the file at `inputPath`, or the
    /// open descriptor `inputDescriptor`, a socket say), no terminal at all (a new session), and
    /// waits at most `timeout` seconds. The program also gets the test's sanitizer settings
    /// (see ``sanitizerOptions()``) unless `environment` sets them.
    public static func run(_ executable: String, arguments: [String], input: [UInt8] = [], inputPath: String? = nil,
                           inputDescriptor: Int32? = nil,
                           environment: [String: String] = ["TERM": "xterm-256color", "LC_ALL": "C.UTF-8"],
                           outputReading: OutputReading = .file, timeout: Double = 10) throws -> PipedRun {
        let directory = temporaryDirectory()
        defer { removeTree(directory) }
        let inputFile = inputPath ?? directory + "/stdin"
        if inputPath == nil && inputDescriptor == nil { try write(input, to: inputFile) }
        let outputFile = directory + "/stdout", errorFile = directory + "/stderr"
        var outputPipe: [Int32] = [-1, -1]
        if case .slowPipe = outputReading {
            // Close-on-exec before any other test can spawn a child that would inherit it.
            let made = DescriptorCreationLock.shared.withLock {
                pipe(&outputPipe) == 0 && fcntl(outputPipe[0], F_SETFD, FD_CLOEXEC) == 0 && fcntl(outputPipe[1], F_SETFD, FD_CLOEXEC) == 0
            }
            guard made else { throw SystemCallError(operation: "pipe", errorNumber: errno) }
        }
        defer { for end in outputPipe where end >= 0 { close(end) } }

        let argumentStrings = ([executable] + arguments).map { strdup($0) }
        let fullEnvironment = environment.merging(sanitizerOptions()) { given, _ in given }
        let environmentStrings = fullEnvironment.sorted { $0.key < $1.key }.map { strdup("\($0.key)=\($0.value)") }
        defer {
            argumentStrings.forEach { free($0) }
            environmentStrings.forEach { free($0) }
        }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        if let inputDescriptor {
            posix_spawn_file_actions_adddup2(&actions, inputDescriptor, STDIN_FILENO)
        } else {
            posix_spawn_file_actions_addopen(&actions, STDIN_FILENO, inputFile, O_RDONLY, 0)
        }
        if outputPipe[1] >= 0 {
            posix_spawn_file_actions_adddup2(&actions, outputPipe[1], STDOUT_FILENO)
        } else {
            posix_spawn_file_actions_addopen(&actions, STDOUT_FILENO, outputFile, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        }
        posix_spawn_file_actions_addopen(&actions, STDERR_FILENO, errorFile, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        // A new session has no controlling terminal, so the program cannot fall back on /dev/tty.
        posix_spawnattr_setflags(&attributes, Int16(0x80))
        var processIdentifier: pid_t = 0
        let result = posix_spawn(&processIdentifier, executable, &actions, &attributes,
                                 argumentStrings + [nil], environmentStrings + [nil])
        guard result == 0 else { throw SystemCallError(operation: "posix_spawn \(executable)", errorNumber: result) }

        var status: ExitStatus?
        let deadline = MonotonicClock.now() + timeout
        var pipedOutput: [UInt8] = []
        if case .slowPipe(let chunk, let pause) = outputReading {
            close(outputPipe[1])
            outputPipe[1] = -1
            pipedOutput = readSlowly(outputPipe[0], chunk: chunk, pauseMilliseconds: pause, until: deadline)
        }
        while status == nil && MonotonicClock.now() < deadline {
            var raw: Int32 = 0
            if waitpid(processIdentifier, &raw, WNOHANG) == processIdentifier {
                status = ExitStatus(waitStatus: raw)
            } else {
                var slice = timespec(tv_sec: 0, tv_nsec: 5_000_000)
                nanosleep(&slice, nil)
            }
        }
        if status == nil {
            kill(processIdentifier, SIGKILL)
            var raw: Int32 = 0
            waitpid(processIdentifier, &raw, 0)
        }
        let output = outputPipe[0] >= 0 ? pipedOutput : read(outputFile)
        return PipedRun(status: status, standardOutput: output, standardError: read(errorFile))
    }

    /// Everything read from `descriptor` until its end or `deadline`, `chunk` bytes at most a
    /// read and a pause after each.
    private static func readSlowly(_ descriptor: Int32, chunk: Int, pauseMilliseconds: Int, until deadline: Double) -> [UInt8] {
        var result: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: chunk)
        while MonotonicClock.now() < deadline {
            var watch = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            guard poll(&watch, 1, 100) >= 0 || errno == EINTR else { break }
            guard watch.revents != 0 else { continue }
            let count = buffer.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
            if count == 0 || (count < 0 && errno != EINTR) { break }
            if count > 0 { result.append(contentsOf: buffer[0..<count]) }
            var pause = timespec(tv_sec: 0, tv_nsec: pauseMilliseconds * 1_000_000)
            nanosleep(&pause, nil)
        }
        return result
    }

    private static func temporaryDirectory() -> String {
        var template = Array("/tmp/ghostline-test-XXXXXX".utf8CString)
        return template.withUnsafeMutableBufferPointer { buffer in
            guard let base = buffer.baseAddress, let made = mkdtemp(base) else { return "/tmp" }
            return String(cString: made)
        }
    }

    private static func write(_ bytes: [UInt8], to path: String) throws {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        guard descriptor >= 0 else { throw SystemCallError(operation: "open \(path)", errorNumber: errno) }
        defer { close(descriptor) }
        var written = 0
        while written < bytes.count {
            let count = bytes[written...].withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress, $0.count) }
            guard count > 0 else { throw SystemCallError(operation: "write \(path)", errorNumber: errno) }
            written += count
        }
    }

    /// The whole content of a file; empty when it cannot be read.
    public static func read(_ path: String) -> [UInt8] {
        let descriptor = open(path, O_RDONLY)
        guard descriptor >= 0 else { return [] }
        defer { close(descriptor) }
        var result: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = chunk.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
            if count <= 0 { return result }
            result.append(contentsOf: chunk[0..<count])
        }
    }

    private static func removeTree(_ directory: String) {
        guard directory != "/tmp" else { return }
        for name in ["stdin", "stdout", "stderr"] { unlink(directory + "/" + name) }
        rmdir(directory)
    }
}
