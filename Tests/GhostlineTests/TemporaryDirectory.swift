import Glibc
import GhostlineTestSupport

/// A new, empty directory under /tmp for one test, removed with what it holds (files, links,
/// FIFOs, devices, and directories holding files) when the value goes away.
final class TemporaryDirectory {
    /// Where it is.
    let path: String

    init() throws {
        var template = Array("/tmp/ghostline-history-XXXXXX".utf8CString)
        let made = template.withUnsafeMutableBufferPointer { buffer in mkdtemp(buffer.baseAddress!).map { String(cString: $0) } }
        guard let made else { throw SystemCallError(operation: "mkdtemp", errorNumber: errno) }
        path = made
    }

    /// The path of `name` inside the directory.
    func path(_ name: String) -> String {
        path + "/" + name
    }

    /// The names of what the directory holds, sorted.
    var names: [String] { Self.names(in: path) }

    deinit {
        for name in names {
            let item = path(name)
            if unlink(item) == 0 { continue }
            // A directory, perhaps made read-only by the test: chmod only what lstat says is one,
            // never through a link.
            var status = stat()
            guard lstat(item, &status) == 0, status.st_mode & S_IFMT == S_IFDIR else { continue }
            chmod(item, 0o700)
            for inner in Self.names(in: item) { unlink(item + "/" + inner) }
            rmdir(item)
        }
        rmdir(path)
    }

    private static func names(in path: String) -> [String] {
        guard let directory = opendir(path) else { return [] }
        defer { closedir(directory) }
        var names: [String] = []
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            if name != "." && name != ".." { names.append(name) }
        }
        return names.sorted()
    }
}
