import Chapter06RealAnswersAndScreens
import Foundation
import LoopbackServer

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Track B's first demo: chapter 6's view model (chapter 5's, with real answers) behind a text screen, with RETRY on the keyboard.
///
/// By default the Dog API is played by a ``LoopbackServer`` on 127.0.0.1 with a bundled answer, through
/// the real `URLSession`; `--fail-first` makes it answer with a server error first, so you see the alert
/// and retry; `--live` asks dog.ceo.
public enum DogsDemo {
    public enum Command: Equatable, Sendable {
        case run(live: Bool, failFirst: Bool)
        case help
    }

    public static let usage = """
        usage: dogs [--fail-first | --live]
          Shows three dogs from the Dog CEO API on a text screen. By default the API is played by a server
          on 127.0.0.1 with a bundled answer (no network needed); --fail-first makes it fail once first,
          so that you can retry from the keyboard; --live asks https://dog.ceo.
          When an alert shows, type r and Return to retry, or q and Return to quit.
        """

    public static func parse(_ arguments: [String]) throws(DogsDemoError) -> Command {
        switch arguments {
        case []: .run(live: false, failFirst: false)
        case ["--fail-first"]: .run(live: false, failFirst: true)
        case ["--live"]: .run(live: true, failFirst: false)
        case ["--help"], ["-h"]: .help
        default:
            throw .usage(
                "dogs takes --fail-first, --live or nothing, not '\(arguments.joined(separator: " "))'")
        }
    }

    /// Runs the screen: loads, shows each frame, and while an alert shows reads a key from `readLine`.
    @MainActor
    public static func main(
        arguments: [String], readLine: () -> String?, print: (String) -> Void, printError: (String) -> Void
    ) async -> Int32 {
        guard !LoopbackServer.isOutOfFiles else {
            printError("dogs: \(LoopbackServer.outOfFiles).")
            return 1
        }
        let command: Command
        do {
            command = try parse(arguments)
        } catch {
            printError("dogs: \(error) (dogs --help says more).")
            return 2
        }
        guard case .run(let live, let failFirst) = command else {
            print(usage)
            return 0
        }
        var server: LoopbackServer?
        defer { server?.stop() }
        let session: any AsyncAwait
        if live {
            session = URLSession.shared
        } else {
            do {
                let running = try LoopbackServer(routes: [
                    DogService.dogsURL.path: try bundledAnswers(failFirst: failFirst)
                ])
                server = running
                session = RedirectingSession(
                    server: running.baseURL, wrapped: URLSession(configuration: .ephemeral))
            } catch {
                let cause = LoopbackServer.isOutOfFiles ? LoopbackServer.outOfFiles : "\(error)"
                printError("dogs: could not start the local Dog API: \(cause).")
                return 1
            }
        }
        let viewModel = DogsViewModel(
            dogService: DogService(networkService: NetworkService(session: session)))
        DogsScreen.render(viewModel).forEach(print)
        await showing(viewModel, print: print) { await viewModel.loadDogs() }
        while viewModel.error != nil {
            print("Type r and Return to retry, q and Return to quit.")
            switch readLine()?.trimmingCharacters(in: .whitespaces).lowercased() {
            case "r":
                await showing(viewModel, print: print) { await viewModel.retryLoadDogs() }
            case "q", nil:
                return 1
            default:
                continue
            }
        }
        return 0
    }

    /// Runs a load, showing the loading frame while it is away (the load sets it before its first
    /// `await`, and the main actor runs the load's task before this one resumes) and the frame it ends on.
    @MainActor
    static func showing(
        _ viewModel: DogsViewModel, print: (String) -> Void, _ load: @escaping @MainActor () async -> Void
    )
        async
    {
        let loading = Task { @MainActor in await load() }
        await Task.yield()
        if viewModel.status == .loading { DogsScreen.render(viewModel).forEach(print) }
        await loading.value
        DogsScreen.render(viewModel).forEach(print)
    }

    static func bundledAnswers(failFirst: Bool) throws -> [LoopbackServer.Response] {
        guard
            let url = Bundle.module.url(
                forResource: "random-3", withExtension: "json", subdirectory: "Responses")
        else {
            throw DogsDemoError.missingResponses
        }
        let dogs = LoopbackServer.Response(body: try Data(contentsOf: url))
        let failure = LoopbackServer.Response(
            status: 500, body: Data(#"{"status":"error","message":"Something went wrong","code":500}"#.utf8))
        return failFirst ? [failure, dogs] : [dogs]
    }
}

public enum DogsDemoError: Error, Equatable, CustomStringConvertible {
    case usage(String)
    case missingResponses

    public var description: String {
        switch self {
        case .usage(let problem): problem
        case .missingResponses: "the answers bundled with the demo are missing from its build"
        }
    }
}
