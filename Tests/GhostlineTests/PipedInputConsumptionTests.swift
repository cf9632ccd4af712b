import Glibc
import Testing
import Ghostline
import GhostlineTerminal
import GhostlineTesting
import GhostlineTestSupport

/// An entry read from input that is not a terminal takes its line and nothing after it, whatever
/// reads the input next: another `ghostline`, another editor, Swift's `readLine()`, `cat`; with
/// a pipe, a file and a socket as standard input. Only a reader that owns all of the input
/// (`--loop`, `LineEditor.ownsInput`) reads ahead.
@Suite struct PipedInputConsumptionTests {
    /// How the script's standard input is given.
    enum InputKind: String, CaseIterable, CustomTestStringConvertible {
        case pipe, file, socket
        var testDescription: String { rawValue }
    }

    private static let readersPath = builtProductPath("ghostline-piped-readers")

    /// Runs `script` in `sh` with `input` as its standard input through `kind`; the script finds
    /// the CLI in `$G` and the test program of two editors and `readLine()` in `$READERS`.
    private func run(_ script: String, input: [UInt8], through kind: InputKind) throws -> PipedRun {
        try #require(access(ghostlinePath, X_OK) == 0 && access(Self.readersPath, X_OK) == 0, "build first (make test does)")
        let directory = try TemporaryDirectory()
        let inputPath = directory.path("input")
        try writeBytes(input, to: inputPath)
        let environment = ["PATH": "/usr/bin:/bin", "LC_ALL": "C.UTF-8", "TERM": "xterm-256color",
                           "G": ghostlinePath, "READERS": Self.readersPath, "INPUT": inputPath]
        switch kind {
        case .file:
            return try PipedRun.run("/bin/sh", arguments: ["-c", script], inputPath: inputPath, environment: environment, timeout: 20)
        case .pipe:
            // The shell's own pipe, which `cat` fills as the commands read it.
            return try PipedRun.run("/bin/sh", arguments: ["-c", "cat \"$INPUT\" | { \(script); }"], environment: environment, timeout: 20)
        case .socket:
            let socket = try SocketInput(input)
            defer { socket.close() }
            return try PipedRun.run("/bin/sh", arguments: ["-c", script], inputDescriptor: socket.readEnd,
                                    environment: environment, timeout: 20)
        }
    }

    @Test(arguments: InputKind.allCases)
    func aScriptAskingTwoQuestionsGetsBothAnswers(kind: InputKind) throws {
        let script = #"name=$("$G" --prompt "Name: "); email=$("$G" --prompt "Email: "); printf '%s|%s\n' "$name" "$email""#
        let run = try run(script, input: Array("ada\nada@x.org\n".utf8), through: kind)
        #expect(run.status == .exited(0))
        #expect(String(decoding: run.standardOutput, as: UTF8.self) == "ada|ada@x.org\n")
    }

    /// A long line (1 MB from a pipe or a file, more than one read of any size the editor takes),
    /// a line break of `\r\n`, a NUL byte and invalid UTF-8 all stay as they were.
    @Test(arguments: InputKind.allCases)
    func eachCommandTakesItsOwnLineAndCatTheRest(kind: InputKind) throws {
        let long = [UInt8](repeating: UInt8(ascii: "x"), count: kind == .socket ? 100_000 : 1_000_000)
        let input = long + Array("\r\na\0".utf8) + [0xFF] + Array("b\nc\ntail without a line break".utf8)
        let run = try run(#""$G"; "$G"; cat"#, input: input, through: kind)
        #expect(run.status == .exited(0))
        let expected = long + Array("\na\0\u{FFFD}b\nc\ntail without a line break".utf8)
        #expect(run.standardOutput == expected, "\(run.standardOutput.count) bytes instead of \(expected.count)")
    }

    /// Swift's `readLine()` reads ahead itself (C's stdio buffers standard input), so it is the
    /// last reader here.
    @Test(arguments: InputKind.allCases)
    func twoEditorsAndSwiftsReadLineInOneProcessTakeALineEach(kind: InputKind) throws {
        let run = try run(#""$READERS""#, input: Array("ada\nsecret\nthird\nrest\n".utf8), through: kind)
        #expect(run.status == .exited(0))
        #expect(String(decoding: run.standardOutput, as: UTF8.self) == "editor: ada\nsecond editor: secret\nreadLine: third\n")
    }

    /// The editor that owns its input reads it ahead: the next reader finds nothing, as documented.
    @Test(arguments: [InputKind.pipe, .file])
    func anEditorThatOwnsItsInputReadsAhead(kind: InputKind) throws {
        let run = try run(#""$READERS" owns-input; cat"#, input: Array("ada\nsecret\nthird\n".utf8), through: kind)
        #expect(run.status == .exited(0))
        #expect(String(decoding: run.standardOutput, as: UTF8.self) == "editor: ada\nsecond editor: nil\nreadLine: nil\n")
    }

    /// `--loop` reads to the end of input: every line is an entry and nothing is left for `cat`,
    /// as `--multiline` takes all of it as one entry.
    @Test(arguments: InputKind.allCases)
    func loopAndMultilineTakeEveryLineAndLeaveNothing(kind: InputKind) throws {
        let input = Array("x\ny\r\nz".utf8)
        let loop = try run(#""$G" --loop; echo end; cat"#, input: input, through: kind)
        #expect(loop.status == .exited(0))
        #expect(String(decoding: loop.standardOutput, as: UTF8.self) == "x\ny\nz\nend\n")
        let multiline = try run(#""$G" --multiline; echo end; cat"#, input: input, through: kind)
        #expect(multiline.status == .exited(0))
        #expect(String(decoding: multiline.standardOutput, as: UTF8.self) == "x\ny\r\nz\nend\n")
    }

    /// In the library: a second editor reading the same pipe gets the line after the first's.
    @Test func twoEditorsOnOnePipeTakeALineEach() throws {
        let input = try Pipe()
        try input.writeEnd.writeAll(Array("one\ntwo\nthree\n".utf8))
        try input.writeEnd.close()
        let first = LineEditor(input: input.readEnd), second = LineEditor(input: input.readEnd)
        #expect(try first.readLine() == "one")
        #expect(try second.readLine() == "two")
        #expect(try first.readLine() == "three")
        #expect(try second.readLine() == nil)
    }
}

/// A connected pair of stream sockets holding `bytes` to read at one end; the other end is shut
/// for writing, so that the reader sees the end of input after them.
private struct SocketInput {
    let readEnd: Int32

    init(_ bytes: [UInt8]) throws {
        var ends: [Int32] = [-1, -1]
        // Close-on-exec before any other test can spawn a child that would inherit an end.
        let made = DescriptorCreationLock.shared.withLock {
            socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0, &ends) == 0
                && fcntl(ends[0], F_SETFD, FD_CLOEXEC) == 0 && fcntl(ends[1], F_SETFD, FD_CLOEXEC) == 0
        }
        guard made else { throw SystemCallError(operation: "socketpair", errorNumber: errno) }
        defer { Glibc.close(ends[1]) }
        var sent = 0
        while sent < bytes.count {
            let count = bytes[sent...].withUnsafeBytes { send(ends[1], $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            guard count > 0 else {
                Glibc.close(ends[0])
                throw SystemCallError(operation: "send", errorNumber: errno)
            }
            sent += count
        }
        shutdown(ends[1], Int32(SHUT_WR))
        readEnd = ends[0]
    }

    func close() {
        Glibc.close(readEnd)
    }
}

/// Writes `bytes` to a new file at `path`.
func writeBytes(_ bytes: [UInt8], to path: String) throws {
    let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
    guard descriptor >= 0 else { throw SystemCallError(operation: "open \(path)", errorNumber: errno) }
    defer { close(descriptor) }
    try FileDescriptor(rawValue: descriptor).writeAll(bytes)
}

/// Input that is not a terminal keeps no history: the history file is neither read (nor
/// rewritten), created nor appended to, and the entries do not join the editor's history.
@Suite struct PipedInputHistoryTests {
    @Test func aPipedEntryDoesNotCreateTheHistoryFile() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("history")
        let run = try PipedRun.run(ghostlinePath, arguments: ["--history", path, "--loop"], input: Array("one\ntwo\n".utf8))
        #expect(run.status == .exited(0))
        #expect(run.standardOutput == Array("one\ntwo\n".utf8))
        #expect(directory.names.isEmpty)
    }

    /// 25 entries are more than twice `--history-size 10`: loading them would rewrite the file.
    @Test func aPipedEntryLeavesTheHistoryFileAsItWas() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("history")
        let lines = (0..<25).map { "entry \($0)\n" }.joined()
        try writeFile(lines, to: path)
        let run = try PipedRun.run(ghostlinePath, arguments: ["--history", path, "--history-size", "10"], input: Array("new\n".utf8))
        #expect(run.status == .exited(0) && run.standardError.isEmpty)
        #expect(run.standardOutput == Array("new\n".utf8))
        #expect(PipedRun.read(path) == Array(lines.utf8))
    }

    @Test func theEditorsHistoryKeepsNoPipedEntry() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("history")
        let input = try Pipe()
        try input.writeEnd.writeAll(Array("one\ntwo\n".utf8))
        try input.writeEnd.close()
        let editor = LineEditor(input: input.readEnd)
        editor.historyFile = HistoryFile(path: path)
        #expect(try editor.readLine() == "one")
        #expect(try editor.readLine() == "two")
        #expect(editor.history.entries.isEmpty)
        #expect(directory.names.isEmpty)
    }
}

/// With piped input the ticker's messages and the entries share standard output: each is
/// written whole, however slowly the reader takes it.
@Suite struct PipedOutputTests {
    @Test func ticksAndLongEntriesToASlowReaderStayWholeLines() throws {
        let entries = (0..<40).map { index in
            let length = index % 4 == 0 ? 300_000 : (index * 7_919) % 200_000
            return "E\(index)-" + String(repeating: "x", count: length)
        }
        let run = try PipedRun.run(ghostlinePath, arguments: ["--loop", "--ticker", "1"],
                                   input: Array(entries.map { $0 + "\n" }.joined().utf8),
                                   outputReading: .slowPipe(chunk: 4_096, pauseMilliseconds: 1), timeout: 120)
        #expect(run.status == .exited(0))
        let lines = String(decoding: run.standardOutput, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.last == "", "the output ends with a whole line")
        let printed = lines.dropLast().filter { !$0.hasPrefix("tick ") }
        let ticks = lines.dropLast().filter { $0.hasPrefix("tick ") }
        #expect(printed.count == entries.count, "\(printed.count) entry lines for \(entries.count) entries")
        #expect(printed.elementsEqual(entries.map { Substring($0) }), "an entry line was torn or merged")
        #expect(ticks.elementsEqual((0..<ticks.count).map { Substring("tick \($0 + 1)") }),
                "a tick line was torn or merged")
    }
}
