// swift-tools-version: 6.0
//
// authz-bench: a load and performance benchmark suite for the authorization hot path of a
// TV-Everywhere entitlement service. Zero Swift package dependencies by design: the suite builds
// with a Swift toolchain and Debian's `-dev` packages only.
//
// With AUTHZ_FUZZ=1 in the environment the package is instead the libFuzzer build of scripts/fuzz.sh:
// the library targets instrumented, one executable per fuzz target under Fuzz/ (see the end of this
// file). With AUTHZ_TSAN_SUITES=1 it holds only the test targets of make test's ThreadSanitizer
// pass. Without either, the package is exactly the normal one.
import PackageDescription

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Lets the harness specialise the libraries' generic code (engine over cache strategies, caches
/// over keys, histogram recording) for its concrete types. Without it every cache and engine call
/// from the harness goes through unspecialised generic code (see results/README.md).
let crossModuleOptimization: [SwiftSetting] = [
    .unsafeFlags(["-cross-module-optimization"], .when(configuration: .release))
]

/// True for the libFuzzer build (`AUTHZ_FUZZ=1 swift build --scratch-path .build-fuzz`).
let fuzzing = getenv("AUTHZ_FUZZ").map { String(cString: $0) == "1" } ?? false
/// True for make test's ThreadSanitizer build (`AUTHZ_TSAN_SUITES=1`, in .build-tsan): only the test
/// targets that hold its suites (make's TSAN_FILTER) and what they need, not the executable and its
/// suites, which that pass does not run.
let tsanSuitesOnly = getenv("AUTHZ_TSAN_SUITES").map { String(cString: $0) == "1" } ?? false

let package = Package(
    name: "authz-bench",
    products: [
        .executable(name: "authz-bench", targets: ["Bench"]),
        .library(name: "AuthZCore", targets: ["AuthZCore"]),
        .library(name: "HDRHistogram", targets: ["HDRHistogram"]),
    ],
    targets: [
        // C libraries, from Debian's -dev packages.
        .systemLibrary(
            name: "COpenSSL",
            path: "Sources/COpenSSL",
            pkgConfig: "libcrypto",
            providers: [.apt(["libssl-dev"])]
        ),
        .systemLibrary(name: "CZlib", path: "Sources/CZlib", pkgConfig: "zlib", providers: [.apt(["zlib1g-dev"])]),
        .systemLibrary(name: "CMalloc", path: "Sources/CMalloc"),
        .systemLibrary(name: "CSched", path: "Sources/CSched"),

        // The server's hot path: tokens, crypto, device binding, validity, caches, engine. Nothing else.
        .target(name: "AuthZCore", dependencies: ["COpenSSL"], swiftSettings: crossModuleOptimization),
        // What the benchmark simulates around the core: upstream, devices' SDK storage, seeded
        // generators, latency distributions, and the one engine builder.
        .target(name: "AuthZSimulation", dependencies: ["AuthZCore"], swiftSettings: crossModuleOptimization),
        // HdrHistogram's bucket layout, V2 codec, .hlog and .hgrm: usable by any package.
        .target(name: "HDRHistogram", dependencies: ["CZlib"], swiftSettings: crossModuleOptimization),
        // Drives the engine: workload, population, pacing, recording, trace, sweep, micro.
        .target(
            name: "BenchHarness",
            dependencies: ["AuthZCore", "AuthZSimulation", "HDRHistogram", "COpenSSL", "CMalloc", "CSched", "CZlib"],
            swiftSettings: crossModuleOptimization
        ),
        // What a run leaves behind: result documents, merge, compare, the HTML report.
        .target(name: "BenchResults", dependencies: ["BenchHarness", "HDRHistogram", "AuthZSimulation", "AuthZCore"]),
        // The thin `authz-bench` executable: flags, one file per command, exit codes.
        .executableTarget(
            name: "Bench",
            dependencies: ["BenchResults", "BenchHarness", "AuthZSimulation", "HDRHistogram", "AuthZCore"]
        ),

        // Helpers every test target shares: processes, temporary folders, fixtures, seeded randomness.
        .target(
            name: "TestSupport",
            dependencies: ["BenchResults", "BenchHarness", "HDRHistogram", "AuthZSimulation", "AuthZCore"],
            path: "Tests/TestSupport"
        ),
        .testTarget(name: "AuthZCoreTests", dependencies: ["AuthZCore", "AuthZSimulation", "TestSupport", "COpenSSL"]),
        .testTarget(name: "AuthZSimulationTests", dependencies: ["AuthZSimulation", "AuthZCore", "TestSupport"]),
        .testTarget(name: "HDRHistogramTests", dependencies: ["HDRHistogram", "AuthZSimulation", "TestSupport"]),
        .testTarget(
            name: "BenchHarnessTests",
            dependencies: ["BenchHarness", "AuthZSimulation", "HDRHistogram", "AuthZCore", "TestSupport"]
        ),
        .testTarget(
            name: "BenchResultsTests",
            dependencies: ["BenchResults", "BenchHarness", "HDRHistogram", "AuthZCore", "TestSupport"]
        ),
        // The executable's contract (flags, messages, exit codes, files), through the built binary.
        .testTarget(
            name: "BenchTests",
            dependencies: ["Bench", "BenchResults", "BenchHarness", "HDRHistogram", "AuthZCore", "TestSupport"]
        ),
    ],
    swiftLanguageModes: [.v6]
)

/// The libFuzzer entry points, one executable each: `Fuzz/<name>/<name>.swift`.
let fuzzTargets = [
    "FuzzTokenParser", "FuzzTokenDate", "FuzzBase64", "FuzzTokenVerifier", "FuzzPEMKey",
    "FuzzResultJSON", "FuzzHDRLog", "FuzzTraceCSV", "FuzzMergeInput",
]

if tsanSuitesOnly {
    let suites: Set = ["AuthZCoreTests", "AuthZSimulationTests", "BenchHarnessTests"]
    package.products = package.products.filter { $0.name != "authz-bench" }
    package.targets = package.targets.filter { target in
        switch target.type {
        case .test: return suites.contains(target.name)
        case .executable: return false
        default: return true
        }
    }
}

if fuzzing {
    // Coverage and AddressSanitizer in every library the fuzzers reach; libFuzzer supplies `main`.
    // The executable and the tests are not part of this build.
    let instrumented: [SwiftSetting] = [.unsafeFlags(["-sanitize=fuzzer,address"])]
    package.products = []
    package.targets = package.targets.compactMap { target -> Target? in
        switch target.type {
        case .test, .executable: return nil
        case .regular where target.name != "TestSupport":
            target.swiftSettings = instrumented
            return target
        case .regular: return nil
        default: return target
        }
    }
    package.targets.append(.systemLibrary(name: "CLibFuzzer", path: "Fuzz/CLibFuzzer"))
    package.targets += fuzzTargets.map { name in
        .executableTarget(
            name: name,
            dependencies: [
                "AuthZCore", "AuthZSimulation", "HDRHistogram", "BenchHarness", "BenchResults", "COpenSSL",
                "CLibFuzzer",
            ],
            path: "Fuzz/\(name)",
            swiftSettings: [.unsafeFlags(["-sanitize=fuzzer,address", "-parse-as-library"])],
            linkerSettings: [.unsafeFlags(["-sanitize=fuzzer,address"])]
        )
    }
}
