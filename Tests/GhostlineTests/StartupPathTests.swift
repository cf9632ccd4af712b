import Glibc
import Testing
@testable import Ghostline

/// What the way to the first prompt finds cheaply must be what it found before.
@Suite struct StartupPathTests {
    /// The program's name comes from `argv[0]`'s bytes: the file name without its directory.
    @Test func programNameIsTheExecutablesFileName() {
        let path = CommandLine.arguments.first ?? ""
        let expected = path.split(separator: "/").last.map(String.init) ?? path
        #expect(LineEditor.programName == expected)
        #expect(!LineEditor.programName.contains("/"))
    }

    /// An empty init file is as none: no complaints, the key map and the dump as they were.
    @Test func anEmptyInitFileChangesNothing() {
        let plain = LineEditor(prompt: "> ")
        plain.initFile = .disabled
        plain.readInitFile()
        let editor = LineEditor(prompt: "> ")
        editor.initFile = .text("")
        #expect(editor.readInitFile().isEmpty)
        #expect(editor.initFileContents == nil)
        #expect(editor.readlineBindingsDump == plain.readlineBindingsDump)
    }

    /// The application's name is the program's until the app sets it, and then the app's.
    @Test func applicationNameDefaultsToTheProgramName() {
        let editor = LineEditor(prompt: "> ")
        #expect(editor.applicationName == LineEditor.programName)
        editor.applicationName = "Python"
        #expect(editor.applicationName == "Python")
    }
}
