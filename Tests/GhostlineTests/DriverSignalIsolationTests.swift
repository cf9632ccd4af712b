import Glibc
import Ghostline
import GhostlineTerminal
import GhostlineTesting
import Testing

extension ProcessWideStateTests {
    /// An entry run by the test kit must not touch what a process has one of, or a test beside
    /// it that relies on signal handling would see its terminal left unrestored.
    @Suite struct DriverSignalIsolationTests {
        @Test func anEntryUnderTheDriverLeavesTheHandlersRestoreRecordAlone() throws {
            let pseudoTerminal = try PseudoTerminal()
            let originalBytes = attributeBytes(of: pseudoTerminal.terminal)
            let session = try RawModeSession(terminal: pseudoTerminal.terminal)
            defer { session.restore() }

            let driver = try LineEditorDriver(columns: 20, rows: 4)
            let editor = LineEditor(prompt: "> ", input: driver.input, output: driver.output)
            try driver.start(editor)
            let monitor = try SignalMonitor(signals: [SIGTERM])
            defer { monitor.uninstall() }

            raiseOnThisThread(SIGTERM)

            #expect(attributeBytes(of: pseudoTerminal.terminal) == originalBytes,
                    "the handler restored the terminal that armed it, not the driver's")
            #expect(monitor.drain() == [SIGTERM])
            #expect(driver.modes.areAttributesChanged, "the driver's entry is still in raw mode")
        }
    }
}
