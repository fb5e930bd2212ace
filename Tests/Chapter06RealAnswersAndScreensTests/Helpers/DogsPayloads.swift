import Foundation

/// Answers in the shape the Dog CEO API gives them (the picture names are made up).
enum DogsPayloads {
    static let dogsURL = URL(string: "https://dog.ceo/api/breeds/image/random/3") ?? URL(fileURLWithPath: "/")

    /// Three dogs, with slashes escaped as the live API writes them.
    static let threeDogs = #"""
        {"message":["https:\/\/images.dog.ceo\/breeds\/setter-english\/n02100735_1201.jpg","https:\/\/images.dog.ceo\/breeds\/komondor\/n02105505_877.jpg","https:\/\/images.dog.ceo\/breeds\/bulldog-boston\/n02096585_3318.jpg"],"status":"success"}
        """#

    static let threeDogURLs = [
        "https://images.dog.ceo/breeds/setter-english/n02100735_1201.jpg",
        "https://images.dog.ceo/breeds/komondor/n02105505_877.jpg",
        "https://images.dog.ceo/breeds/bulldog-boston/n02096585_3318.jpg",
    ].compactMap(URL.init(string:))

    static let noDogs = #"{"message":[],"status":"success"}"#

    /// What the API answers, with status 404, for a breed it does not know: `message` is a string.
    static let breedNotFound =
        #"{"status":"error","message":"Breed not found (main breed does not exist)","code":404}"#

    static let notJSON = "<html><body>Bad Gateway</body></html>"
}
