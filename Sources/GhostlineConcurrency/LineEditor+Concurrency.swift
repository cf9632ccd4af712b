import Ghostline
import GhostlineTerminal

// The async API lives in a module of its own, on top of `Ghostline`: only a program that imports
// it links Swift's concurrency runtime and Dispatch, 1.2 MB of a static binary and 0.3 MB of
// memory at an idle prompt (Docs/Performance.md, "What embedding costs").

/// The editor, carried to the thread that reads an entry for `readLineAsync()`. Unchecked:
/// the task that owns the editor is suspended until that thread resumes it, so the editor is
/// used by one thread at a time.
private struct EditorInTransit: @unchecked Sendable {
    let editor: LineEditor
}

extension LineEditor {
    /// Reads one entry without blocking a thread of Swift's cooperative pool: the entry is read
    /// on a thread of its own while the calling task waits. Returns nil at the end of input.
    ///
    /// ```swift
    /// while let line = try await editor.readLineAsync() { print("you said", line) }
    /// ```
    ///
    /// A name of its own, rather than an async overload of the blocking `readLine()`: in
    /// top-level code (`main.swift`) Swift picks the blocking overload even after `await`, and
    /// inside an async function the async one, so one line of code would read differently in the
    /// two places. The blocking one is unavailable from async code, so `try await
    /// editor.readLine()` there is an error that names this method.
    ///
    /// Cancelling the task ends the entry at once, in a terminal as Ctrl-C does (the text stays
    /// on screen, the terminal is restored) but throwing `CancellationError`. A task cancelled
    /// before the call throws it without touching the terminal. When input is not a terminal,
    /// or with `TERM=dumb`, the read waits for input beside the cancellation and ends with
    /// `CancellationError` too (an entry already complete in what was read is still returned).
    ///
    /// - Parameter initialText: The text the entry starts with.
    /// - Throws: `CancellationError` when the task is cancelled, and what the blocking
    ///   ``LineEditor/readLine(initialText:)`` throws.
    nonisolated(nonsending) public func readLineAsync(initialText: String = "") async throws -> String? {
        try Task.checkCancellation()
        let request = CancellationRequest(wakePipe: try makeWakePipe())
        cancellation = request
        defer { cancellation = nil }
        let inTransit = EditorInTransit(editor: self)
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<String?, any Error>) in
                do {
                    try DetachedThread.start {
                        continuation.resume(with: Result {
                            do {
                                return try inTransit.editor.readLine(initialText: initialText)
                            } catch is EntryCancelled {
                                throw CancellationError()
                            }
                        })
                    }
                } catch let error as Errno {
                    continuation.resume(throwing: LineEditorError.system(error))
                } catch {
                    continuation.resume(throwing: error)
                }
            }
        } onCancel: {
            request.cancel()
        }
    }

    /// The async read under its first name, kept so that code written for it still builds
    /// inside async functions; top-level code never reached it (see
    /// ``readLineAsync(initialText:)``).
    ///
    /// - Parameter initialText: The text the entry starts with.
    /// - Throws: What ``readLineAsync(initialText:)`` throws.
    @available(*, deprecated, renamed: "readLineAsync(initialText:)")
    nonisolated(nonsending) public func readLine(initialText: String = "") async throws -> String? {
        try await readLineAsync(initialText: initialText)
    }

    /// The entries the user submits, read one after another with
    /// ``readLineAsync(initialText:)`` until the end of input:
    ///
    /// ```swift
    /// for try await line in editor.entries { print("you said", line) }
    /// ```
    public var entries: Entries { Entries(editor: self) }

    /// The entries of a ``LineEditor``, as an `AsyncSequence`; see ``LineEditor/entries``.
    public struct Entries: AsyncSequence {
        /// Each entry the user submits.
        public typealias Element = String
        let editor: LineEditor

        /// Makes an iterator that reads the next entry each time it is asked.
        public func makeAsyncIterator() -> AsyncIterator {
            AsyncIterator(editor: editor)
        }

        /// Reads the next entry each time it is asked; nil at the end of input.
        public struct AsyncIterator: AsyncIteratorProtocol {
            let editor: LineEditor

            /// The next entry, or nil at the end of input.
            nonisolated(nonsending) public mutating func next() async throws -> String? {
                try await editor.readLineAsync()
            }
        }
    }
}
