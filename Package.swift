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
            // toolchain's own linker and, unlike gold, links it without warnings. Its debug
            // information, never loaded, is kept whole but compressed: 2.1 of the binary's
            // 12.7 MB become 0.7 (debuggers and the Swift backtracer read it as it is).
            linkerSettings: [.unsafeFlags(["-static-executable", "-use-ld=lld", "-Xlinker", "--compress-debug-sections=zlib"],
                                          .when(platforms: [.linux], configuration: .release))]
        ),
        .executableTarget(name: "generate-unicode-tables"),
        .executableTarget(name: "ghostline-bench", dependencies: ["GhostlineCore"]),
        .target(name: "GhostlineTestSupport", dependencies: ["GhostlineCore"], path: "Tests/GhostlineTestSupport"),
        .testTarget(name: "GhostlineCoreTests", dependencies: ["GhostlineCore", "GhostlineTestSupport"], exclude: ["Fixtures"]),
        .testTarget(name: "GhostlineTests", dependencies: ["Ghostline", "GhostlineTerminal", "GhostlineTestSupport", "ghostline"]),
    ],
    swiftLanguageModes: [.v6]
)
