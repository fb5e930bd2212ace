// swift-tools-version: 6.2
import PackageDescription

/// Main-actor isolation by default, and what Xcode's Approachable Concurrency turns on in Swift 6 mode.
let appTarget: [SwiftSetting] = [
    .defaultIsolation(MainActor.self),
    .enableUpcomingFeature("NonisolatedNonsendingByDefault"),
    .enableUpcomingFeature("InferIsolatedConformances"),
]

/// The workbook's chapters, in order. Each is a library (a workshop can depend on one chapter) and a
/// Swift Testing target named `<Chapter>Tests`, so `swift test --filter Chapter01` runs one chapter.
/// `testResources` are folders of the test target that it reads as resources (real-shaped feeds);
/// `settings` are the library's Swift settings: `appTarget` for a chapter built with a new Xcode 26 app
/// target's isolation settings, in this package's Swift 6 language mode (a new app target has Swift 5). Each entry matches a chapter's `module:`, `test-resources:` and `build:` lines in
/// `Chapters/*/chapter.md`.
let chapters: [(name: String, testResources: [Resource], settings: [SwiftSetting])] = [
    ("Chapter01SkeletonResource", [], []),
    ("Chapter02InjectedFetcher", [], []),
    ("Chapter03ErrorEnum", [], []),
    ("Chapter04NestedDecoding", [.copy("Fixtures")], []),
    ("Chapter05AsyncViewModel", [], []),
    ("Chapter06RealAnswersAndScreens", [], []),
    ("Chapter07NetworkClient", [], []),
    ("Chapter08DogListings", [], []),
    ("Chapter09ImageCache", [], []),
    ("Chapter10ConcurrentImageCache", [], []),
    ("Chapter11ImageLoaderActor", [], appTarget),
    ("Chapter12RowsABoundedCacheAndABridge", [], appTarget),
]

let package = Package(
    name: "SwiftNetworkingTDDWorkbook",
    platforms: [.macOS(.v15)],
    products: chapters.map { Product.library(name: $0.name, targets: [$0.name]) } + [
        .executable(name: "stages", targets: ["stages"]),
        .executable(name: "top-apps", targets: ["top-apps"]),
        .executable(name: "dogs", targets: ["dogs"]),
        .executable(name: "workbook", targets: ["workbook"]),
        .executable(name: "portability-check", targets: ["portability-check"]),
    ],
    targets: chapters.flatMap { chapter -> [Target] in
        [
            .target(name: chapter.name, swiftSettings: chapter.settings),
            .testTarget(
                name: "\(chapter.name)Tests", dependencies: [.target(name: chapter.name)],
                resources: chapter.testResources),
        ]
    } + [
        // The one way the tools and tests start a program: its own process group, a time limit, and
        // nothing left running when the caller ends; and the one folder they make temporary files in.
        .target(name: "ChildProcesses"),
        .testTarget(name: "ChildProcessesTests", dependencies: ["ChildProcesses", "ExecutableTesting"]),
        // What the end-to-end tests share: finding a built executable and running it as a person would.
        .target(name: "ExecutableTesting", dependencies: ["ChildProcesses"]),
        // A small HTTP server: the demos serve their bundled payloads with it, a workshop room its pages.
        .target(name: "LoopbackServer"),
        .testTarget(name: "LoopbackServerTests", dependencies: ["LoopbackServer"]),
        // Track A's demo: the top apps, from the bundled feed or the live one.
        .target(
            name: "TopAppsDemo", dependencies: ["Chapter04NestedDecoding", "LoopbackServer"],
            resources: [.copy("Feed")]),
        .executableTarget(name: "top-apps", dependencies: ["TopAppsDemo"]),
        .testTarget(
            name: "TopAppsDemoTests", dependencies: ["TopAppsDemo", "top-apps", "ExecutableTesting"]),
        // Track B's first demo: the dogs on a text screen, with RETRY on the keyboard.
        .target(
            name: "DogsDemo", dependencies: ["Chapter06RealAnswersAndScreens", "LoopbackServer"],
            resources: [.copy("Responses")]
        ),
        .executableTarget(name: "dogs", dependencies: ["DogsDemo"]),
        .testTarget(name: "DogsDemoTests", dependencies: ["DogsDemo", "dogs", "ExecutableTesting"]),
        // The check of the traps that build on Linux and fail on a Mac (Chapters/PORTABILITY.md).
        .target(name: "Portability"),
        .executableTarget(name: "portability-check", dependencies: ["Portability"]),
        .testTarget(name: "PortabilityTests", dependencies: ["Portability"]),
        // StageKit, the library under the learner's `workbook` and the authors' `stages`, in layers that
        // depend only downward (Sources/StageKit/README.md draws them).
        // What a workbook is, read and checked from disk: chapters, steps, mistakes, front matter.
        .target(name: "WorkbookModel", path: "Sources/StageKit/Model"),
        // Building and testing a step's package with SwiftPM, and what it printed, as values.
        .target(
            name: "StepRunning", dependencies: ["WorkbookModel", "ChildProcesses"],
            path: "Sources/StageKit/Running"),
        // Whether what a step's run printed is what the step expects.
        .target(
            name: "StepJudging", dependencies: ["WorkbookModel", "StepRunning", "Portability"],
            path: "Sources/StageKit/Judging"),
        // The texts made from a workbook for its readers: a chapter's README, its budget, the tutorial.
        .target(name: "WorkbookText", dependencies: ["WorkbookModel"], path: "Sources/StageKit/Text"),
        // A workshop room: the facilitator's dashboard and its server, and what a learner's tool sends it.
        .target(
            name: "WorkbookRoom", dependencies: ["WorkbookModel", "WorkbookText", "LoopbackServer"],
            path: "Sources/StageKit/Room"),
        // What `stages` does to a workbook (the walk, the chain check, the authoring tools, the replay,
        // the guides and the tutorial), with no command line.
        .target(
            name: "WorkbookAuthoring",
            dependencies: [
                "WorkbookModel", "StepRunning", "StepJudging", "WorkbookText", "WorkbookRoom",
                "ChildProcesses",
            ],
            path: "Sources/StageKit/Authoring"),
        // The commands of `workbook` and `stages`, over the layers below: parse, run, print.
        .target(
            name: "WorkbookCommands",
            dependencies: [
                "WorkbookModel", "StepRunning", "StepJudging", "WorkbookText", "WorkbookRoom",
                "WorkbookAuthoring", "ChildProcesses", "Portability",
            ],
            path: "Sources/StageKit/Commands"),
        .executableTarget(name: "stages", dependencies: ["WorkbookCommands", "ChildProcesses"]),
        .executableTarget(name: "workbook", dependencies: ["WorkbookCommands", "ChildProcesses"]),
        // The tests depend on the executables so that they are built for their end-to-end tests.
        .testTarget(
            name: "StageKitTests",
            dependencies: [
                "WorkbookModel", "StepRunning", "StepJudging", "WorkbookText", "WorkbookRoom",
                "WorkbookAuthoring", "WorkbookCommands",
                "stages", "workbook", "ExecutableTesting", "LoopbackServer", "ChildProcesses",
            ]),
    ]
)
