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
            // at start-up. Not `-static-executable`: fully static, the binary aborts before its
            // first prompt (`free(): invalid pointer`, only with address randomisation on) once
            // the engine's accesses are checked at run time (see Docs/Performance.md). lld is the
            // toolchain's own linker and, unlike gold, links it without warnings.
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
