import Glibc
import GhostlineCore
import GhostlineTerminal

/// Where a ``LineEditor`` takes GNU readline's init file from: the `~/.inputrc` whose key
/// bindings and settings the user brings to every prompt.
public enum InitFileSource: Equatable, Sendable {
    /// No init file: the editor keeps its own ``LineEditor/keyMap`` as the app set it.
    case disabled
    /// The user's, found as readline finds it: the file `$INPUTRC` names, else `~/.inputrc`,
    /// else `/etc/inputrc`.
    case standard
    /// This text, read as an init file; its `$include` lines read the files they name.
    case text(String)
}

/// Reads init files from disk for the pure reader in the core (`InitFile`): the first
/// ``InitFile/longestText`` bytes of a regular file, without blocking on a FIFO or a device.
enum InitFileReader {
    /// The init file `source` stands for, read with `$if` comparing against the application's
    /// and the terminal's names; nil for ``InitFileSource/disabled``, when no standard file can
    /// be read, or when the text is empty (as good as none, so no parser is started for it).
    /// The application's name is asked for only when there is a file to read.
    static func read(_ source: InitFileSource, applicationName: @autoclosure () -> String, terminalName: String) -> InitFile? {
        let home = environmentValue("HOME")
        func environment() -> InitFile.Environment {
            InitFile.Environment(applicationName: applicationName(), terminalName: terminalName, homeDirectory: home, load: load)
        }
        switch source {
        case .disabled:
            return nil
        case .text(let text):
            return text.utf8.isEmpty ? nil : InitFile(text: Array(text.utf8), name: "init file text", environment: environment())
        case .standard:
            for path in standardPaths(home: home) {
                guard case .contents(let bytes, let isTruncated) = load(path) else { continue }
                guard !bytes.isEmpty else { return nil }
                var file = InitFile(text: bytes, name: path, environment: environment())
                if isTruncated {
                    file.diagnostics.insert("readline: \(path): only the first \(InitFile.longestText) bytes of init files are read", at: 0)
                }
                return file
            }
            return nil
        }
    }

    /// `$INPUTRC`, else `~/.inputrc`, else `/etc/inputrc`, as readline's `rl_read_init_file` looks.
    static func standardPaths(home: String?) -> [String] {
        if let named = environmentValue("INPUTRC"), !named.isEmpty { return [named] }
        return (home.map { [$0 + "/.inputrc"] } ?? []) + ["/etc/inputrc"]
    }

    /// The bytes of the regular file at `path`, at most ``InitFile/longestText`` of them.
    @Sendable static func load(_ path: String) -> InitFile.IncludedText {
        // Non-blocking, so that a FIFO named by mistake is not waited on; only a regular file
        // is read.
        guard let file = try? FileDescriptor.open(path, flags: O_RDONLY | O_NONBLOCK | O_NOCTTY) else { return .unreadable }
        defer { try? file.close() }
        guard let status = try? file.status(), status.isRegularFile,
              let bytes = try? file.read(atMost: InitFile.longestText + 1, fromOffset: 0)
        else { return .unreadable }
        let isTruncated = bytes.count > InitFile.longestText
        return .contents(isTruncated ? Array(bytes.prefix(InitFile.longestText)) : bytes, isTruncated: isTruncated)
    }
}
