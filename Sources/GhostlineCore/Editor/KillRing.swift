/// The killed texts that Ctrl-Y yanks back, newest last, as in readline and emacs.
package struct KillRing: Sendable {
    /// How many kills the ring keeps.
    package var capacity: Int
    /// The kills, oldest first.
    package private(set) var entries: [String] = []
    /// How many kills the ring has recorded, so that a reader tells a new kill from the last
    /// it saw without comparing texts.
    package private(set) var killCount = 0
    /// The kill the next yank inserts: the newest, or the one a yank-pop went back to, as
    /// readline keeps its `rl_kill_index` until the next kill.
    private var current = 0
    private var yankIndex: Int?

    /// Creates an empty ring that keeps `capacity` kills: ten by default, as readline keeps
    /// (`rl_max_kills`), so that Alt-Y goes round the same ring.
    package init(capacity: Int = 10) {
        self.capacity = max(1, capacity)
    }

    /// Records a kill. When `joiningPrevious` is true the text joins the newest entry (after it
    /// for a forward kill, before it for a backward one), so consecutive kills yank back as one.
    package mutating func kill(_ text: String, joiningPrevious: Bool, backward: Bool) {
        guard !text.isEmpty else { return }
        killCount &+= 1
        if joiningPrevious, let last = entries.indices.last {
            entries[last] = backward ? text + entries[last] : entries[last] + text
        } else {
            entries.append(text)
            if entries.count > capacity { entries.removeFirst(entries.count - capacity) }
        }
        current = entries.count - 1
        yankIndex = nil
    }

    /// The text a yank inserts: the newest kill, or the one the last yank-pop went back to
    /// when nothing was killed since. Starts a new yank-pop rotation.
    package mutating func yank() -> String? {
        guard !entries.isEmpty else { return nil }
        yankIndex = current
        return entries[current]
    }

    /// The kill the last yank or yank-pop inserted.
    package var yanked: String? { yankIndex.map { entries[$0] } }

    /// The next older kill after a yank or yank-pop, wrapping around the ring.
    package mutating func rotate() -> String? {
        guard let index = yankIndex, !entries.isEmpty else { return nil }
        let older = index == 0 ? entries.count - 1 : index - 1
        yankIndex = older
        current = older
        return entries[older]
    }
}

extension KillRing {
    /// Calls `body` with each kill, in place (see `Editor.forEachStoredText`).
    mutating func forEachEntry(_ body: (inout String) -> Void) {
        for index in entries.indices { body(&entries[index]) }
    }
}
