import FuzzDriver

// Bytes typed into a terminal, in any chunking → `KeyDecoder` → `Editor` → `Display` → a virtual
// screen, checked after every event (see Docs/Fuzzing.md). The first bytes choose the terminal's
// size and the setting (see `FuzzSetting`); the rest are the keys.

/// The program's entry. SwiftPM names it `<target>_main` and points `main` at it; libFuzzer's own
/// `main`, linked whole with `-sanitize=fuzzer`, would call `LLVMFuzzerTestOneInput`, so the entry
/// hands libFuzzer's driver that same function.
@_cdecl("ghostline_fuzz_editor_main")
func fuzzEditorMain(_ argumentCount: CInt, _ arguments: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    runLibFuzzer(argumentCount: argumentCount, arguments: arguments) { testOneInput($0, $1) }
}

/// One input: the setting, then the keys.
@_cdecl("LLVMFuzzerTestOneInput")
func testOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let input = inputBytes(data, size)
    guard input.count >= FuzzSetting.byteCount else { return 0 }
    var session = EditorSession(setting: FuzzSetting(input))
    session.type(Array(input[FuzzSetting.byteCount...]))
    return 0
}
