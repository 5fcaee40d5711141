// swift-tools-version: 6.0
//
// authz-bench: a load and performance benchmark suite for the authorization hot path of a
// TV-Everywhere entitlement service. Zero Swift package dependencies by design: the suite builds
// with a Swift toolchain and Debian's `-dev` packages only.
import PackageDescription

/// Lets the harness specialise AuthZCore's generic hot path (engine over cache strategies, caches
/// over keys) for its concrete types. Without it every cache and engine call from `authz-bench` goes
/// through unspecialised generic code: measured 5x slower on a warm check (see results/README.md).
let crossModuleOptimization: [SwiftSetting] = [
    .unsafeFlags(["-cross-module-optimization"], .when(configuration: .release))
]

let package = Package(
    name: "authz-bench",
    products: [
        .executable(name: "authz-bench", targets: ["Bench"]),
        .library(name: "AuthZCore", targets: ["AuthZCore"]),
    ],
    targets: [
        .systemLibrary(
            name: "COpenSSL",
            path: "Sources/COpenSSL",
            pkgConfig: "libcrypto",
            providers: [.apt(["libssl-dev"])]
        ),
        .systemLibrary(
            name: "CZlib",
            path: "Sources/CZlib",
            pkgConfig: "zlib",
            providers: [.apt(["zlib1g-dev"])]
        ),
        .systemLibrary(
            name: "CMalloc",
            path: "Sources/CMalloc"
        ),
        .target(
            name: "AuthZCore",
            dependencies: ["COpenSSL"],
            path: "Sources/AuthZCore",
            swiftSettings: crossModuleOptimization
        ),
        .executableTarget(
            name: "Bench",
            dependencies: ["AuthZCore", "COpenSSL", "CZlib", "CMalloc"],
            path: "Sources/Bench"
        ),
        .testTarget(
            name: "AuthZCoreTests",
            dependencies: ["AuthZCore", "COpenSSL"],
            path: "Tests/AuthZCoreTests"
        ),
        .testTarget(
            name: "BenchTests",
            dependencies: ["Bench", "AuthZCore"],
            path: "Tests/BenchTests"
        ),
    ],
    swiftLanguageModes: [.v6]
)
