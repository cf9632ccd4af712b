import Glibc
import Testing
@testable import Ghostline
import GhostlineTerminal
import GhostlineTestSupport

@Suite struct LineEditorHistoryFileTests {
    /// Piped input holding `text`, as a descriptor the editor reads to its end.
    private func pipedInput(_ text: String) throws -> FileDescriptor {
        var ends: [Int32] = [0, 0]
        try #require(pipe(&ends) == 0)
        let bytes = Array(text.utf8)
        try #require(bytes.withUnsafeBytes { write(ends[1], $0.baseAddress, $0.count) } == bytes.count)
        close(ends[1])
        return FileDescriptor(rawValue: ends[0])
    }

    @Test func aFileThatCannotBeLoadedIsReportedOnceAtTheNextReadLineAndLeftAlone() throws {
        let directory = try TemporaryDirectory()
        let target = directory.path("target"), link = directory.path("link")
        try writeFile("target line\n", to: target, mode: 0o644)
        #expect(symlink(target, link) == 0)
        let input = try pipedInput("one\ntwo\n")
        defer { try? input.close() }
        let editor = LineEditor(input: input)
        editor.history = History(entries: ["earlier"])
        editor.historyFile = HistoryFile(path: link)
        #expect(editor.history.entries.isEmpty, "an empty history, not the target's lines")
        // Set after the file: the failure is still heard, before the first entry is read.
        var failures: [HistoryFileError] = []
        editor.historyFileErrorHandler = { failures.append($0) }
        #expect(failures.isEmpty)
        #expect(try editor.readLine() == "one")
        #expect(failures == [HistoryFileError(path: link, operation: .load, reason: .symbolicLink)])
        #expect(try editor.readLine() == "two")
        #expect(failures.count == 1, "told once")
        #expect(PipedRun.read(target) == Array("target line\n".utf8))
    }
}
