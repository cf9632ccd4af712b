import Glibc
import GhostlineTerminal

/// Home directories for `~` and `~user` (Alt-&, vi's `&`): the user's own from `HOME`, else
/// from `/etc/passwd`, another user's from it. The file is read rather than the C library's
/// password database asked, whose lookup links the name services into a static program
/// (0.1 MB, and more memory at the prompt); users known only to a directory service have no
/// home here.
enum HomeDirectory {
    /// The home directory of the user named `user`, the empty name for the user's own; nil when
    /// there is none.
    static func of(_ user: String) -> String? {
        if user.isEmpty, let home = environmentValue("HOME") { return home }
        guard case .contents(let bytes, _) = InitFileReader.load("/etc/passwd") else { return nil }
        let ownUser = String(getuid())
        for line in bytes.split(separator: UInt8(ascii: "\n")) {
            // name:password:uid:gid:comment:home:shell
            let fields = line.split(separator: UInt8(ascii: ":"), omittingEmptySubsequences: false)
            guard fields.count >= 6 else { continue }
            if user.isEmpty ? fields[2].elementsEqual(ownUser.utf8) : fields[0].elementsEqual(user.utf8) {
                return String(decoding: fields[5], as: UTF8.self)
            }
        }
        return nil
    }
}
