/// Turns the bytes a terminal sends into ``KeyEvent``s, whatever way the reads split them.
///
/// The decoder is a pure state machine: ``feed(_:)`` returns the events the bytes completed and keeps
/// what is unfinished. It never waits. An Escape byte may be the Escape key or the start of a
/// sequence, and only time tells them apart, so the timeout belongs to the caller: when
/// ``isPending`` is true and no byte arrives within a short time (about 25 ms), the caller calls
/// ``flush()``, which resolves what is held. Feeding `ESC`, flushing, then feeding `[D` yields
/// Escape followed by the text `[D`; feeding `ESC [ D` at once yields the left arrow.
///
/// Unknown sequences (mouse and focus reports, replies to queries, OSC and DCS strings) are consumed
/// whole and dropped. `Docs/KeyDecoding.md` lists every sequence recognised.
///
/// Its states and buffers are internal rather than private: the states after an Escape live in
/// `KeyDecoder+EscapeSequences.swift`.
package struct KeyDecoder: Sendable {
    enum State: Equatable, Sendable {
        /// Plain text and control bytes.
        case ground
        /// After ESC.
        case escape
        /// After ESC ESC, which is Alt with a sequence (`ESC ESC [ D`) or two Escape keys.
        case doubleEscape
        /// After ESC and the lead byte of a multi-byte character, which `sequence` holds.
        case escapedCharacter
        /// Inside `ESC [`, with the parameter bytes in `sequence`; `alt` when ESC ESC began it.
        case controlSequence(alt: Bool)
        /// Inside `ESC O`, with the parameter bytes in `sequence`.
        case singleShift(alt: Bool)
        /// After the Linux console's `ESC [ [`, which one letter ends.
        case linuxConsoleFunctionKey(alt: Bool)
        /// Inside a control sequence too long to be a key, skipped up to its final byte.
        case overlongControlSequence
        /// Inside an X10 mouse report (`ESC [ M` and three raw bytes).
        case mouseReport(remainingBytes: Int)
        /// Inside an OSC, DCS or APC string, up to BEL or ST (`ESC \`). `introducer` is the byte after
        /// ESC while `sequence` still holds the whole string, `nil` once it grew too long to keep.
        case controlString(introducer: UInt8?, afterEscape: Bool)
        /// Inside a bracketed paste.
        case paste
    }

    /// Longer than any key sequence; a control sequence this long is garbage or not meant for us.
    static let longestControlSequence = 64
    /// How much of an OSC, DCS or APC string is kept so that it can be replayed as typing.
    static let longestReplayedControlString = 4096

    var state = State.ground
    /// Printable bytes not yet turned into a `.text` event; between feeds, an unfinished character.
    var text: [UInt8] = []
    /// The bytes of the escape sequence or string being read, after its introducer.
    var sequence: [UInt8] = []
    var paste = BracketedPaste()
    var events: [KeyEvent] = []

    /// Creates a decoder with nothing pending.
    package init() {}

    /// True when bytes are held waiting for more: an ESC, an unfinished sequence or character.
    ///
    /// The caller then waits for input with a timeout and calls ``flush()`` when none comes. It is
    /// false inside a bracketed paste, which only its end marker finishes (see ``isInsidePaste``).
    package var isPending: Bool {
        switch state {
        case .ground: !text.isEmpty
        case .paste: false
        default: true
        }
    }

    /// True between the start and end markers of a bracketed paste.
    ///
    /// A paste may arrive slowly, so the caller must not treat a pause inside it as a timeout.
    package var isInsidePaste: Bool {
        state == .paste
    }

    /// Feeds bytes read from the terminal and returns the events they completed, in order.
    ///
    /// Bytes that begin an unfinished sequence or character are kept for the next call. Printable
    /// characters read together may come back as one `.text` event.
    package mutating func feed<Bytes: Sequence>(_ bytes: Bytes) -> [KeyEvent] where Bytes.Element == UInt8 {
        // The generic entry point is not specialized for callers in other modules; the work is
        // done on a plain buffer, where runs of text and paste bytes are copied in bulk.
        if bytes.withContiguousStorageIfAvailable({ feed(buffer: $0) }) == nil {
            Array(bytes).withUnsafeBufferPointer { feed(buffer: $0) }
        }
        return takeEvents()
    }

    /// Feeds bytes read from the terminal and appends the events they completed to `events`,
    /// as ``feed(_:)`` returns them; a loop that reads once per key reuses one array this way.
    package mutating func feed(_ bytes: ArraySlice<UInt8>, appendingTo events: inout [KeyEvent]) {
        bytes.withUnsafeBufferPointer { feed($0, appendingTo: &events) }
    }

    /// ``feed(_:appendingTo:)`` for bytes in a buffer the caller reads into.
    package mutating func feed(_ bytes: UnsafeBufferPointer<UInt8>, appendingTo events: inout [KeyEvent]) {
        // The decoder collects into the caller's array: its storage is reused, and text typed
        // right after text already there joins that event, as bytes read together do.
        swap(&self.events, &events)
        defer { swap(&self.events, &events) }
        feed(buffer: bytes)
    }

    mutating func feed(buffer bytes: UnsafeBufferPointer<UInt8>) {
        var index = 0
        let count = bytes.count
        while index < count {
            switch state {
            case .paste where paste.isAtContent:
                // Inside a paste only ESC can start the end marker: everything before it is content.
                let end = bytes[index...].firstIndex(of: 0x1B) ?? count
                paste.append(UnsafeBufferPointer(rebasing: bytes[index..<end]))
                index = end
                if index < count {
                    consume(bytes[index])
                    index += 1
                }
            case .ground where bytes[index] >= 0x20 && bytes[index] != 0x7F:
                var end = index + 1
                while end < count && bytes[end] >= 0x20 && bytes[end] != 0x7F { end += 1 }
                let run = UnsafeBufferPointer(rebasing: bytes[index..<end])
                if text.isEmpty && !run.contains(where: { $0 >= 0x80 }) {
                    // ASCII with nothing held before it, what typing mostly is: whole printable
                    // characters, decoded from the read's own buffer rather than copied into the
                    // held bytes and cut from them again.
                    appendText(String(decoding: run, as: UTF8.self))
                } else {
                    text.append(contentsOf: run)
                }
                index = end
            default:
                consume(bytes[index])
                index += 1
            }
        }
        emitText(keepingUnfinishedCharacter: true)
    }

    /// Resolves what is pending once the caller's timeout has passed without more bytes, and returns
    /// the events that makes.
    ///
    /// A lone ESC becomes `.key(.escape)`; ESC with `[`, `O`, `]`, `P` or `_` and nothing more becomes
    /// that character with Alt; an unfinished character becomes U+FFFD; an unterminated control
    /// sequence is dropped. A bracketed paste in progress is left alone.
    package mutating func flush() -> [KeyEvent] {
        switch state {
        case .ground, .paste, .linuxConsoleFunctionKey, .overlongControlSequence, .mouseReport:
            break
        case .escape:
            emit(.key(.escape))
        case .doubleEscape:
            emit(.key(.escape))
            emit(.key(.escape))
        case .escapedCharacter:
            emit(.key(.escape))
            text.append(contentsOf: sequence)
        case .controlSequence(let alt):
            resolveUnfinishedSequence(introducer: UInt8(ascii: "["), alt: alt)
        case .singleShift(let alt):
            resolveUnfinishedSequence(introducer: UInt8(ascii: "O"), alt: alt)
        case .controlString(let introducer, let afterEscape):
            // Terminals send a reply in one write; an unterminated string was the user typing Alt-].
            state = .ground
            if let introducer {
                emit(.alt(Character(Unicode.Scalar(introducer))))
                // The string holds no ESC or BEL, so replaying it cannot leave the ground state.
                for byte in sequence {
                    consume(byte)
                }
            }
            if afterEscape {
                emit(.key(.escape))
            }
        }
        if state != .paste {
            state = .ground
        }
        emitText(keepingUnfinishedCharacter: false)
        return takeEvents()
    }

    // MARK: - States

    mutating func consume(_ byte: UInt8) {
        switch state {
        case .ground: consumeText(byte)
        case .escape: consumeAfterEscape(byte)
        case .doubleEscape: consumeAfterDoubleEscape(byte)
        case .escapedCharacter: consumeEscapedCharacter(byte)
        case .controlSequence(let alt): consumeControlSequence(byte, alt: alt)
        case .singleShift(let alt): consumeSingleShift(byte, alt: alt)
        case .linuxConsoleFunctionKey(let alt): consumeLinuxConsoleFunctionKey(byte, alt: alt)
        case .overlongControlSequence: consumeOverlongControlSequence(byte)
        case .mouseReport(let remainingBytes): state = remainingBytes > 1 ? .mouseReport(remainingBytes: remainingBytes - 1) : .ground
        case .controlString(let introducer, let afterEscape): consumeControlString(byte, introducer: introducer, afterEscape: afterEscape)
        case .paste: consumePaste(byte)
        }
    }

    mutating func consumeText(_ byte: UInt8) {
        switch byte {
        case 0x1B:
            // An unfinished character ends here, so it must not join bytes after the sequence.
            emitText(keepingUnfinishedCharacter: false)
            state = .escape
        case 0x00...0x1F, 0x7F:
            emit(KeyTable.event(forControlByte: byte))
        default:
            text.append(byte)
        }
    }

    // MARK: - Helpers

    mutating func startSequence(_ newState: State) {
        sequence.removeAll(keepingCapacity: true)
        state = newState
    }

    mutating func appendSequenceByte(_ byte: UInt8) {
        if sequence.count < Self.longestControlSequence {
            sequence.append(byte)
        } else {
            state = .overlongControlSequence
        }
    }

    /// Ends a sequence cut short by a byte that cannot belong to it, or by the timeout. With nothing
    /// after its introducer it was Alt-[ or Alt-O typed by the user; otherwise it is dropped.
    mutating func resolveUnfinishedSequence(introducer: UInt8, alt: Bool) {
        state = .ground
        guard sequence.isEmpty else { return }
        if alt {
            emit(.key(.escape))
        }
        emit(.alt(Character(Unicode.Scalar(introducer))))
    }

    mutating func emit(_ event: KeyEvent) {
        emitText(keepingUnfinishedCharacter: false)
        events.append(event)
    }

    /// Turns the collected printable bytes into a `.text` event, joined to a `.text` just before it.
    mutating func emitText(keepingUnfinishedCharacter: Bool) {
        guard !text.isEmpty else { return }
        // The bytes collected are 0x20 and above but DEL: in ASCII, what typing mostly is, each is
        // a whole printable character, so only other text is checked for an unfinished character
        // and for C1 controls.
        let isASCII = !text.contains { $0 >= 0x80 }
        let keptLength = keepingUnfinishedCharacter && !isASCII ? UTF8Prefix.incompleteSuffixLength(of: text) : 0
        let decodedLength = text.count - keptLength
        guard decodedLength > 0 else { return }
        var decoded = String(decoding: text[..<decodedLength], as: UTF8.self)
        text.removeSubrange(..<decodedLength)
        if !isASCII && !decoded.unicodeScalars.allSatisfy(KeyTable.isPrintable) {
            // C1 controls are valid UTF-8 but no key a user typed; they must never reach the screen.
            decoded.unicodeScalars.removeAll { !KeyTable.isPrintable($0) }
        }
        guard !decoded.isEmpty else { return }
        appendText(decoded)
    }

    /// Adds a `.text` event for `decoded`, which is not empty, or joins it to the text event
    /// before it.
    mutating func appendText(_ decoded: String) {
        if case .text(var previous)? = events.last {
            // Removing the event first leaves the string uniquely owned, so appending does not copy it.
            events.removeLast()
            previous += decoded
            events.append(.text(previous))
        } else {
            events.append(.text(decoded))
        }
    }

    mutating func takeEvents() -> [KeyEvent] {
        defer { events = [] }
        return events
    }
}

extension KeyEvent {
    /// The same key with Alt added, as an Escape prefix means. A single character of text becomes
    /// that character with Alt; longer text and pastes are unchanged.
    func addingAlt() -> KeyEvent {
        switch self {
        case .key(let key, let modifiers):
            return .key(key, modifiers.union(.alt))
        case .text(let text) where text.count == 1:
            return text.first.map { .alt($0) } ?? self
        case .text, .paste:
            return self
        }
    }
}

extension KeyDecoder {
    /// Overwrites the room in the decoder's buffers that decoded bytes left behind, as a secret
    /// entry ends; bytes still pending (the start of the next entry's keys) stay.
    package mutating func overwriteUnusedCapacity() {
        text.overwriteUnusedCapacity(with: 0)
        sequence.overwriteUnusedCapacity(with: 0)
        events.overwriteUnusedCapacity(with: .text(""))
    }
}
