// swift-tools-version:6.0
import PackageDescription

// A fully static release binary starts in half the time: no dynamic loader, no symbol lookups in
// libswiftCore and libstdc++ (see Docs/Performance.md). lld is the toolchain's own linker and,
// unlike gold, links it without warnings. The debug information is left out (1.6 MB even
// compressed, most of what the CLI weighs over a hello world built this way); the symbols stay, so
// the Swift backtracer still names each frame's function. The functions the CLI runs on its way to
// the prompt are laid side by side (`make startup-symbols` lists them), so that the kernel maps
// fewer windows of code for them (Docs/Performance.md, "Idle memory"); a name the list holds that
// a build lacks is passed over without a word.
let startupSymbols = Context.packageDirectory + "/Sources/ghostline/startup-symbols.txt"
let staticRelease: [LinkerSetting] = [
    .unsafeFlags(["-static-executable", "-use-ld=lld", "-Xlinker", "--strip-debug",
                  "-Xlinker", "--symbol-ordering-file=" + startupSymbols, "-Xlinker", "--no-warn-symbol-ordering"],
                 .when(platforms: [.linux], configuration: .release)),
]

let package = Package(
    name: "Ghostline",
    products: [
        .library(name: "Ghostline", targets: ["Ghostline"]),
        // The async `readLine()` and `entries`: a module of their own, so that only the apps that
        // await entries link Swift's concurrency runtime (Docs/Performance.md, "What embedding costs").
        .library(name: "GhostlineConcurrency", targets: ["GhostlineConcurrency"]),
        .library(name: "GhostlineTesting", targets: ["GhostlineTesting"]),
        .executable(name: "ghostline", targets: ["ghostline"]),
    ],
    targets: [
        .target(name: "GhostlineCore"),
        .target(name: "GhostlineTerminal"),
        .target(name: "Ghostline", dependencies: ["GhostlineCore", "GhostlineTerminal"]),
        .target(name: "GhostlineConcurrency", dependencies: ["Ghostline", "GhostlineTerminal"]),
        .target(name: "GhostlineTesting", dependencies: ["Ghostline", "GhostlineCore", "GhostlineTerminal"]),
        .executableTarget(
            name: "ghostline",
            dependencies: ["Ghostline"],
            exclude: ["startup-symbols.txt"],
            linkerSettings: staticRelease
        ),
        // A static hello world linked as the CLI is, the yardstick of `make size`.
        .executableTarget(name: "hello-world", path: "Tests/HelloWorld", linkerSettings: staticRelease),
        .executableTarget(name: "generate-unicode-tables"),
        .executableTarget(name: "ghostline-bench", dependencies: ["GhostlineCore", "Ghostline", "GhostlineTesting"]),
        // The examples (`make examples`, README "Examples"): each an app of one page that uses only
        // the `Ghostline` product (and `chat`, which awaits its entries, `GhostlineConcurrency`), as
        // an app outside the repository would.
        .executableTarget(name: "calculator", dependencies: ["Ghostline"], path: "Sources/Examples/Calculator"),
        .executableTarget(name: "commit-message", dependencies: ["Ghostline"], path: "Sources/Examples/CommitMessage"),
        .executableTarget(name: "password", dependencies: ["Ghostline"], path: "Sources/Examples/Password"),
        .executableTarget(name: "new-project", dependencies: ["Ghostline"], path: "Sources/Examples/NewProject"),
        .executableTarget(name: "chat", dependencies: ["Ghostline", "GhostlineConcurrency"], path: "Sources/Examples/Chat"),
        // Reads entries with two editors and Swift's `readLine()` in turn, for the tests of
        // piped input taken exactly (PipedInputConsumptionTests).
        .executableTarget(name: "ghostline-piped-readers", dependencies: ["Ghostline"], path: "Tests/PipedReaders"),
        .target(name: "GhostlineTestSupport", dependencies: ["GhostlineCore", "GhostlineTesting"], path: "Tests/GhostlineTestSupport"),
        .testTarget(name: "GhostlineCoreTests", dependencies: ["GhostlineCore", "GhostlineTesting", "GhostlineTestSupport"], exclude: ["Fixtures"]),
        .testTarget(name: "GhostlineTests", dependencies: ["Ghostline", "GhostlineConcurrency", "GhostlineTerminal", "GhostlineTesting", "GhostlineTestSupport", "ghostline", "ghostline-piped-readers",
                                                      "calculator", "commit-message", "password", "new-project", "chat"]),
    ],
    swiftLanguageModes: [.v6]
)

// The fuzz targets exist only for `make fuzz`, which sets GHOSTLINE_FUZZ=1 and builds them with
// `-sanitize=fuzzer,address` in a scratch path of their own (see Docs/Fuzzing.md): a plain build
// never sees them. Each is compiled as a library, since its entry is a function of its own that
// starts libFuzzer's driver.
if Context.environment["GHOSTLINE_FUZZ"] == "1" {
    let entryOfItsOwn: [SwiftSetting] = [.unsafeFlags(["-parse-as-library"])]
    package.targets += [
        .target(name: "FuzzDriver", path: "Tests/Fuzz/FuzzDriver"),
        .executableTarget(name: "ghostline-fuzz-editor", dependencies: ["FuzzDriver", "GhostlineCore", "GhostlineTesting", "GhostlineTestSupport"],
                          path: "Tests/Fuzz/EditorFuzzer", swiftSettings: entryOfItsOwn),
        .executableTarget(name: "ghostline-fuzz-history-file", dependencies: ["FuzzDriver", "Ghostline"],
                          path: "Tests/Fuzz/HistoryFileFuzzer", swiftSettings: entryOfItsOwn),
        .executableTarget(name: "ghostline-fuzz-piped-input", dependencies: ["FuzzDriver", "Ghostline", "GhostlineTerminal"],
                          path: "Tests/Fuzz/PipedInputFuzzer", swiftSettings: entryOfItsOwn),
        .executableTarget(name: "ghostline-fuzz-printer-message", dependencies: ["FuzzDriver", "GhostlineCore", "GhostlineTesting"],
                          path: "Tests/Fuzz/PrinterMessageFuzzer", swiftSettings: entryOfItsOwn),
    ]
}
