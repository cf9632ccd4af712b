/// libFuzzer's entry point for programs that have a `main` of their own: it parses libFuzzer's
/// command line (`-runs=`, `-max_total_time=`, corpus directories, …) and calls `body` with
/// each input. The fuzz targets are linked with `-sanitize=fuzzer`, which brings it.
@_silgen_name("LLVMFuzzerRunDriver")
private func LLVMFuzzerRunDriver(
    _ argumentCount: UnsafeMutablePointer<CInt>,
    _ arguments: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
    _ body: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt
) -> CInt

/// Runs libFuzzer with the process's command line, calling `body` with every input it makes,
/// and returns the status for the process to exit with.
///
/// `body` is a C function (a closure that captures nothing) because libFuzzer calls it as one.
/// A failed check in it must stop the process (`fatalError`, `precondition`): libFuzzer then
/// saves the input that did it as a `crash-…` file.
public func runLibFuzzer(
    argumentCount: CInt, arguments: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?,
    body: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt
) -> CInt {
    var count = argumentCount
    var vector = arguments
    return LLVMFuzzerRunDriver(&count, &vector, body)
}

/// The bytes of one input, as a buffer (empty when libFuzzer passes no pointer).
public func inputBytes(_ data: UnsafePointer<UInt8>?, _ size: Int) -> UnsafeBufferPointer<UInt8> {
    UnsafeBufferPointer(start: size > 0 ? data : nil, count: size > 0 ? size : 0)
}

/// Stops the fuzz run with `message` when `condition` is false, in every build configuration
/// (unlike `assert`), so that libFuzzer records the input.
public func check(_ condition: @autoclosure () -> Bool, _ message: @autoclosure () -> String,
                  file: StaticString = #fileID, line: UInt = #line) {
    if !condition() { fatalError(message(), file: file, line: line) }
}
