import GhostlineCore
import Testing

/// Docs/KeyBindings.md lists every readline function name as the table in the core has it, so
/// the page and `ReadlineFunction.all` cannot drift apart.
@Suite struct KeyBindingsDocumentationTests {
    @Test func everyReadlineFunctionIsListedWithWhatItDoes() throws {
        let guide = try repositoryFile("Docs/KeyBindings.md")
        let rows = guide.split(separator: "\n").filter { $0.hasPrefix("| `") }
        #expect(ReadlineFunction.all.count == 145)
        #expect(ReadlineFunction.all.filter { $0.name.hasPrefix("vi-") }.count == 51)
        #expect(Set(ReadlineFunction.all.map(\.name)).count == 145)
        for function in ReadlineFunction.all {
            let row = rows.first { $0.hasPrefix("| `\(function.name)` |") }
            let expected = switch function.support {
            case .command(let command): "| `\(command)` |"
            case .insertsKey: "| inserts the key |"
            case .viMode: "| vi mode |"
            case .notApplicable(let reason): "| not applicable: \(reason) |"
            }
            #expect(row?.hasSuffix(expected) == true, "Docs/KeyBindings.md: \(function.name) should end \(expected): \(row ?? "no row")")
        }
        for (name, command) in ReadlineFunction.ghostlineNames {
            #expect(rows.contains { $0.hasPrefix("| `\(name)` |") && $0.hasSuffix("| `\(command)` |") }, "no row for \(name)")
        }
    }
}
