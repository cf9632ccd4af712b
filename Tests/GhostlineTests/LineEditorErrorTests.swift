import Glibc
import Testing
@testable import Ghostline
import GhostlineTerminal

@Suite struct LineEditorErrorTests {
    @Test func descriptionsAreForPeople() {
        #expect(LineEditorError.terminalLost(.inputOutput).description == "the terminal was lost (Input/output error)")
        #expect(LineEditorError.system(Errno(rawValue: EACCES)).description == "Permission denied")
        #expect(LineEditorError.interrupted.description == "interrupted by Ctrl-C")
    }

    @Test func aTerminalThatIsGoneIsLostAndOtherFailuresAreNot() {
        #expect(LineEditorError(terminalFailure: .inputOutput) == .terminalLost(.inputOutput))
        #expect(LineEditorError(terminalFailure: .noSuchDevice) == .terminalLost(.noSuchDevice))
        #expect(LineEditorError(terminalFailure: Errno(rawValue: ENOTTY)) == .system(Errno(rawValue: ENOTTY)))
    }
}

extension ProcessWideStateTests {
    /// A session in this process whose terminal goes away (the test closes the controlling
    /// side, as closing a window does). The session arms the process-wide restore record.
    @Suite struct LineEditorTerminalLostTests {
        private final class Outcome: @unchecked Sendable {
            var entry: String?
            var error: (any Error)?
        }

        @Test func aTerminalClosedWhileReadingThrowsTerminalLost() throws {
            let pty = try PseudoTerminal()
            let editor = LineEditor(prompt: "> ", input: pty.terminal, output: pty.terminal)
            editor.handlesSignals = false
            editor.terminalType = "xterm-256color"
            let outcome = Outcome()
            let reader = TestThread {
                do { outcome.entry = try editor.readLine() } catch { outcome.error = error }
            }
            // The prompt drawn means the session is in raw mode, waiting for keys.
            #expect(try pty.readFromController(count: 1).count > 0)
            pty.closeController()
            reader.join()
            #expect(outcome.entry == nil)
            #expect(outcome.error as? LineEditorError == .terminalLost(.inputOutput))
        }
    }
}
