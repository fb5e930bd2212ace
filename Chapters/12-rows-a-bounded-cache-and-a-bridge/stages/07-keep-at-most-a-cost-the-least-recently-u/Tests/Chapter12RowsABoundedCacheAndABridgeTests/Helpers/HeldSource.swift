import Chapter12RowsABoundedCacheAndABridge
import Foundation
import Synchronization

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// An image source that holds each request until the test answers its URL, and notes where each was
/// asked from and whether its task was cancelled. Nothing waits on a clock: a test waits for requests
/// to arrive, then answers them.
final class HeldSource: ImageDataSource {
    struct Request: Equatable {
        let url: URL
        /// "the main actor", "another actor" or "no actor".
        let askedFrom: String
        var isCancelled = false
    }

    private typealias Reply = CheckedContinuation<(Data, URLResponse), any Error>

    private struct State {
        var requests: [Request] = []
        var held: [Int: Reply] = [:]
        /// Answers given by URL: they answer the requests held now and those to come.
        var answers: [URL: (data: Data, status: Int)] = [:]
        var arrived = 0
        var waiting: [(count: Int, continuation: CheckedContinuation<Void, Never>)] = []
    }

    private let state = Mutex(State())

    var requests: [Request] { state.withLock { $0.requests } }

    // `nonisolated(nonsending)`: it runs where its caller runs, so `#isolation` is the caller's actor,
    // or nil when the caller runs on no actor.
    nonisolated(nonsending) func data(from url: URL) async throws -> (Data, URLResponse) {
        let isolation = #isolation
        let askedFrom =
            isolation == nil
            ? "no actor" : isolation === MainActor.shared ? "the main actor" : "another actor"
        let index = state.withLock { state in
            state.requests.append(Request(url: url, askedFrom: askedFrom))
            return state.requests.count - 1
        }
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (reply: Reply) in
                let (answer, arrivals) = hold(reply, at: index, for: url)
                if let answer { reply.resume(returning: Self.reply(answer.data, answer.status, url)) }
                for arrival in arrivals { arrival.resume() }
            }
        } onCancel: {
            state.withLock { $0.requests[index].isCancelled = true }
        }
    }

    /// Counts the request in, and holds `reply` unless its URL has an answer already. Returns that
    /// answer, and the tests waiting for as many requests as have now arrived.
    private func hold(_ reply: Reply, at index: Int, for url: URL) -> (
        answer: (data: Data, status: Int)?, arrivals: [CheckedContinuation<Void, Never>]
    ) {
        state.withLock { state in
            state.arrived += 1
            let arrived = state.arrived
            let arrivals = state.waiting.filter { $0.count <= arrived }.map(\.continuation)
            state.waiting.removeAll { $0.count <= arrived }
            let answer = state.answers[url]
            if answer == nil { state.held[index] = reply }
            return (answer, arrivals)
        }
    }

    /// Returns once `count` requests have arrived in all.
    func waitForRequests(_ count: Int) async {
        await withCheckedContinuation { continuation in
            let arrived = state.withLock { state in
                if state.arrived < count { state.waiting.append((count, continuation)) }
                return state.arrived >= count
            }
            if arrived { continuation.resume() }
        }
    }

    /// Answers every request for `url`, held now or to come, with `data` and `status`.
    func answer(_ url: URL, with data: Data, status: Int = 200) {
        state.withLock { $0.answers[url] = (data, status) }
        answerHeld(url, with: data, status: status)
    }

    /// Answers only the requests for `url` held now: one that comes later waits for its own answer.
    func answerHeld(_ url: URL, with data: Data, status: Int = 200) {
        let replies = state.withLock { state in
            let indices = state.held.keys.filter { state.requests[$0].url == url }
            return indices.compactMap { state.held.removeValue(forKey: $0) }
        }
        for reply in replies { reply.resume(returning: Self.reply(data, status, url)) }
    }

    /// A source, and a loader that asks it and keeps up to `costLimit` bytes of images.
    static func withLoader(costLimit: Int = 1_000) -> (HeldSource, ImageLoader) {
        let source = HeldSource()
        return (source, ImageLoader(source: source, costLimit: costLimit))
    }

    private static func reply(_ data: Data, _ status: Int, _ url: URL) -> (Data, URLResponse) {
        let response =
            HTTPURLResponse(url: url, statusCode: status, httpVersion: "HTTP/1.1", headerFields: nil)
            ?? URLResponse(
                url: url, mimeType: nil, expectedContentLength: data.count, textEncodingName: nil)
        return (data, response)
    }
}
