import GhostlineCore
import Testing

/// The names the init-file reader looks up (variables, readline's functions), found by a
/// binary search of tables sorted by their bytes: every name is found, in any case where
/// readline ignores case, and no other is.
@Suite struct InitFileNameTests {
    @Test func theTablesAreSortedByTheirBytes() {
        let tables = [ReadlineFunction.all.map(\.name), InitFileVariables.booleanDefaults.map(\.name),
                      InitFileVariables.stringDefaults.map(\.name)]
        for names in tables {
            #expect(zip(names, names.dropFirst()).allSatisfy { $0.utf8.lexicographicallyPrecedes($1.utf8) })
        }
    }

    @Test func everyFunctionIsFoundByItsNameAndInAnyCase() {
        for function in ReadlineFunction.all {
            #expect(ReadlineFunction.named(function.name)?.name == function.name)
            #expect(ReadlineFunction.named(function.name.uppercased()) != nil, "\(function.name)")
        }
        // Spelled exactly, names that differ only in case are told apart; otherwise the first.
        #expect(ReadlineFunction.named("vi-bWord")?.name == "vi-bWord")
        #expect(ReadlineFunction.named("vi-bword")?.name == "vi-bword")
        #expect(ReadlineFunction.named("VI-BWORD")?.name == "vi-bWord")
        #expect(ReadlineFunction.named("Beginning-Of-Line")?.command == .moveToLineStart)
        for name in ["", "a", "beginning-of-lin", "beginning-of-linex", "zzz", "yank-pop ", "beginning\u{2010}of-line"] {
            #expect(ReadlineFunction.named(name) == nil, "\(name)")
        }
        #expect(ReadlineFunction.command(named: "Insert-Newline") == .insertNewline)
    }

    @Test func everyVariableIsFoundInAnyCaseAndNoOther() {
        for name in InitFileVariables.booleanDefaults.map(\.name) {
            #expect(InitFileVariables.isBoolean(name) && InitFileVariables.isBoolean(name.uppercased()))
            #expect(!InitFileVariables.isString(name))
        }
        for name in InitFileVariables.stringDefaults.map(\.name) {
            #expect(InitFileVariables.isString(name) && InitFileVariables.isString(name.uppercased()))
            #expect(!InitFileVariables.isBoolean(name))
        }
        // The Kelvin sign lowercases to `k` in Unicode, not in readline's byte-wise comparison.
        for name in ["", "bell", "bell-style-", "\u{212A}eymap", "visible-statz"] {
            #expect(!InitFileVariables.isBoolean(name) && !InitFileVariables.isString(name), "\(name)")
        }
    }
}
