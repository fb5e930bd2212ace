import Foundation

/// A path given on a command line, as both tools read it: relative to the folder the tool was started
/// in unless it starts with `/`, with `.` and `..` taken away.
func resolve(_ path: String, from folder: URL) -> URL {
    URL(fileURLWithPath: path, relativeTo: folder).standardizedFileURL
}
