import Glibc
import Testing
import GhostlineTestSupport

/// Ctrl-X Ctrl-E: the entry edited in `$VISUAL`, here a small shell script that notes the file
/// it was given (and its mode) and rewrites it.
@Suite struct ExternalEditorEndToEndTests {
    /// A script that records `$1` and its permissions, then writes `text` into it and exits
    /// with `status`.
    static func editor(in directory: TemporaryDirectory, writing text: String, status: Int) throws -> String {
        let script = directory.path("editor.sh")
        try writeFile("""
            #!/bin/sh
            echo "$1" > '\(directory.path("edited-path"))'
            stat -c %a "$1" > '\(directory.path("edited-mode"))'
            cat "$1" > '\(directory.path("edited-text"))'
            printf '\(text)\\n' > "$1"
            exit \(status)

            """, to: script, mode: 0o700)
        return script
    }

    @Test func entryIsEditedInVisualAndEditingGoesOn() throws {
        let directory = try TemporaryDirectory()
        let script = try Self.editor(in: directory, writing: "edited by script", status: 0)
        let session = try startGhostline([], environment: ["VISUAL": script, "TMPDIR": directory.path],
                                         captureStandardOutput: true)
        try session.send("hello")
        #expect(session.waitUntil { $0.screen.text.contains("> hello") })
        try session.send("\u{18}\u{05}")
        #expect(session.waitUntil { $0.isInNonCanonicalMode && $0.screen.text.contains("> edited by script") },
                "\(session.screen.lines)")
        // Back to editing, not submitted: a key still edits the entry.
        #expect(session.standardOutputText.isEmpty)
        try session.send("!\r")
        #expect(session.waitForExit() != nil)
        #expect(session.standardOutputText == "edited by script!\n")
        #expect(String(decoding: PipedRun.read(directory.path("edited-text")), as: UTF8.self) == "hello\n")
        #expect(String(decoding: PipedRun.read(directory.path("edited-mode")), as: UTF8.self) == "600\n")
        let editedPath = String(String(decoding: PipedRun.read(directory.path("edited-path")), as: UTF8.self).dropLast())
        #expect(editedPath.hasPrefix(directory.path + "/ghostline-edit-"))
        #expect(access(editedPath, F_OK) != 0, "the temporary file was left behind")
    }

    @Test func failingEditorKeepsTheEntry() throws {
        let directory = try TemporaryDirectory()
        let script = try Self.editor(in: directory, writing: "not taken", status: 1)
        let session = try startGhostline([], environment: ["VISUAL": script, "TMPDIR": directory.path],
                                         captureStandardOutput: true)
        try session.send("keep me")
        #expect(session.waitUntil { $0.screen.text.contains("> keep me") })
        try session.send("\u{18}\u{05}")
        #expect(session.waitUntil { _ in access(directory.path("edited-text"), F_OK) == 0 })
        #expect(session.waitUntil { $0.isInNonCanonicalMode })
        try session.send("\r")
        #expect(session.waitForExit() != nil)
        #expect(session.standardOutputText == "keep me\n")
    }
}
