import Glibc
import Testing
import GhostlineTestSupport

@Suite struct PipedModeTests {
    @Test func oneEntryPerLineWithNoEscapeBytes() throws {
        let run = try PipedRun.run(ghostlinePath, arguments: ["--placeholder", "ghost"], input: Array("first\nsecond\n".utf8))
        #expect(run.status == .exited(0))
        #expect(run.standardOutput == Array("first\n".utf8))
        #expect(!run.standardOutput.contains(0x1B) && !run.standardError.contains(0x1B))
    }

    @Test func loopEchoesEveryLineStrippingCarriageReturns() throws {
        let input = "a\r\nb\nlast without newline"
        let run = try PipedRun.run(ghostlinePath, arguments: ["--loop"], input: Array(input.utf8))
        #expect(run.status == .exited(0))
        #expect(String(decoding: run.standardOutput, as: UTF8.self) == "a\nb\nlast without newline\n")
    }

    @Test func longLinesAndInvalidUTF8AreKept() throws {
        let long = String(repeating: "0123456789", count: 100_000)
        var input = Array(long.utf8) + [0x0A]
        input += [0x61, 0xFF, 0x62, 0x0A]
        let run = try PipedRun.run(ghostlinePath, arguments: ["--loop"], input: input)
        #expect(run.status == .exited(0))
        #expect(run.standardOutput == Array((long + "\na\u{FFFD}b\n").utf8))
    }

    @Test(arguments: ["", "/dev/null"])
    func emptyInputEndsAtOnceWithStatus1(path: String) throws {
        let run = try PipedRun.run(ghostlinePath, arguments: ["--loop"], inputPath: path.isEmpty ? nil : path, timeout: 5)
        #expect(run.status == .exited(1))
        #expect(run.standardOutput.isEmpty)
    }

    @Test func anEmptyLineIsTheDefaultAsEnterOnAnEmptyEntryIs() throws {
        let run = try PipedRun.run(ghostlinePath, arguments: ["--default", "fallback", "--loop"], input: Array("\nx\n\n".utf8))
        #expect(run.status == .exited(0))
        #expect(String(decoding: run.standardOutput, as: UTF8.self) == "fallback\nx\nfallback\n")
    }

    @Test func multilineReadsEverythingAsOneEntry() throws {
        let run = try PipedRun.run(ghostlinePath, arguments: ["--multiline"], input: Array("line 1\nline 2\n".utf8))
        #expect(run.status == .exited(0))
        #expect(String(decoding: run.standardOutput, as: UTF8.self) == "line 1\nline 2\n")
    }

    /// Found by the piped-input fuzzer: a carriage return not followed by `\n` is no line break,
    /// so it stays in the entry, as it does on a last line without `--multiline`.
    @Test func multilineKeepsACarriageReturnThatEndsNoLine() throws {
        let run = try PipedRun.run(ghostlinePath, arguments: ["--multiline"], input: Array("line 1\nend\r".utf8))
        #expect(run.status == .exited(0))
        #expect(run.standardOutput == Array("line 1\nend\r\n".utf8))
    }

    @Test(arguments: [["--bogus"], ["--prompt"], ["--history"]])
    func badCommandLinesExitWith2NamingTheProblem(arguments: [String]) throws {
        let run = try PipedRun.run(ghostlinePath, arguments: arguments)
        #expect(run.status == .exited(2))
        let message = String(decoding: run.standardError, as: UTF8.self)
        #expect(message.contains(arguments[0]))
        #expect(message.contains("usage:"))
    }
}
