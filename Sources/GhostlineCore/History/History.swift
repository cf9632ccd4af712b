/// Earlier entries, newest last: what Up and Down walk through, Ctrl-R searches and inline
/// suggestions come from.
///
/// The entries are kept as one buffer of UTF-8 bytes (see `HistoryStorage`), so a history of a
/// million entries loads in a few milliseconds and costs little more than its bytes. Searches
/// compare bytes, and prefix lookups go through an index of the entries' first two bytes and,
/// once a session has sorted them while it waited for keys, through the entries in the order of
/// their bytes, so none makes a `String` of an entry it passes over.
///
/// Pure: loading and saving the history file is the façade's job.
public struct History: Sendable {
    /// What happens to entries as they are added, named after bash's `HISTCONTROL`.
    public struct Options: OptionSet, Sendable {
        public let rawValue: Int

        /// Creates options from their raw bits.
        public init(rawValue: Int) {
            self.rawValue = rawValue
        }

        /// An entry starting with a space is not kept (`HISTCONTROL=ignorespace`): a way to
        /// run a command without leaving it in history.
        public static let ignoreSpace = Options(rawValue: 1 << 0)
        /// Adding an entry removes the older entries equal to it (`HISTCONTROL=erasedups`), so
        /// each command is in history once, where it was last used.
        public static let eraseDuplicates = Options(rawValue: 1 << 1)
    }

    /// The capacity a history has unless the app sets one: a million entries, more than years
    /// of daily use leave (readline's users keep 50,000 to 1,000,000), so nobody meets it by
    /// accident, and still a bound: a million entries of typical length take about 50 MB.
    public static let defaultCapacity = 1_000_000
    /// A capacity that keeps every entry.
    public static let unlimited = Int.max

    /// How many entries are kept; when there are more, the oldest go first. At least 1.
    public var capacity: Int {
        didSet {
            capacity = max(1, capacity)
            dropOldestBeyondCapacity()
        }
    }
    /// What happens to entries as they are added.
    public var options: Options
    /// The UTF-8 length of the longest entry ever added: text at least this long has no
    /// suggestion, which spares joining a big multi-line buffer on every keystroke.
    public private(set) var longestEntryByteCount = 0
    /// Tells this history's versions from another's: an editor that remembers where a search
    /// stopped checks it is still the same entries.
    let identity = UInt64.random(in: 0...UInt64.max)
    /// Counts changes: additions and removals.
    private(set) var version: UInt64 = 0

    private var storage: HistoryStorage
    private var index: HistoryPrefixIndex
    /// The entries in byte order, once sorted while the session waited for keys; nil before
    /// that and after entries were renumbered.
    private var sortedIndex: HistorySortedIndex?
    /// The sorting under way, when there is one.
    private var sorting: HistorySortedIndex.Builder?
    private var byteFrequencies: ByteFrequencies

    /// Creates a history from earlier entries, oldest first. Blank entries and a repeat of the
    /// entry before are skipped; the newest `capacity` are kept. The `options` apply to entries
    /// added later, as they would to a history file's entries.
    public init(entries: [String] = [], capacity: Int = History.defaultCapacity, options: Options = []) {
        var storage = HistoryStorage()
        var longest = 0
        for entry in entries where !Self.isBlank(entry) {
            var entry = entry
            entry.withUTF8 { bytes in
                guard storage.count == 0 || !storage.entry(atSlot: storage.endSlot - 1, equals: bytes) else {
                    return
                }
                storage.append(bytes)
                longest = max(longest, bytes.count)
            }
        }
        self.init(storage: storage, capacity: capacity, options: options, longestEntryByteCount: longest)
    }

    /// Creates a history of entries already stored, keeping the newest `capacity`;
    /// `bucketKeys`, when given, are the entries' keys in the prefix index, oldest first.
    init(storage: HistoryStorage, bucketKeys: [UInt32]? = nil, capacity: Int, options: Options, longestEntryByteCount: Int) {
        self.storage = storage
        self.capacity = max(1, capacity)
        self.options = options
        self.longestEntryByteCount = longestEntryByteCount
        _ = self.storage.dropOldest(max(0, storage.count - self.capacity))
        index = HistoryPrefixIndex(self.storage, keys: bucketKeys?.suffix(self.storage.count))
        byteFrequencies = ByteFrequencies(sampling: self.storage.bytes, in: self.storage.liveBytes)
    }

    /// Removes every entry that a newer one equals, byte for byte, as ``Options/eraseDuplicates``
    /// does as entries are added: for entries loaded some other way (a history file is loaded
    /// whole first, so that its count of lines decides whether it is due for a rewrite).
    package mutating func eraseOlderDuplicates() {
        guard storage.removeOlderDuplicates() else { return }
        version += 1
        reindex(renumbered: true)
    }

    /// Builds the index again, and samples the bytes again, after entries were added or moved:
    /// entries moved to other slots (`renumbered`) also make the order sorted so far wrong.
    private mutating func reindex(renumbered: Bool) {
        index = HistoryPrefixIndex(storage)
        byteFrequencies = ByteFrequencies(sampling: storage.bytes, in: storage.liveBytes)
        if renumbered {
            sortedIndex = nil
            sorting = nil
        }
    }

    // MARK: - Sorting

    /// How many entries may be newer than the sorted order before it is sorted again: a lookup
    /// walks those through the prefix index's buckets, a few microseconds for this many.
    static let largestUnsortedTail = 4_096
    /// About how many entries a step of ``continueIndexing(budget:)`` deals out by default:
    /// about a millisecond of work, so that a key typed during the sorting waits no longer.
    package static let indexingStep = 25_000

    /// Whether sorting the entries by their bytes (see `HistorySortedIndex`) is under way or
    /// due: the session does it a step at a time while it waits for keys. A history of no
    /// more entries than the prefix index reads one by one has none to do.
    package var hasIndexingToDo: Bool {
        guard sorting == nil else { return true }
        guard index.hasBuckets else { return false }
        guard let sortedIndex else { return true }
        return storage.endSlot - sortedIndex.end > Self.largestUnsortedTail
    }

    /// Sorts the entries for about `budget` entries' worth of work; until the sorting is
    /// finished, lookups go through the prefix index alone, and the order sorted before (when
    /// entries were added since) stays in use.
    package mutating func continueIndexing(budget: Int = History.indexingStep) {
        guard hasIndexingToDo else { return }
        if sorting == nil {
            guard let (slots, groups) = index.slotsGroupedByFirstBytes() else { return }
            sorting = HistorySortedIndex.Builder(slots: slots, groups: groups, end: index.indexedEnd)
        }
        guard var builder = sorting.take() else { return }
        if builder.sort(budget: budget, of: storage) {
            sortedIndex = builder.finished()
        } else {
            sorting = builder
        }
    }

    /// Sorts the entries now, all of it: for tests and benchmarks, and an app that would rather
    /// pay for it at once.
    package mutating func finishIndexing() {
        while hasIndexingToDo { continueIndexing(budget: .max) }
    }

    /// Whether the entries are sorted by their bytes, up to the newest few.
    package var isIndexed: Bool { sortedIndex != nil }

    // MARK: - Entries

    /// How many entries there are.
    public var count: Int { storage.count }

    /// The entry at `index` (0 is the oldest), made into a `String` when asked for.
    public subscript(index: Int) -> String {
        precondition(index >= 0 && index < count, "History index out of range")
        return storage.string(atSlot: storage.firstSlot + index)
    }

    /// The newest entry.
    public var last: String? { count == 0 ? nil : self[count - 1] }

    /// The entries, oldest first, each made into a `String` when it is read. It is a collection,
    /// not an array, so compare it with `elementsEqual(_:)` or make one: `Array(history.entries)`.
    public var entries: Entries { Entries(history: self) }

    /// The entries of a ``History`` as a collection, oldest first. It shares the history's
    /// storage, so making one copies nothing.
    public struct Entries: RandomAccessCollection, Sendable {
        let history: History

        /// The oldest entry's index, 0.
        public var startIndex: Int { 0 }
        /// The number of entries.
        public var endIndex: Int { history.count }
        /// The entry at `position`.
        public subscript(position: Int) -> String { history[position] }
    }

    // MARK: - Adding

    /// Adds a submitted entry, skipping blank entries, a repeat of the newest one and, with
    /// ``Options/ignoreSpace``, one starting with a space. With ``Options/eraseDuplicates``,
    /// older entries equal to it are removed. Returns whether it was added.
    @discardableResult
    public mutating func add(_ entry: String) -> Bool {
        var entry = entry
        guard isKept(entry) else { return false }
        return entry.withUTF8 { bytes in
            if count > 0 && storage.entry(atSlot: storage.endSlot - 1, equals: bytes) { return false }
            if options.contains(.eraseDuplicates) { removeEntries(equalTo: bytes) }
            storage.append(bytes)
            version += 1
            longestEntryByteCount = max(longestEntryByteCount, bytes.count)
            dropOldestBeyondCapacity()
            if index.isStale(for: storage) { reindex(renumbered: false) }
            return true
        }
    }

    /// Whether an entry like `entry` is kept at all: it is not blank and, with
    /// ``Options/ignoreSpace``, does not start with a space. A history file appends only such
    /// entries, so that what the options hide stays out of the file too.
    public func isKept(_ entry: String) -> Bool {
        !Self.isBlank(entry) && !(options.contains(.ignoreSpace) && entry.utf8.first == 0x20)
    }

    private mutating func removeEntries(equalTo bytes: UnsafeBufferPointer<UInt8>) {
        var end = storage.endSlot
        while let slot = newestSlot(startingWith: bytes, .equals, in: storage.firstSlot..<end,
                                    where: { storage.range(ofSlot: $0).count == bytes.count }) {
            index.remove(slot: slot, firstBytes: bytes)
            sortedIndex?.remove(slot: slot, entry: bytes, of: storage)
            // The slots it was sorting move: it starts again when the session next waits.
            sorting = nil
            storage.remove(slot: slot)
            version += 1
            end = slot
        }
    }

    private mutating func dropOldestBeyondCapacity() {
        guard storage.count > capacity else { return }
        version += 1
        if storage.dropOldest(storage.count - capacity) { reindex(renumbered: true) }
    }

    /// True when `entry` is empty or only whitespace. A printable ASCII byte settles it at once,
    /// so loading a long history does not walk every entry `Character` by `Character`.
    static func isBlank(_ entry: String) -> Bool {
        if entry.utf8.contains(where: { $0 > 0x20 && $0 < 0x7F }) { return false }
        return entry.allSatisfy(\.isWhitespace)
    }

    // MARK: - Prefixes

    /// The newest entry that starts with `prefix` and is longer than it: the inline suggestion.
    public func suggestion(for prefix: String) -> String? {
        indexOfSuggestion(for: prefix, before: count).map { self[$0] }
    }

    /// The index of the newest entry before `end` that ``suggestion(for:)`` would give.
    ///
    /// Byte for byte as well as by `Character`: the suggestion is shown as the bytes after the
    /// typed text, which a canonically equal but differently encoded entry does not have.
    func indexOfSuggestion(for prefix: String, before end: Int) -> Int? {
        var prefix = prefix
        return prefix.withUTF8 { prefix in
            newestIndex(startingWith: prefix, before: end, longerThanPrefix: true)
        }
    }

    /// The bytes of entry `index` after its first `byteCount`, which end a `Character` of it:
    /// the suffix a suggestion shows, made without making the whole entry a `String`.
    func suffix(ofEntry index: Int, after byteCount: Int) -> String {
        let range = storage.range(ofSlot: storage.firstSlot + index)
        return storage.bytes.withUnsafeBufferPointer { bytes in
            String(decoding: UnsafeBufferPointer(rebasing: bytes[(range.lowerBound + byteCount)..<range.upperBound]), as: UTF8.self)
        }
    }

    /// True when entry `index`, which extended a text of `byteCount` bytes, extends that text
    /// with `added` (ASCII) after it too, and is longer: its next bytes are `added`, and the byte
    /// after them is ASCII, so the text ends on a `Character` boundary of the entry, as it did
    /// before. A carriage return is never taken as such an end: a line feed after it would join it.
    func entry(_ index: Int, continues byteCount: Int, with added: UnsafeBufferPointer<UInt8>) -> Bool {
        let range = storage.range(ofSlot: storage.firstSlot + index)
        let start = range.lowerBound + byteCount
        let end = start + added.count
        guard end < range.upperBound, let last = added.last, last != 0x0D else { return false }
        return storage.bytes.withUnsafeBufferPointer { bytes in
            HistoryStorage.equal(UnsafeBufferPointer(rebasing: bytes[start..<end]), added) && bytes[end] < 0x80
        }
    }

    /// The index of the newest entry before `index` that starts with `prefix` (at a `Character`
    /// boundary of the entry), as readline's `history-search-backward` finds it. An empty
    /// prefix matches every entry.
    public func indexOfEntry(startingWith prefix: String, before index: Int) -> Int? {
        var prefix = prefix
        return prefix.withUTF8 { prefix in
            guard !prefix.isEmpty else { return min(index, count) > 0 ? min(index, count) - 1 : nil }
            return newestIndex(startingWith: prefix, before: index, longerThanPrefix: false)
        }
    }

    /// The index of the oldest entry after `index` that starts with `prefix`, as readline's
    /// `history-search-forward` finds it. An empty prefix matches every entry.
    public func indexOfEntry(startingWith prefix: String, after index: Int) -> Int? {
        var prefix = prefix
        return prefix.withUTF8 { prefix in
            let start = max(0, index + 1)
            guard !prefix.isEmpty else { return start < count ? start : nil }
            guard start < count else { return nil }
            let first = storage.firstSlot
            return storage.withEntries { entries in
                oldestSlot(startingWith: prefix, in: (first + start)..<storage.endSlot) { slot in
                    entries.isBoundary(inSlot: slot, at: prefix.count)
                }
            }.map { $0 - first }
        }
    }

    private func newestIndex(startingWith prefix: UnsafeBufferPointer<UInt8>, before end: Int, longerThanPrefix: Bool) -> Int? {
        let end = min(end, count)
        guard !prefix.isEmpty, end > 0 else { return nil }
        let first = storage.firstSlot
        return storage.withEntries { entries in
            newestSlot(startingWith: prefix, longerThanPrefix ? .extends : .startsWith, in: first..<(first + end)) { slot in
                (!longerThanPrefix || entries.range(ofSlot: slot).count > prefix.count) && entries.isBoundary(inSlot: slot, at: prefix.count)
            }
        }.map { $0 - first }
    }

    /// The oldest slot in `slotRange` whose entry starts with `prefix` and passes `accept`:
    /// among the slots the sorted order holds through it, among the newer ones through the
    /// prefix index, and through the prefix index alone when the sorted order passes over too
    /// many matches (see `HistorySortedIndex.passedOverLimit`).
    private func oldestSlot(startingWith prefix: UnsafeBufferPointer<UInt8>, in slotRange: Range<Int>,
                            where accept: (Int) -> Bool) -> Int? {
        guard let sortedIndex, prefix.count > 1 else {
            return index.oldestSlot(startingWith: prefix, in: slotRange, of: storage, where: accept)
        }
        let split = min(max(sortedIndex.end, slotRange.lowerBound), slotRange.upperBound)
        switch sortedIndex.oldestSlot(startingWith: prefix, .startsWith, in: slotRange.lowerBound..<split, of: storage, where: accept) {
        case .found(let slot): return slot
        case .notFound: return index.oldestSlot(startingWith: prefix, in: split..<slotRange.upperBound, of: storage, where: accept)
        case .undecided: return index.oldestSlot(startingWith: prefix, in: slotRange, of: storage, where: accept)
        }
    }

    /// The newest slot in `slotRange` whose entry starts with `prefix` as `match` says and
    /// passes `accept`: among the slots newer than the sorted order through the prefix index,
    /// among the older ones through the sorted order, or the prefix index when that passes
    /// over too many matches. A prefix of one byte always goes through the prefix index, which
    /// keeps the answer for each first byte.
    private func newestSlot(startingWith prefix: UnsafeBufferPointer<UInt8>, _ match: HistorySortedIndex.Match,
                            in slotRange: Range<Int>, where accept: (Int) -> Bool) -> Int? {
        guard let sortedIndex, prefix.count > 1 else {
            return index.newestSlot(startingWith: prefix, in: slotRange, of: storage, where: accept)
        }
        let split = min(max(sortedIndex.end, slotRange.lowerBound), slotRange.upperBound)
        if let slot = index.newestSlot(startingWith: prefix, in: split..<slotRange.upperBound, of: storage, where: accept) {
            return slot
        }
        switch sortedIndex.newestSlot(startingWith: prefix, match, in: slotRange.lowerBound..<split, of: storage, where: accept) {
        case .found(let slot): return slot
        case .notFound: return nil
        case .undecided: return index.newestSlot(startingWith: prefix, in: slotRange.lowerBound..<split, of: storage, where: accept)
        }
    }

    // MARK: - Search

    /// The index of the newest entry before `index` (or before the end) that contains `query`
    /// (every entry contains an empty query).
    ///
    /// The query's bytes are searched for in the entries' bytes, newest first, stopping at the
    /// first entry where they start and end on `Character` boundaries: the entries
    /// `String.contains` finds, except one that holds the query only in another encoding of
    /// the same characters (a precomposed "é" for a decomposed one).
    public func indexOfMatch(for query: String, before index: Int?) -> Int? {
        let end = min(index ?? count, count)
        guard end > 0 else { return nil }
        var query = query
        return query.withUTF8 { query in
            guard !query.isEmpty else { return end - 1 }
            let first = storage.firstSlot
            return storage.bytes.withUnsafeBufferPointer { bytes in
                let lowest = storage.range(ofSlot: first).lowerBound
                var upper = storage.range(ofSlot: first + end - 1).upperBound
                while let hit = ByteSearch.lastOccurrence(of: query, in: bytes, within: lowest..<upper, frequencies: byteFrequencies) {
                    let slot = storage.slot(containingByteAt: hit)
                    let entry = storage.range(ofSlot: slot)
                    let entryBytes = UnsafeBufferPointer(rebasing: bytes[entry])
                    if hit + query.count <= entry.upperBound,
                       GraphemeBoundary.isBoundary(entryBytes, at: hit - entry.lowerBound),
                       GraphemeBoundary.isBoundary(entryBytes, at: hit + query.count - entry.lowerBound) {
                        return slot - first
                    }
                    // Occurrences starting before this one, in this entry or older ones.
                    upper = hit + query.count - 1
                }
                return nil
            }
        }
    }

    /// The index of the oldest entry after `index` that contains `query`, matched as
    /// ``indexOfMatch(for:before:)`` matches (every entry contains an empty query): readline's
    /// forward non-incremental search (`?`, Alt-N) finds it so.
    public func indexOfMatch(for query: String, after index: Int) -> Int? {
        let start = max(0, index + 1)
        guard start < count else { return nil }
        var query = query
        return query.withUTF8 { query in
            guard !query.isEmpty else { return start }
            let first = storage.firstSlot
            return storage.bytes.withUnsafeBufferPointer { bytes in
                for slot in (first + start)..<storage.endSlot {
                    let entry = storage.range(ofSlot: slot)
                    let entryBytes = UnsafeBufferPointer(rebasing: bytes[entry])
                    var upper = entry.upperBound
                    // The entry's occurrences, last first, until one lies between characters.
                    while let hit = ByteSearch.lastOccurrence(of: query, in: bytes, within: entry.lowerBound..<upper,
                                                              frequencies: byteFrequencies) {
                        if GraphemeBoundary.isBoundary(entryBytes, at: hit - entry.lowerBound),
                           GraphemeBoundary.isBoundary(entryBytes, at: hit + query.count - entry.lowerBound) {
                            return slot - first
                        }
                        upper = hit + query.count - 1
                    }
                }
                return nil
            }
        }
    }
}
