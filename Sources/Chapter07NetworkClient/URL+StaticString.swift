import Foundation

nonisolated extension URL {
    /// A URL written in the code, which is a programming error if it does not parse.
    init(staticString: StaticString) {
        guard let url = URL(string: "\(staticString)") else {
            preconditionFailure("'\(staticString)' is not a URL")
        }
        self = url
    }
}
