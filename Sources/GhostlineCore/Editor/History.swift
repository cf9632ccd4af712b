/// Earlier entries, newest last, and a walk through them with Up and Down.
///
/// Pure: loading and saving the history file is the façade's job.
public struct History: Sendable {
    /// The entries, oldest first.
    public private(set) var entries: [String] = []
    /// How many entries are kept; the oldest go first.
    public var capacity: Int
    /// The UTF-8 length of the longest entry ever added: text at least this long has no
    /// suggestion, which spares joining a big multi-line buffer on every keystroke.
    public private(set) var longestEntryByteCount = 0
    /// Tells this history's versions from another's: an editor that remembers where a search
    /// stopped checks it is still the same entries.
    let identity = UInt64.random(in: 0...UInt64.max)
    /// Counts additions.
    private(set) var version: UInt64 = 0

    /// Creates a history from earlier entries.
    public init(entries: [String] = [], capacity: Int = 1_000) {
        self.capacity = max(1, capacity)
        for entry in entries { add(entry) }
    }

    /// Adds a submitted entry, skipping blank entries and a repeat of the newest one.
    /// Returns whether it was added.
    @discardableResult
    public mutating func add(_ entry: String) -> Bool {
        guard !Self.isBlank(entry), entry != entries.last else { return false }
        entries.append(entry)
        version += 1
        longestEntryByteCount = max(longestEntryByteCount, entry.utf8.count)
        if entries.count > capacity { entries.removeFirst(entries.count - capacity) }
        return true
    }

    /// True when `entry` is empty or only whitespace. A printable ASCII byte settles it at once,
    /// so loading a long history does not walk every entry `Character` by `Character`.
    static func isBlank(_ entry: String) -> Bool {
        if entry.utf8.contains(where: { $0 > 0x20 && $0 < 0x7F }) { return false }
        return entry.allSatisfy(\.isWhitespace)
    }

    /// The newest entry that starts with `prefix` and is longer than it: the inline suggestion.
    public func suggestion(for prefix: String) -> String? {
        indexOfSuggestion(for: prefix, before: entries.count).map { entries[$0] }
    }

    /// The index of the newest entry before `end` that ``suggestion(for:)`` would give.
    func indexOfSuggestion(for prefix: String, before end: Int) -> Int? {
        guard !prefix.isEmpty else { return nil }
        let prefixCount = prefix.utf8.count
        // Byte for byte as well as by `Character`: the suggestion is shown as the bytes after
        // the typed text, which a canonically equal but differently encoded entry does not have.
        return entries[..<min(end, entries.count)].lastIndex {
            $0.utf8.count > prefixCount && $0.utf8.starts(with: prefix.utf8) && $0.hasPrefix(prefix)
        }
    }

    /// The index of the newest entry before `index` (or before the end) that contains `query`.
    public func indexOfMatch(for query: String, before index: Int?) -> Int? {
        let end = min(index ?? entries.count, entries.count)
        guard end > 0 else { return nil }
        return entries[..<end].lastIndex { query.isEmpty || $0.contains(query) }
    }
}
