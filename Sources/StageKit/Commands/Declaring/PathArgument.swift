import Foundation

/// A path given on a command line, as both tools read it: relative to the folder the tool was started
/// in unless it starts with `/`, with `.` and `..` taken away.
/// The folder is a folder whether or not its URL ends in `/` (resolved as a URL, one that does not
/// would be taken for a file, and the path put beside it).
func resolve(_ path: String, from folder: URL) -> URL {
    let url = path.hasPrefix("/") ? URL(fileURLWithPath: path) : folder.appendingPathComponent(path)
    return url.standardizedFileURL
}
