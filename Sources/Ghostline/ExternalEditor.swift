import Glibc
import GhostlineTerminal

/// Ctrl-X Ctrl-E: the entry edited in the user's editor, `$VISUAL`, else `$EDITOR`, else `vi`,
/// run through `/bin/sh` so that an editor given with options (`code -w`) works as in a shell.
///
/// The text goes to a new file of the user's alone (mode 0600, created with `O_EXCL` so that
/// nothing planted at the name is written through) in `$TMPDIR`, else `/tmp`, which is removed
/// afterwards. On exit status 0 the file's text, less one final line break, is the entry's;
/// otherwise the entry is kept as it was.
enum ExternalEditor {
    /// The edited text, or nil when the entry stays as it is; the editor runs in `terminal`.
    static func edit(_ text: String, in terminal: FileDescriptor) -> String? {
        let directory = environmentValue("TMPDIR").flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp"
        guard let (path, file) = createFile(in: directory) else { return nil }
        defer { try? removeFile(at: path) }
        do {
            try file.writeAllToFile(Array((text + "\n").utf8))
            try file.close()
        } catch {
            try? file.close()
            return nil
        }
        let editor = [environmentValue("VISUAL"), environmentValue("EDITOR")].compactMap { $0 }.first { !$0.isEmpty } ?? "vi"
        guard runInTerminal("/bin/sh", arguments: ["-c", editor + " \"$1\"", "sh", path], terminal: terminal) == 0,
              let edited = try? FileDescriptor.open(path, flags: O_RDONLY) else { return nil }
        defer { try? edited.close() }
        guard var bytes = try? edited.read(atMost: 64 << 20, fromOffset: 0) else { return nil }
        if bytes.last == 0x0A { bytes.removeLast() }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// A new file of mode 0600 at a name nobody could have known in advance.
    private static func createFile(in directory: String) -> (String, FileDescriptor)? {
        for _ in 0..<8 {
            let path = directory + "/ghostline-edit-" + String(UInt64.random(in: .min ... .max), radix: 16) + ".txt"
            if let file = try? FileDescriptor.open(path, flags: O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW, permissions: 0o600) {
                return (path, file)
            }
        }
        return nil
    }
}
