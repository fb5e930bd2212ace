import Dispatch
import Foundation
import Synchronization
import WorkbookModel

/// Works through chapters' items (their steps, or their steps' changes), each chapter's in order and
/// up to `jobs` chapters at once: each chapter has a package of its own, so they do not meet.
package struct ChapterWorkers {
    package var jobs: Int

    /// Each item's result, handed to `show` on this thread as it finishes, and returned in the items'
    /// order; the first error stops the work and is thrown once the workers have stopped.
    package func run<Item: Sendable, Result: Sendable>(
        _ chapters: [[Item]], show: (Result) -> Void,
        work: @escaping @Sendable (Item) throws(StageKitError) -> Result
    ) throws(StageKitError) -> [Result] {
        guard jobs > 1, chapters.count > 1 else {
            var results: [Result] = []
            for item in chapters.joined() {
                let result = try work(item)
                show(result)
                results.append(result)
            }
            return results
        }
        // The longest chapters go first, so that no worker is left with a long one at the end.
        let longestFirst = chapters.indices.sorted { chapters[$0].count > chapters[$1].count }
        let next = Mutex(0)
        let state = Mutex<(finished: [(place: Int, result: Result)], failure: StageKitError?)>(([], nil))
        let starts = chapters.reduce(into: [0]) { $0.append($0[$0.count - 1] + $1.count) }
        let told = DispatchSemaphore(value: 0)
        let workers = DispatchGroup()
        // Each worker is a thread of its own, for it blocks on the builds and tests it waits for: the
        // dispatch queues' threads are for work that does not block.
        for _ in 0..<min(jobs, chapters.count) {
            workers.enter()
            Thread.detachNewThread {
                defer { workers.leave() }
                // A worker takes the next chapter not yet taken, and works it to its end.
                while let chapter = next.withLock({ (taken: inout Int) -> Int? in
                    guard taken < longestFirst.count else { return nil }
                    taken += 1
                    return longestFirst[taken - 1]
                }) {
                    for (offset, item) in chapters[chapter].enumerated() {
                        guard state.withLock({ $0.failure == nil }) else { return }
                        do throws(StageKitError) {
                            let result = try work(item)
                            state.withLock { $0.finished.append((starts[chapter] + offset, result)) }
                        } catch {
                            state.withLock { $0.failure = error }
                        }
                        told.signal()
                    }
                }
            }
        }
        // This thread shows the results, so that they come one at a time, as they finish.
        var results: [(place: Int, result: Result)] = []
        let total = starts[starts.count - 1]
        while results.count < total {
            told.wait()
            let (finished, failure) = state.withLock { state in
                defer { state.finished = [] }
                return (state.finished, state.failure)
            }
            for item in finished { show(item.result) }
            results += finished
            if let failure {
                workers.wait()
                throw failure
            }
        }
        workers.wait()
        return results.sorted { $0.place < $1.place }.map(\.result)
    }
}
