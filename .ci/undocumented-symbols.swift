// Counts the public declarations without a doc comment in symbol graphs, and lists them.
//
//     swift .ci/undocumented-symbols.swift DIRECTORY
//
// DIRECTORY holds, at any depth, the `*.symbols.json` files `swift-symbolgraph-extract` wrote for
// the public modules (see `make doc-coverage`). A symbol without a source location is one the
// compiler made (a protocol's default implementation, a synthesized conformance): it has no place
// for a comment, so it is not counted; nor is an extension block of another module's type (a
// `swift.extension` symbol, which `make docs` asks for so that DocC shows the members another
// module adds, as `GhostlineConcurrency` adds the async `readLine()` to `LineEditor`): its members
// are the declarations, and each is counted. Exits with status 1 when any declaration is
// undocumented.
// This script runs on the build machine, outside the library, so it may use Foundation.
import Foundation

let arguments = CommandLine.arguments
guard arguments.count == 2 else {
    FileHandle.standardError.write(Data("usage: swift \(arguments[0]) SYMBOL-GRAPH-DIRECTORY\n".utf8))
    exit(2)
}
let directory = URL(fileURLWithPath: arguments[1])
let files = (FileManager.default.enumerator(at: directory, includingPropertiesForKeys: nil)?.allObjects ?? [])
    .compactMap { $0 as? URL }
    .filter { $0.lastPathComponent.hasSuffix(".symbols.json") }
    .sorted { $0.path < $1.path }
guard !files.isEmpty else {
    FileHandle.standardError.write(Data("no symbol graphs in \(directory.path)\n".utf8))
    exit(2)
}

var declarations = 0
var undocumented: [String] = []
for file in files {
    let graph = try JSONSerialization.jsonObject(with: Data(contentsOf: file)) as? [String: Any] ?? [:]
    let module = (graph["module"] as? [String: Any])?["name"] as? String ?? file.lastPathComponent
    for symbol in graph["symbols"] as? [[String: Any]] ?? [] {
        guard let location = symbol["location"] as? [String: Any],
              (symbol["kind"] as? [String: Any])?["identifier"] as? String != "swift.extension" else { continue }
        declarations += 1
        guard symbol["docComment"] == nil else { continue }
        let path = (symbol["pathComponents"] as? [String] ?? []).joined(separator: ".")
        let file = (location["uri"] as? String).map { URL(string: $0)?.lastPathComponent ?? $0 } ?? "?"
        let line = ((location["position"] as? [String: Any])?["line"] as? Int).map { $0 + 1 } ?? 0
        undocumented.append("\(module).\(path) (\(file):\(line))")
    }
}
for name in undocumented {
    print("undocumented: \(name)")
}
print("\(undocumented.count) of \(declarations) public declarations undocumented")
exit(undocumented.isEmpty ? 0 : 1)
