// swift-tools-version: 6.0
import PackageDescription

/// The workbook's chapters, in order. Each is a library (a workshop can depend on one chapter) and a
/// Swift Testing target named `<Chapter>Tests`, so `swift test --filter Chapter01` runs one chapter.
/// Each name must match a `module:` line in `Chapters/*/chapter.md`: the stage walk checks it.
let chapters = [
    "Chapter01SkeletonResource",
    "Chapter02InjectedFetcher",
    "Chapter03ErrorEnum",
]

let package = Package(
    name: "SwiftNetworkingTDDWorkbook",
    platforms: [.macOS(.v15), .iOS(.v18)],
    products: chapters.map { Product.library(name: $0, targets: [$0]) } + [
        .executable(name: "stages", targets: ["stages"])
    ],
    targets: chapters.flatMap { chapter -> [Target] in
        [
            .target(name: chapter),
            .testTarget(name: "\(chapter)Tests", dependencies: [.target(name: chapter)]),
        ]
    } + [
        // The stage walk: a library that does the work and a thin command line over it.
        .target(name: "StageKit"),
        .executableTarget(name: "stages", dependencies: ["StageKit"]),
        // The tests depend on the executable so that it is built for its end-to-end tests.
        .testTarget(name: "StageKitTests", dependencies: ["StageKit", "stages"]),
    ]
)
