import Glibc
import Testing
import GhostlineTestSupport

/// The built `ghostline` binary; `make test` builds it before the tests run.
let ghostlinePath = builtProductPath("ghostline")

/// Starts `ghostline` in a pseudo-terminal and waits until it is in raw mode with its prompt
/// drawn, as a user would before typing.
func startGhostline(_ arguments: [String] = [], columns: Int = 80, rows: Int = 24,
                    environment: [String: String] = [:], captureStandardOutput: Bool = false,
                    prompt: String = "> ") throws -> PseudoTerminalSession {
    try #require(access(ghostlinePath, X_OK) == 0, "build ghostline first (make test does): \(ghostlinePath)")
    let session = try PseudoTerminalSession(executable: ghostlinePath, arguments: arguments, columns: columns,
                                            rows: rows, environment: environment,
                                            captureStandardOutput: captureStandardOutput)
    let ready = session.waitUntil { $0.isInNonCanonicalMode && $0.screen.text.contains(prompt.trimmingSpaces) }
    try #require(ready, "prompt never appeared: \(session.screen.lines)")
    return session
}

extension String {
    var trimmingSpaces: String {
        var text = Substring(self)
        while text.last == " " { text.removeLast() }
        return String(text)
    }
}

extension PseudoTerminalSession {
    /// The screen row the cursor is on.
    var cursorLine: String { screen.line(screen.cursorRow) }

    /// Sends keys and waits until the screen satisfies `condition`.
    @discardableResult
    func type(_ keys: String, until condition: (PseudoTerminalSession) -> Bool) throws -> Bool {
        try send(keys)
        return waitUntil(condition)
    }

    /// Whether the editor is reading keys for an entry whose prompt starts on `row`: the terminal
    /// is in raw mode and the prompt is drawn, so keys typed now reach the entry as typed.
    func isReadingKeys(onRow row: Int, prompt: String = "> ") -> Bool {
        isInNonCanonicalMode && screen.line(row).hasPrefix(prompt.trimmingSpaces)
    }

    /// The captured standard output as text.
    var standardOutputText: String { String(decoding: standardOutput, as: UTF8.self) }
}
