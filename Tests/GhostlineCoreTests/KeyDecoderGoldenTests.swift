import Testing
import GhostlineTestSupport
@testable import GhostlineCore

@Suite struct KeyDecoderGoldenTests {
    @Test(arguments: KeyDecoderGoldens.all)
    func decodesWholeInput(_ golden: KeyDecoderGolden) {
        #expect(mergingAdjacentText(decode([golden.bytes])) == golden.events)
    }

    @Test(arguments: KeyDecoderGoldens.all)
    func decodesInputSplitAtEveryPoint(_ golden: KeyDecoderGolden) {
        for splitPoint in 0...golden.bytes.count {
            let pieces = [Array(golden.bytes[..<splitPoint]), Array(golden.bytes[splitPoint...])]
            #expect(mergingAdjacentText(decode(pieces)) == golden.events, "split at \(splitPoint)")
        }
    }

    @Test(arguments: KeyDecoderGoldens.all)
    func decodesInputFedByteByByte(_ golden: KeyDecoderGolden) {
        let pieces = golden.bytes.map { [$0] }
        #expect(mergingAdjacentText(decode(pieces)) == golden.events)
    }

    @Test func coalescesTextReadTogether() {
        var decoder = KeyDecoder()
        #expect(decoder.feed(Array("abc".utf8)) == [.text("abc")])
        #expect(decoder.feed(Array("a\u{1B}[Ib".utf8)) == [.text("ab")])
    }

    @Test func goldenNamesAreUnique() {
        let names = KeyDecoderGoldens.all.map(\.description)
        #expect(Set(names).count == names.count)
    }
}
