extension Editor {
    /// How many macros may run inside one another. A macro that types its own key would run
    /// forever (readline's does); the one this deep does nothing.
    package static let deepestMacro = 16

    /// Runs a ``Command/macro(_:)``: decodes its text as a terminal's bytes and handles each key
    /// as if it had been typed, stopping at the first that makes a request (a submit, say).
    mutating func playMacro(_ keys: String) -> EditorRequest? {
        guard macroDepth < Self.deepestMacro else { return nil }
        macroDepth += 1
        defer { macroDepth -= 1 }
        var decoder = KeyDecoder()
        let events = decoder.feed(keys.utf8) + decoder.flush()
        for event in events {
            if let request = handle(event) { return request }
        }
        return nil
    }
}
