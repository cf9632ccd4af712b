// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "Ghostline",
    products: [
        .library(name: "Ghostline", targets: ["Ghostline"]),
        .library(name: "GhostlineTesting", targets: ["GhostlineTesting"]),
        .executable(name: "ghostline", targets: ["ghostline"]),
    ],
    targets: [
        .target(name: "GhostlineCore"),
        .target(name: "GhostlineTerminal"),
        .target(name: "Ghostline", dependencies: ["GhostlineCore", "GhostlineTerminal"]),
        .target(name: "GhostlineTesting", dependencies: ["Ghostline", "GhostlineCore", "GhostlineTerminal"]),
        .executableTarget(
            name: "ghostline",
            dependencies: ["Ghostline"],
            // A fully static release binary starts in half the time: no dynamic loader, no
            // symbol lookups in libswiftCore and libstdc++ (see Docs/Performance.md). lld is the
            // toolchain's own linker and, unlike gold, links it without warnings.
            linkerSettings: [.unsafeFlags(["-static-executable", "-use-ld=lld"], .when(platforms: [.linux], configuration: .release))]
        ),
        .executableTarget(name: "generate-unicode-tables"),
        .executableTarget(name: "ghostline-bench", dependencies: ["GhostlineCore"]),
        // The examples (`make examples`, README "Examples"): each an app of one page that uses only
        // the `Ghostline` product, as an app outside the repository would.
        .executableTarget(name: "calculator", dependencies: ["Ghostline"], path: "Sources/Examples/Calculator"),
        .executableTarget(name: "commit-message", dependencies: ["Ghostline"], path: "Sources/Examples/CommitMessage"),
        .executableTarget(name: "password", dependencies: ["Ghostline"], path: "Sources/Examples/Password"),
        .executableTarget(name: "new-project", dependencies: ["Ghostline"], path: "Sources/Examples/NewProject"),
        .target(name: "GhostlineTestSupport", dependencies: ["GhostlineCore", "GhostlineTesting"], path: "Tests/GhostlineTestSupport"),
        .testTarget(name: "GhostlineCoreTests", dependencies: ["GhostlineCore", "GhostlineTesting", "GhostlineTestSupport"], exclude: ["Fixtures"]),
        .testTarget(name: "GhostlineTests", dependencies: ["Ghostline", "GhostlineTerminal", "GhostlineTesting", "GhostlineTestSupport", "ghostline",
                                                      "calculator", "commit-message", "password", "new-project"]),
    ],
    swiftLanguageModes: [.v6]
)
