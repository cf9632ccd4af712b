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
            // A fully static release binary starts in half the time: no dynamic loader, no
            // symbol lookups in libswiftCore and libstdc++ (see Docs/Performance.md). lld is the
            // toolchain's own linker and, unlike gold, links it without warnings.
            linkerSettings: [.unsafeFlags(["-static-executable", "-use-ld=lld"], .when(platforms: [.linux], configuration: .release))]
        ),
        .executableTarget(name: "generate-unicode-tables"),
        .executableTarget(name: "ghostline-bench", dependencies: ["GhostlineCore"]),
        .target(name: "GhostlineTestSupport", dependencies: ["GhostlineCore"], path: "Tests/GhostlineTestSupport"),
        .testTarget(name: "GhostlineCoreTests", dependencies: ["GhostlineCore", "GhostlineTestSupport"], exclude: ["Fixtures"]),
        .testTarget(name: "GhostlineTests", dependencies: ["Ghostline", "GhostlineTerminal", "GhostlineTestSupport", "ghostline"]),
    ],
    swiftLanguageModes: [.v6]
)
