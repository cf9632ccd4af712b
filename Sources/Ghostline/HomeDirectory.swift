import Glibc
import GhostlineTerminal

/// Home directories for `~` and `~user` (Alt-&, vi's `&`), as readline's tilde expansion finds
/// them: the user's own from `HOME`, else from the password database, another user's from it.
enum HomeDirectory {
    /// The home directory of the user named `user`, the empty name for the user's own; nil when
    /// there is none.
    static func of(_ user: String) -> String? {
        if user.isEmpty, let home = environmentValue("HOME") { return home }
        guard let entry = user.isEmpty ? getpwuid(getuid()) : getpwnam(user), let directory = entry.pointee.pw_dir else { return nil }
        return String(cString: directory)
    }
}
