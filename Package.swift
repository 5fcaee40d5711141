// swift-tools-version: 6.0
//
// authz-bench: a load and performance benchmark suite for the authorization hot path of a
// TV-Everywhere entitlement service. Zero Swift package dependencies by design: the suite builds
// with a Swift toolchain and Debian's `-dev` packages only.
//
// With AUTHZ_FUZZ=1 in the environment the package is instead the libFuzzer build of scripts/fuzz.sh
// (one executable per target under Fuzz/; see the end of this file). Without it, the package is
// exactly the normal one.
import PackageDescription

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Lets the harness specialise AuthZCore's generic hot path (engine over cache strategies, caches
/// over keys) for its concrete types. Without it every cache and engine call from `authz-bench` goes
/// through unspecialised generic code: measured 5x slower on a warm check (see results/README.md).
let crossModuleOptimization: [SwiftSetting] = [
    .unsafeFlags(["-cross-module-optimization"], .when(configuration: .release))
]

/// True for the libFuzzer build (`AUTHZ_FUZZ=1 swift build --scratch-path .build-fuzz`).
let fuzzing = getenv("AUTHZ_FUZZ").map { String(cString: $0) == "1" } ?? false

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
        .systemLibrary(
            name: "CSched",
            path: "Sources/CSched"
        ),
        .target(
            name: "AuthZCore",
            dependencies: ["COpenSSL"],
            path: "Sources/AuthZCore",
            swiftSettings: crossModuleOptimization
        ),
        .executableTarget(
            name: "Bench",
            dependencies: ["AuthZCore", "COpenSSL", "CZlib", "CMalloc", "CSched"],
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

/// The libFuzzer entry points, one executable each: `Fuzz/<name>/<name>.swift`.
let fuzzTargets = [
    "FuzzTokenParser", "FuzzTokenDate", "FuzzBase64", "FuzzTokenVerifier", "FuzzPEMKey",
    "FuzzResultJSON", "FuzzHDRLog", "FuzzTraceCSV",
]

if fuzzing {
    // Coverage and AddressSanitizer in every module the fuzzers reach; libFuzzer supplies `main`.
    let instrumented: [SwiftSetting] = [.unsafeFlags(["-sanitize=fuzzer,address"])]
    package.products = []
    package.targets = package.targets.compactMap { target -> Target? in
        switch target.name {
        case "AuthZCore":
            target.swiftSettings = instrumented
            return target
        case "Bench":
            // A plain library in this build, so the fuzzers can `@testable import Bench`.
            return .target(
                name: "Bench",
                dependencies: target.dependencies,
                path: target.path,
                exclude: ["main.swift"],
                swiftSettings: instrumented
            )
        default:
            return target.type == .test ? nil : target
        }
    }
    package.targets.append(.systemLibrary(name: "CLibFuzzer", path: "Fuzz/CLibFuzzer"))
    package.targets += fuzzTargets.map { name in
        .executableTarget(
            name: name,
            dependencies: ["AuthZCore", "Bench", "COpenSSL", "CLibFuzzer"],
            path: "Fuzz/\(name)",
            swiftSettings: [.unsafeFlags(["-sanitize=fuzzer,address", "-parse-as-library"])],
            linkerSettings: [.unsafeFlags(["-sanitize=fuzzer,address"])]
        )
    }
}
