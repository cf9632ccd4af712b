/// Looking a name up in a table sorted by the bytes of its names: the init file's variables and
/// readline's function names are found so, by a binary search over UTF-8 bytes.
///
/// Not a dictionary: making a dictionary's metadata asks the runtime whether its key is
/// `Hashable` by a search of every protocol conformance in the program, and hashing a string
/// brings in its normalization; with a common `/etc/inputrc` that cost the idle prompt most of
/// a megabyte of memory (Docs/Performance.md, "No dictionary or set on the way to the prompt").
enum SortedNames {
    /// Where `name` is among the `count` names that `nameAt` gives, sorted by their bytes; nil
    /// when it is not there. With `foldingCase` the name's ASCII letters are compared as
    /// lowercase, for a table whose names are all lowercase (readline compares variable names
    /// so, byte by byte).
    static func index(of name: some StringProtocol, count: Int, foldingCase: Bool = false,
                      nameAt: (Int) -> String) -> Int? {
        var low = 0
        var high = count
        while low < high {
            let middle = (low + high) / 2
            let order = compare(name.utf8, nameAt(middle).utf8, foldingCase: foldingCase)
            if order == 0 { return middle }
            if order < 0 { high = middle } else { low = middle + 1 }
        }
        return nil
    }

    /// Whether two names are the same but for the case of their ASCII letters.
    static func equalFoldingCase(_ name: some StringProtocol, _ other: String) -> Bool {
        name.utf8.count == other.utf8.count && compare(name.utf8, other.utf8.lazy.map(lowercased), foldingCase: true) == 0
    }

    /// Negative, zero or positive as `bytes` sorts before, with or after `other`.
    private static func compare(_ bytes: some Sequence<UInt8>, _ other: some Sequence<UInt8>, foldingCase: Bool) -> Int {
        var left = bytes.makeIterator()
        var right = other.makeIterator()
        while true {
            switch (left.next(), right.next()) {
            case (nil, nil): return 0
            case (nil, _): return -1
            case (_, nil): return 1
            case (let byte?, let otherByte?):
                let byte = foldingCase ? lowercased(byte) : byte
                if byte != otherByte { return byte < otherByte ? -1 : 1 }
            }
        }
    }

    /// An ASCII capital letter as its small letter; any other byte as it is.
    private static func lowercased(_ byte: UInt8) -> UInt8 {
        (0x41...0x5A).contains(byte) ? byte | 0x20 : byte
    }
}
