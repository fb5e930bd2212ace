/// The Dog CEO API's answer: the URLs of the dogs' pictures.
public struct DogsApi: Decodable, Sendable {
    public let message: [String]
}
