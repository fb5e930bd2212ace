import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// What a test's session answers a request with: a status and a body, or a transport failure.
enum Answer: Sendable {
    case status(Int, body: String)
    case failure(URLError)

    /// A success with `body`.
    static func ok(_ body: String) -> Answer { .status(200, body: body) }

    func result(for request: URLRequest) throws -> (Data, URLResponse) {
        switch self {
        case .status(let code, let body):
            let url = request.url ?? DogsPayloads.dogsURL
            let response =
                HTTPURLResponse(url: url, statusCode: code, httpVersion: "HTTP/1.1", headerFields: nil)
                ?? URLResponse(url: url, mimeType: nil, expectedContentLength: 0, textEncodingName: nil)
            return (Data(body.utf8), response)
        case .failure(let error):
            throw error
        }
    }
}
