import GhostlineTerminal

/// Reads entries from standard input when it is not a terminal: one per line, or all of it as
/// one entry, writing nothing and keeping every byte (invalid UTF-8 becomes U+FFFD).
///
/// A line's entry takes the line and its line break from the input and nothing after them
/// (see ``PipedInputReader``), unless ``readsAhead``.
struct PipedInput {
    private var reader: PipedInputReader
    private var buffer: [UInt8] = []
    private var start = 0
    private var reachedEnd = false
    private var cancellation: CancellationRequest?
    /// Whether the input may be read ahead of the entry, in blocks: the caller reads all of it
    /// through this value (``LineEditor/ownsInput``).
    var readsAhead = false

    init(descriptor: FileDescriptor) {
        reader = PipedInputReader(descriptor: descriptor)
    }

    /// The next line without its `\n` or `\r\n`, or everything up to the end of input when
    /// `wholeInput` is true (one final `\n` or `\r\n` dropped); nil once input is exhausted.
    ///
    /// - Parameter cancellation: An async read's request to stop; while there is one, input is
    ///   waited for in `poll` beside its wake-up, and `EntryCancelled` is thrown when it comes.
    mutating func nextEntry(wholeInput: Bool, cancellation: CancellationRequest? = nil) throws -> String? {
        self.cancellation = cancellation
        defer { self.cancellation = nil }
        if wholeInput {
            while !reachedEnd { try fill(stoppingAtLineBreak: false) }
            guard start < buffer.count else { return nil }
            var end = buffer.count
            // A carriage return is part of the final line break only before its `\n`.
            if buffer[end - 1] == 0x0A {
                end -= 1
                if end > start && buffer[end - 1] == 0x0D { end -= 1 }
            }
            defer { start = buffer.count }
            return String(decoding: buffer[start..<end], as: UTF8.self)
        }
        var searchFrom = start
        while true {
            if let newline = buffer[searchFrom...].firstIndex(of: 0x0A) {
                var end = newline
                if end > start && buffer[end - 1] == 0x0D { end -= 1 }
                let line = String(decoding: buffer[start..<end], as: UTF8.self)
                start = newline + 1
                giveBackBytesAfterEntry()
                return line
            }
            if reachedEnd {
                guard start < buffer.count else { return nil }
                let line = String(decoding: buffer[start...], as: UTF8.self)
                start = buffer.count
                return line
            }
            searchFrom = buffer.count
            try fill(stoppingAtLineBreak: !readsAhead)
        }
    }

    /// Hands the bytes read past the entry back to the input where it can take them (a seekable
    /// file); otherwise, and when reading ahead, they wait here for the next entry. Drops
    /// consumed bytes once they are most of the buffer, keeping reads linear.
    private mutating func giveBackBytesAfterEntry() {
        if !readsAhead && reader.giveBack(buffer.count - start) {
            buffer.removeAll(keepingCapacity: buffer.capacity <= 65_536)
            start = 0
        } else if start > 65_536 && start * 2 > buffer.count {
            buffer.removeFirst(start)
            start = 0
        }
    }

    private mutating func fill(stoppingAtLineBreak: Bool) throws {
        if let cancellation { try waitForInput(orThrowWhenCancelled: cancellation) }
        do {
            let readSome = try reader.read(appendingTo: &buffer, stoppingAtLineBreak: stoppingAtLineBreak,
                                           mayWaitAgain: cancellation == nil)
            if !readSome { reachedEnd = true }
        } catch let error as Errno {
            throw LineEditorError.system(error)
        }
    }

    /// Waits until input can be read, or throws `EntryCancelled` once `cancellation` is
    /// requested.
    private func waitForInput(orThrowWhenCancelled cancellation: CancellationRequest) throws {
        var watch = DescriptorWatch(.readable, of: [reader.descriptor, cancellation.wakePipe.fileDescriptor])
        while true {
            if cancellation.isRequested { throw EntryCancelled() }
            do {
                _ = try watch.wait(timeoutMilliseconds: -1)
            } catch let error as Errno {
                throw LineEditorError.system(error)
            }
            if watch.isReady(cancellation.wakePipe.fileDescriptor) { cancellation.wakePipe.drain() }
            if watch.isReady(reader.descriptor) && !cancellation.isRequested { return }
        }
    }
}
