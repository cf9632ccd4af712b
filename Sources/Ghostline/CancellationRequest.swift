import GhostlineTerminal
import Synchronization

/// A cancelled task's request that the entry it reads end; the editor's session checks it when
/// its wake-up pipe wakes it. `GhostlineConcurrency`'s `readLineAsync()` makes one for each
/// entry it reads.
package final class CancellationRequest: Sendable {
    private let requested = Atomic<Bool>(false)
    /// Woken by ``cancel()``.
    package let wakePipe: WakePipe

    package init(wakePipe: WakePipe) {
        self.wakePipe = wakePipe
    }

    var isRequested: Bool { requested.load(ordering: .sequentiallyConsistent) }

    /// Asks the entry to end, from any thread.
    package func cancel() {
        requested.store(true, ordering: .sequentiallyConsistent)
        wakePipe.wake()
    }
}

/// How an entry ends when its ``CancellationRequest`` was honored. `readLineAsync()`
/// throws `CancellationError` in its place: this module throws no error of Swift's concurrency
/// runtime, so that a program that never awaits an entry does not link that runtime (see
/// Docs/Performance.md, "What embedding costs").
package struct EntryCancelled: Error {}
