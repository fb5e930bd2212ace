import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Performs requests and decodes their answers, turning every failure into one of its own errors.
public struct NetworkService: Sendable {
    private let session: any AsyncAwait

    public init(session: any AsyncAwait) {
        self.session = session
    }
}
