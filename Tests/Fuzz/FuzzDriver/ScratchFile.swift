import Glibc

/// A file of the fuzz target's own in a directory of its own under `TMPDIR` (or /tmp), removed
/// when the process exits (libFuzzer ends a run with `exit`; after a crash it stays, with the
/// file as the crash left it).
public enum ScratchFile {
    /// The directory, made on first use.
    public static let directory: String = {
        let parent = getenv("TMPDIR").map { String(cString: $0) } ?? "/tmp"
        var template = Array("\(parent)/ghostline-fuzz-XXXXXX".utf8CString)
        guard let made = mkdtemp(&template) else { fatalError("mkdtemp failed: errno \(errno)") }
        let path = String(cString: made)
        atexit { removeScratchDirectory() }
        return path
    }()

    /// The path of the file named `name` in ``directory``.
    public static func path(_ name: String) -> String {
        directory + "/" + name
    }
}

/// Removes the scratch directory and what the target left in it (files only: it makes no
/// directories).
private func removeScratchDirectory() {
    let directory = ScratchFile.directory
    if let listing = opendir(directory) {
        while let entry = readdir(listing) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            if name != "." && name != ".." { unlink(directory + "/" + name) }
        }
        closedir(listing)
    }
    rmdir(directory)
}
