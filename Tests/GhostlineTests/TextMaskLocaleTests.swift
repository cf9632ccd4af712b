@testable import Ghostline
import Testing

/// The default mask follows the locale's character set, read as the C library reads it.
struct TextMaskLocaleTests {
    @Test(arguments: ["en_US.UTF-8", "C.UTF-8", "C.utf8", "de_DE.UTF-8@euro", "en_GB.Utf-8", "ja_JP.UTF8"])
    func aLocaleNamingUTF8GetsTheBullet(locale: String) {
        #expect(TextMask.namesUTF8(locale))
        #expect(TextMask.forLocale { $0 == "LC_ALL" ? locale : nil } == .bullet)
    }

    @Test(arguments: ["C", "POSIX", "en_US", "en_US.ISO-8859-1", "en_US.UTF-16", "en_US.UTF-8x", "en_US.@UTF-8", "UTF-8", ""])
    func anyOtherLocaleGetsTheAsterisk(locale: String) {
        #expect(!TextMask.namesUTF8(locale))
    }

    @Test func theFirstLocaleVariableSetAndNotEmptyDecides() {
        let variables = ["LC_ALL": "", "LC_CTYPE": "C", "LANG": "en_US.UTF-8"]
        #expect(TextMask.forLocale { variables[$0] } == .asterisk)
        #expect(TextMask.forLocale { _ in nil } == .asterisk)
    }
}
