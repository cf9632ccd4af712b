import Glibc
import GhostlineTerminal
import Testing

@Suite struct TerminalInputOutputTests {
    @Test func writeAllDeliversOneMebibyteThroughAFullNonBlockingTerminal() throws {
        let pseudoTerminal = try PseudoTerminal()
        try pseudoTerminal.makeTerminalRaw()
        try pseudoTerminal.terminal.setNonBlocking()
        let payload = (0..<(1 << 20)).map { UInt8(truncatingIfNeeded: $0 % 251) }

        let terminal = pseudoTerminal.terminal
        let outcome = WriteOutcome()
        let writer = TestThread {
            do {
                try terminal.writeAll(payload)
            } catch {
                outcome.error = error
            }
        }
        let received = try pseudoTerminal.readFromController(count: payload.count)
        if received.count < payload.count {
            // Unblocks a writer that is stuck waiting, so the test fails instead of hanging.
            pseudoTerminal.closeController()
        }
        writer.join()

        #expect(outcome.error == nil)
        #expect(received.count == payload.count)
        #expect(received == payload)
    }

    /// The first call finds the descriptor full and fails with `EAGAIN`: the bytes are written
    /// once the reader makes room, each exactly once.
    @Test func writeAllWaitsWhenTheFirstCallFindsTheDescriptorFull() throws {
        let pipe = try Pipe()
        try pipe.writeEnd.setNonBlocking()
        let filler = [UInt8](repeating: 0x2E, count: 4096)
        var filled = 0
        while true {
            let written = filler.withUnsafeBytes { Glibc.write(pipe.writeEnd.rawValue, $0.baseAddress, $0.count) }
            if written <= 0 { break }
            filled += written
        }
        let writeEnd = pipe.writeEnd
        let outcome = WriteOutcome()
        let writer = TestThread {
            do {
                try writeEnd.writeAll(Array("tail".utf8))
            } catch {
                outcome.error = error
            }
        }
        var received: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while received.count < filled + 4 {
            let count = try buffer.withUnsafeMutableBytes { try pipe.readEnd.read(into: $0) }
            if count == 0 { break }
            received.append(contentsOf: buffer.prefix(count))
        }
        writer.join()
        #expect(outcome.error == nil)
        #expect(received.count == filled + 4)
        #expect(Array(received.suffix(4)) == Array("tail".utf8))
    }

    @Test func writeAllAcceptsCollectionsWithoutContiguousStorage() throws {
        let pipe = try Pipe()
        try pipe.writeEnd.writeAll((65..<70).lazy.map { UInt8($0) })

        var buffer = [UInt8](repeating: 0, count: 16)
        let count = try buffer.withUnsafeMutableBytes { try pipe.readEnd.read(into: $0) }
        #expect(Array(buffer.prefix(count)) == Array("ABCDE".utf8))
    }

    @Test func readReturnsWhatTheControllerTyped() throws {
        let pseudoTerminal = try PseudoTerminal()
        try pseudoTerminal.makeTerminalRaw()
        try pseudoTerminal.controller.writeAll("hi\r".utf8)

        #expect(try waitForInput(on: [pseudoTerminal.terminal], timeoutMilliseconds: 5000)
            == [pseudoTerminal.terminal])
        var buffer = [UInt8](repeating: 0, count: 16)
        let count = try buffer.withUnsafeMutableBytes { try pseudoTerminal.terminal.read(into: $0) }
        #expect(Array(buffer.prefix(count)) == Array("hi\r".utf8))
    }

    @Test func waitForInputReportsOnlyTheReadableDescriptor() throws {
        let pseudoTerminal = try PseudoTerminal()
        try pseudoTerminal.makeTerminalRaw()
        let pipe = try Pipe()
        let watched = [pipe.readEnd, pseudoTerminal.terminal]

        #expect(try waitForInput(on: watched, timeoutMilliseconds: 0).isEmpty)

        try pseudoTerminal.controller.writeAll("x".utf8)
        #expect(try waitForInput(on: watched, timeoutMilliseconds: 5000) == [pseudoTerminal.terminal])
    }

    @Test func oneWatchServesWaitAfterWait() throws {
        let first = try Pipe(), second = try Pipe()
        var watch = DescriptorWatch(.readable, of: [first.readEnd, second.readEnd])
        #expect(try !watch.wait(timeoutMilliseconds: 0))

        try second.writeEnd.writeAll("x".utf8)
        #expect(try watch.wait(timeoutMilliseconds: 5000))
        #expect(!watch.isReady(first.readEnd) && watch.isReady(second.readEnd))

        var byte = [UInt8](repeating: 0, count: 1)
        _ = try byte.withUnsafeMutableBytes { try second.readEnd.read(into: $0) }
        try first.writeEnd.writeAll("y".utf8)
        #expect(try watch.wait(timeoutMilliseconds: 5000))
        #expect(watch.isReady(first.readEnd) && !watch.isReady(second.readEnd), "the last wait's answer, not the first's")
    }

    @Test func waitForInputTimesOutWithNothingReady() throws {
        let pipe = try Pipe()
        #expect(try waitForInput(on: [pipe.readEnd], timeoutMilliseconds: 20).isEmpty)
    }

    @Test func aHungUpTerminalCountsAsReadable() throws {
        let pseudoTerminal = try PseudoTerminal()
        pseudoTerminal.closeController()
        #expect(try waitForInput(on: [pseudoTerminal.terminal], timeoutMilliseconds: 5000)
            == [pseudoTerminal.terminal])
    }

    @Test func waitingOnADescriptorThatIsNotOpenThrows() throws {
        #expect(throws: Errno.badFileDescriptor) {
            try waitForInput(on: [notOpen], timeoutMilliseconds: 0)
        }
    }

    @Test func anEmptyPipeIsWritable() throws {
        let pipe = try Pipe()
        #expect(try waitUntil(.writable, anyOf: [pipe.writeEnd], timeoutMilliseconds: 0)
            == [pipe.writeEnd])
    }

    @Test func bytesAvailableCountsTypedAheadInput() throws {
        let pseudoTerminal = try PseudoTerminal()
        try pseudoTerminal.makeTerminalRaw()
        #expect(bytesAvailable(on: pseudoTerminal.terminal) == 0)

        try pseudoTerminal.controller.writeAll("hello".utf8)
        _ = try waitForInput(on: [pseudoTerminal.terminal], timeoutMilliseconds: 5000)
        #expect(bytesAvailable(on: pseudoTerminal.terminal) == 5)
    }

    @Test func windowSizeReadsWhatTheControllerSet() throws {
        let pseudoTerminal = try PseudoTerminal()
        #expect(windowSize(of: pseudoTerminal.terminal) == nil)

        var size = winsize(ws_row: 24, ws_col: 100, ws_xpixel: 0, ws_ypixel: 0)
        #expect(ioctl(pseudoTerminal.controller.rawValue, UInt(TIOCSWINSZ), &size) == 0)
        #expect(windowSize(of: pseudoTerminal.terminal) == WindowSize(columns: 100, rows: 24))
    }

    @Test func windowSizeIsClampedToTheLargestDimension() throws {
        let pseudoTerminal = try PseudoTerminal()
        var size = winsize(ws_row: 65_535, ws_col: 65_535, ws_xpixel: 0, ws_ypixel: 0)
        #expect(ioctl(pseudoTerminal.controller.rawValue, UInt(TIOCSWINSZ), &size) == 0)
        #expect(windowSize(of: pseudoTerminal.terminal) == WindowSize(columns: 10_000, rows: 10_000))

        let largest = WindowSize(columns: .max, rows: .max)
        #expect(largest.columns == 10_000 && largest.rows == 10_000)
        let smallest = WindowSize(columns: .min, rows: -1)
        #expect(smallest.columns == 1 && smallest.rows == 0)
    }

    @Test func windowSizeOfAPipeIsUnknown() throws {
        let pipe = try Pipe()
        #expect(windowSize(of: pipe.readEnd) == nil)
    }

    @Test func onlyTheTerminalSideIsATerminal() throws {
        let pseudoTerminal = try PseudoTerminal()
        let pipe = try Pipe()
        #expect(pseudoTerminal.terminal.isTerminal)
        #expect(!pipe.readEnd.isTerminal)
    }

    @Test func closingADescriptorThatIsNotOpenThrows() {
        #expect(throws: Errno.badFileDescriptor) {
            try notOpen.close()
        }
    }

    @Test func errnoDescribesItselfWithTheSystemMessageAlone() {
        #expect(Errno.inputOutput.description == "Input/output error")
        #expect(Errno(rawValue: ENOSPC).description == "No space left on device")
    }

    @Test func environmentValueReadsSetVariablesOnly() {
        let name = "GHOSTLINE_TERMINAL_TEST_\(getpid())"
        #expect(environmentValue(name) == nil)
        setenv(name, "ghost ✓", 1)
        #expect(environmentValue(name) == "ghost ✓")
        unsetenv(name)
        #expect(environmentValue(name) == nil)
    }
}

/// A descriptor number far above anything the test process opens, so no parallel test can
/// have it open.
private let notOpen = FileDescriptor(rawValue: 1_000_000)

/// What the writer thread reports back after it was joined.
private final class WriteOutcome {
    var error: (any Error)?
}
