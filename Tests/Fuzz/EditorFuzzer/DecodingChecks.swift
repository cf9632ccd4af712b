import FuzzDriver
import GhostlineCore
import GhostlineTestSupport

/// What the key decoder promises about any bytes.
enum DecodingChecks {
    /// Typed text holds no control character: C0, DEL and C1 arrive as keys or not at all.
    static func checkEvents(_ events: [KeyEvent]) {
        for case .text(let text) in events {
            check(!text.isEmpty, "an empty text event")
            for scalar in text.unicodeScalars {
                check(scalar.value >= 0x20 && !(0x7F...0x9F).contains(scalar.value),
                      "control U+\(String(scalar.value, radix: 16)) decoded as text")
            }
        }
    }

    /// The same bytes read all at once decode to the same events, text grouped apart.
    static func checkChunkingChangesNothing(_ bytes: [UInt8], decoded: [KeyEvent]) {
        var decoder = KeyDecoder()
        let whole = decoder.feed(bytes) + decoder.flush()
        check(mergingAdjacentText(whole) == mergingAdjacentText(decoded),
              "read at once \(whole), read in chunks \(decoded)")
    }
}
