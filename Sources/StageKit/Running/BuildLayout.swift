import ChildProcesses
import Foundation
import WorkbookModel

/// Where SwiftPM puts what it builds for a package, in one place for the runner, the warnings' record
/// and the doctor: the products folder is asked of SwiftPM (`swift build --show-bin-path`, with the
/// flags of the builds), and what its build system leaves there is found on disk.
///
/// SwiftPM has two build systems. Its native one, the default up to Swift 6.3, puts products in
/// `<scratch>/<triple>/debug` and links every test target of a package into one
/// `<Package>PackageTests.xctest`. Swift Build, the default from Swift 6.4 (Xcode 27) and behind
/// `--build-system swiftbuild` in 6.3, puts them in `<scratch>/out/Products/<Configuration>[-<platform>]`,
/// with a `<Target>-test-runner` for each test target, and its objects under
/// `<scratch>/out/Intermediates.noindex`.
package struct BuildLayout: Equatable, Sendable {
    package enum BuildSystem: Equatable, Sendable {
        case native
        case swiftBuild

        /// Its name in a sentence.
        package var name: String {
            switch self {
            case .native: "SwiftPM's native build system"
            case .swiftBuild: "Swift Build, SwiftPM's build system from Swift 6.4"
            }
        }
    }

    /// The folder SwiftPM names for the package's products.
    package var products: URL

    init(products: URL) {
        self.products = products
    }

    /// Which build system made the products folder, read from where SwiftPM put it.
    package var buildSystem: BuildSystem {
        let parts = products.standardizedFileURL.pathComponents
        guard parts.count >= 3, parts[parts.count - 2] == "Products", parts[parts.count - 3] == "out" else {
            return .native
        }
        return .swiftBuild
    }

    /// The test products a build makes for `testTargets` of the package `name`, each an executable
    /// that runs its tests: native's one `<name>PackageTests.xctest` (on Linux; a bundle on a Mac),
    /// Swift Build's `<Target>-test-runner` for each target.
    func testProducts(package name: String, testTargets: [String]) -> [URL] {
        switch buildSystem {
        case .native:
            return [products.appendingPathComponent("\(name)PackageTests.xctest")]
        case .swiftBuild:
            return testTargets.map { products.appendingPathComponent("\($0)-test-runner") }
        }
    }

    /// The file a build writes each time it compiles `fileName` of `target`, or nil where there is
    /// none: native's object (`<Target>.build/<File>.swift.o` beside the products), Swift Build's
    /// serialized diagnostics (`<File>.dia` under `Intermediates.noindex/<Target>.build/`), which it
    /// writes at every compile where it keeps an unchanged object as it was.
    func compiledMarker(target: String, fileName: String) -> URL? {
        switch buildSystem {
        case .native:
            return products.appendingPathComponent("\(target).build/\(fileName).o")
        case .swiftBuild:
            let stem = (fileName as NSString).deletingPathExtension
            let intermediates = products.deletingLastPathComponent().deletingLastPathComponent()
                .appendingPathComponent("Intermediates.noindex/\(target).build")
            guard let walker = FileManager.default.enumerator(atPath: intermediates.path) else { return nil }
            while let path = walker.nextObject() as? String {
                if (path as NSString).lastPathComponent == stem + ".dia" {
                    return intermediates.appendingPathComponent(path)
                }
            }
            return nil
        }
    }

    /// The seconds `swift build --show-bin-path` may take: it builds nothing.
    static let askLimit: Double = 120

    /// Asks `swift` where it puts the products of the package in `folder` when it builds with `flags`.
    package static func asked(swift: URL, folder: URL, flags: [String]) throws(StageKitError) -> BuildLayout {
        let result: ChildProcess.Result
        do {
            result = try ChildProcess(
                swift, ["build", "--show-bin-path", "--package-path", folder.path] + flags,
                timeLimit: .seconds(askLimit)
            ).run()
        } catch {
            throw .missingFile(path: swift.path, why: "it could not be started (\(error.reason))")
        }
        return try answer(of: result, swift: swift)
    }

    /// The layout `swift build --show-bin-path` answered with; stopped at its limit, it did not answer.
    static func answer(of result: ChildProcess.Result, swift: URL) throws(StageKitError) -> BuildLayout {
        guard result.termination != .timedOut else {
            throw .noAnswer(command: "\(swift.path) build --show-bin-path", seconds: Int(askLimit))
        }
        let path = result.output.split(separator: "\n").last.map { $0.trimmingWhitespace() } ?? ""
        guard result.succeeded, path.hasPrefix("/") else {
            throw .toolchainAnswer(
                command: "swift build --show-bin-path", answer: String(result.output.suffix(300)))
        }
        return BuildLayout(products: URL(fileURLWithPath: path, isDirectory: true))
    }
}
