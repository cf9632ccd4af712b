// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "Ghostline",
    products: [
        .library(name: "Ghostline", targets: ["Ghostline"]),
        .executable(name: "ghostline", targets: ["ghostline"]),
    ],
    targets: [
        .target(name: "GhostlineCore"),
        .target(name: "GhostlineTerminal"),
        .target(name: "Ghostline", dependencies: ["GhostlineCore", "GhostlineTerminal"]),
        .executableTarget(
            name: "ghostline",
            dependencies: ["Ghostline"],
            // The Swift runtime and standard library linked in: no symbol look-ups in libswiftCore
            // at start-up (see Docs/Performance.md). Not `-static-executable`: in a fully static
            // binary this toolchain's run-time exclusivity checks corrupt the heap (`free():
            // invalid pointer` before the first prompt). lld is the toolchain's own linker and,
            // unlike gold, links it without warnings.
            linkerSettings: [.unsafeFlags(["-static-stdlib", "-use-ld=lld"], .when(platforms: [.linux], configuration: .release))]
        ),
        .executableTarget(name: "generate-unicode-tables"),
        .executableTarget(name: "ghostline-bench", dependencies: ["GhostlineCore"]),
        .target(name: "GhostlineTestSupport", dependencies: ["GhostlineCore"], path: "Tests/GhostlineTestSupport"),
        .testTarget(name: "GhostlineCoreTests", dependencies: ["GhostlineCore", "GhostlineTestSupport"], exclude: ["Fixtures"]),
        .testTarget(name: "GhostlineTests", dependencies: ["Ghostline", "GhostlineTerminal", "GhostlineTestSupport"]),
    ],
    swiftLanguageModes: [.v6]
)
