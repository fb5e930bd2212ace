import Foundation
import Synchronization

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Answers every request of a session made by `makeSession()` with the answer it was given, and
/// records the requests. Its state is shared by the whole process (URLSession makes the protocol
/// object itself), so it sits behind a `Mutex` and the suites that use it are `.serialized`.
final class URLProtocolStub: URLProtocol {
    enum Answer: Sendable {
        case response(statusCode: Int, data: Data)
        case failure(URLError)
    }

    private static let state = Mutex<(answer: Answer?, requests: [URLRequest])>((nil, []))

    /// A session whose every request this stub answers with `answer`.
    static func makeSession(answering answer: Answer) -> URLSession {
        state.withLock { $0 = (answer, []) }
        let configuration = URLSessionConfiguration.ephemeral
        configuration.protocolClasses = [URLProtocolStub.self]
        return URLSession(configuration: configuration)
    }

    static var requests: [URLRequest] { state.withLock { $0.requests } }

    override class func canInit(with request: URLRequest) -> Bool { true }

    override class func canonicalRequest(for request: URLRequest) -> URLRequest { request }

    override func startLoading() {
        let answer = Self.state.withLock { state in
            state.requests.append(request)
            return state.answer
        }
        switch answer {
        case .response(let statusCode, let data):
            if let url = request.url,
                let response = HTTPURLResponse(
                    url: url, statusCode: statusCode, httpVersion: "HTTP/1.1", headerFields: nil)
            {
                client?.urlProtocol(self, didReceive: response, cacheStoragePolicy: .notAllowed)
            }
            client?.urlProtocol(self, didLoad: data)
            client?.urlProtocolDidFinishLoading(self)
        case .failure(let error):
            client?.urlProtocol(self, didFailWithError: error)
        case nil:
            client?.urlProtocol(self, didFailWithError: URLError(.unknown))
        }
    }

    override func stopLoading() {}
}
