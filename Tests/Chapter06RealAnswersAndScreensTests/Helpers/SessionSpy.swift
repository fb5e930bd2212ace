import Chapter06RealAnswersAndScreens
import Foundation
import Synchronization

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Records the requests it is sent, and answers each with the next of the answers it was told before
/// the call: an async call must know its result before it is made, or the test would wait forever.
final class SessionSpy: AsyncAwait {
    private let state: Mutex<(answers: [Answer], requests: [URLRequest])>

    init(answers: [Answer]) {
        state = Mutex((answers, []))
    }

    var requests: [URLRequest] { state.withLock { $0.requests } }

    func data(request: URLRequest) async throws -> (Data, URLResponse) {
        let answer = state.withLock { state -> Answer? in
            state.requests.append(request)
            return state.answers.isEmpty ? nil : state.answers.removeFirst()
        }
        guard let answer else { throw URLError(.resourceUnavailable) }
        return try answer.result(for: request)
    }
}
