import Chapter04NestedDecoding
import Foundation
import LoopbackServer

/// Track A's demo: prints the top apps that chapter 4's `AppStoreRessource` fetches and decodes.
///
/// By default it fetches the feed bundled with it, served on 127.0.0.1 by a ``LoopbackServer``, so it
/// runs offline through the same `NetworkFetcher` and `URLSession` code that reaches the App Store;
/// with `--live` it fetches the real feed.
public enum TopAppsDemo {
    public enum Source: Equatable, Sendable {
        case bundled
        case live
    }

    public enum Command: Equatable, Sendable {
        case show(Source)
        case help
    }

    public static let usage = """
        usage: top-apps [--live]
          Prints the ten top paid apps of the French App Store, each with its thumbnail's URL.
          By default from the feed bundled with the workbook, served on 127.0.0.1 (no network needed);
          with --live, from https://itunes.apple.com.
        """

    /// Reads the command line; a wrong one is one sentence.
    public static func parse(_ arguments: [String]) throws(DemoError) -> Command {
        switch arguments {
        case []: .show(.bundled)
        case ["--live"]: .show(.live)
        case ["--help"], ["-h"]: .help
        default: throw .usage("top-apps takes --live or nothing, not '\(arguments.joined(separator: " "))'")
        }
    }

    /// Runs the command and returns its exit status, printing what it found.
    public static func main(arguments: [String], print: (String) -> Void, printError: (String) -> Void) async
        -> Int32
    {
        guard !LoopbackServer.isOutOfFiles else {
            printError("top-apps: \(LoopbackServer.outOfFiles).")
            return 1
        }
        do {
            switch try parse(arguments) {
            case .help:
                print(usage)
            case .show(let source):
                let (apps, origin) = try await topApps(from: source)
                render(apps, origin: origin).forEach(print)
            }
            return 0
        } catch DemoError.usage(let problem) {
            printError("top-apps: \(problem) (top-apps --help says more).")
            return 2
        } catch {
            let cause = LoopbackServer.isOutOfFiles ? LoopbackServer.outOfFiles : "\(error)"
            printError("top-apps: could not get the top apps: \(cause).")
            return 1
        }
    }

    /// Fetches and decodes the top apps; also says where they came from.
    public static func topApps(from source: Source) async throws -> (apps: [App], origin: String) {
        switch source {
        case .live:
            return (try await topApps(using: NetworkFetcher()), "the live feed")
        case .bundled:
            let server = try LoopbackServer(routes: [
                AppStoreRessource.feedURL.path: [.init(body: try bundledFeed())]
            ])
            defer { server.stop() }
            let fetcher = RedirectingFetcher(server: server.baseURL, wrapped: NetworkFetcher())
            let apps = try await topApps(using: fetcher)
            return (apps, "the bundled feed, served on 127.0.0.1:\(server.port)")
        }
    }

    /// The lines to print: a heading, then each app's rank and name, and its thumbnail below.
    public static func render(_ apps: [App], origin: String) -> [String] {
        ["The top \(apps.count) paid apps of the French App Store, from \(origin):"]
            + apps.enumerated().flatMap { index, app in
                [
                    "\(String(repeating: " ", count: index + 1 < 10 ? 1 : 0))\(index + 1). \(app.name)",
                    "    \(app.thumbImageUrl.isEmpty ? "(no thumbnail)" : app.thumbImageUrl)",
                ]
            }
    }

    @MainActor
    static func topApps(using fetcher: any DataFetching) async throws -> [App] {
        let resource = AppStoreRessource(datafetcher: fetcher)
        return try await withCheckedThrowingContinuation { continuation in
            resource.getTopApps { apps, error in
                if let error {
                    continuation.resume(throwing: error)
                } else {
                    continuation.resume(returning: apps)
                }
            }
        }
    }

    static func bundledFeed() throws -> Data {
        guard
            let url = Bundle.module.url(
                forResource: "top-paid-fr-2018", withExtension: "json", subdirectory: "Feed")
        else { throw DemoError.missingFeed }
        return try Data(contentsOf: url)
    }
}

public enum DemoError: Error, Equatable, CustomStringConvertible {
    case usage(String)
    case missingFeed

    public var description: String {
        switch self {
        case .usage(let problem): problem
        case .missingFeed: "the feed bundled with the demo is missing from its build"
        }
    }
}
