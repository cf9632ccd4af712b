import Glibc
import GhostlineTestSupport

// Files for the history file's tests to find: plain files, devices, and what lstat says of them.

/// Writes `text` to a new file at `path` with exactly `mode`.
func writeFile(_ text: String, to path: String, mode: mode_t = 0o600) throws {
    let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL, mode)
    guard descriptor >= 0 else { throw SystemCallError(operation: "open \(path)", errorNumber: errno) }
    defer { close(descriptor) }
    fchmod(descriptor, mode)
    let bytes = Array(text.utf8)
    guard bytes.withUnsafeBytes({ write(descriptor, $0.baseAddress, $0.count) }) == bytes.count else {
        throw SystemCallError(operation: "write \(path)", errorNumber: errno)
    }
}

/// What `lstat` says of `path`, nil when there is nothing there.
func linkStatus(_ path: String) -> stat? {
    var status = stat()
    return lstat(path, &status) == 0 ? status : nil
}

/// Makes a character device node with the given numbers (1, 3 is what /dev/null is; 1, 5 is
/// /dev/zero), so that no test ever opens the real one. Needs root.
func makeCharacterDevice(at path: String, major: UInt32, minor: UInt32) throws {
    guard mknod(path, S_IFCHR | 0o666, dev_t(major) << 8 | dev_t(minor)) == 0 else {
        throw SystemCallError(operation: "mknod \(path)", errorNumber: errno)
    }
    chmod(path, 0o666)
}

/// Whether the tests run as root, who alone may make device nodes and give files away.
let isRoot = geteuid() == 0
