import Glibc

/// The repository's root, from this file's place in it.
private let repositoryRoot = String(#filePath.split(separator: "/", omittingEmptySubsequences: false).dropLast(3)
    .joined(separator: "/"))

/// The text of a file of the repository, by its path from the root (`Docs/CLI.md`): for tests
/// that hold the docs to the code.
func repositoryFile(_ path: String) throws -> String {
    guard let file = fopen(repositoryRoot + "/" + path, "r") else {
        throw RepositoryFileError(description: "cannot open \(path)")
    }
    defer { fclose(file) }
    var bytes: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 4096)
    while case let count = fread(&buffer, 1, buffer.count, file), count > 0 {
        bytes += buffer[0..<count]
    }
    return String(decoding: bytes, as: UTF8.self)
}

private struct RepositoryFileError: Error, CustomStringConvertible {
    var description: String
}
