import GhostlineCore
import GhostlineTerminal

extension TextMask {
    /// The mask for the terminal the environment's locale describes: `•` where its character
    /// set is UTF-8, `*` anywhere else, where a bullet's bytes would show as garbage.
    static func forLocale(_ value: (String) -> String? = environmentValue) -> TextMask {
        namesUTF8(characterTypeLocale(value)) ? .bullet : .asterisk
    }

    /// The locale that decides the character set, looked up as the C library (and so readline
    /// and ncurses) does: the first of `LC_ALL`, `LC_CTYPE` and `LANG` that is set and not
    /// empty; nil when none is, which is the "C" locale.
    static func characterTypeLocale(_ value: (String) -> String?) -> String? {
        for name in ["LC_ALL", "LC_CTYPE", "LANG"] {
            if let locale = value(name), !locale.isEmpty { return locale }
        }
        return nil
    }

    /// Whether a locale name such as `en_US.UTF-8`, `C.utf8` or `de_DE.UTF-8@euro` names UTF-8
    /// as its character set.
    ///
    /// A codeset is ASCII, so its bytes are compared, ASCII letters without their case: every
    /// editor asks this as it is made, and `lowercased()` on a string would bring the standard
    /// library's Unicode case tables into memory before the prompt (Docs/Performance.md, "What
    /// embedding costs").
    static func namesUTF8(_ locale: String?) -> Bool {
        guard let locale, let dot = locale.utf8.firstIndex(of: UInt8(ascii: ".")) else { return false }
        let codeset = locale.utf8[locale.utf8.index(after: dot)...].prefix { $0 != UInt8(ascii: "@") }
        return codeset.lazy.filter { $0 != UInt8(ascii: "-") }.map(asciiLowercase).elementsEqual("utf8".utf8)
    }

    private static func asciiLowercase(_ byte: UInt8) -> UInt8 {
        (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) ? byte | 0x20 : byte
    }
}
