import Glibc

/// The path of the executable `name` built by SwiftPM for this package, for end-to-end tests.
///
/// It is `<build directory>/<name>`, where the build directory is the `GHOSTLINE_BUILD_DIR`
/// environment variable when set (relative to the package root unless absolute) and otherwise
/// `.build/debug` in the package root. The package root is the nearest directory above `file`
/// holding a `Package.swift`; `file` defaults to the calling test's source file, so the result
/// does not depend on the working directory the tests run in.
public func builtProductPath(_ name: String, file: StaticString = #filePath) -> String {
    let sourcePath = file.withUTF8Buffer { String(decoding: $0, as: UTF8.self) }
    let root = packageRoot(above: sourcePath) ?? "."
    guard let variable = getenv("GHOSTLINE_BUILD_DIR") else {
        return root + "/.build/debug/" + name
    }
    let buildDirectory = String(cString: variable)
    if buildDirectory.isEmpty {
        return root + "/.build/debug/" + name
    }
    if buildDirectory.hasPrefix("/") {
        return buildDirectory + "/" + name
    }
    return root + "/" + buildDirectory + "/" + name
}

/// The nearest directory above `path` that contains a `Package.swift`.
private func packageRoot(above path: String) -> String? {
    var components = path.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
    while components.count > 1 {
        components.removeLast()
        let directory = components.joined(separator: "/")
        if access(directory + "/Package.swift", F_OK) == 0 {
            return directory.isEmpty ? "/" : directory
        }
    }
    return nil
}
