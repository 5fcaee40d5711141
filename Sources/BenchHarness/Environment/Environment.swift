import COpenSSL
import Foundation

/// What a result was measured on and with: recorded in every result file.
package struct Environment: Codable, Sendable, Equatable {
    /// The Swift compiler that built this binary.
    package var swift: String
    /// The libcrypto in use at run time (`OpenSSL_version`).
    package var openssl: String
    /// The CPU model name from /proc/cpuinfo.
    package var cpu: String
    /// Online processors.
    package var cores: Int
    /// Kernel name and release (`uname`).
    package var os: String
    /// `release` or `debug`.
    package var build: String
    /// The git commit of the working directory, or `unknown`.
    package var gitCommit: String

    /// Creates a value from its stored properties.
    package init(swift: String, openssl: String, cpu: String, cores: Int, os: String, build: String, gitCommit: String)
    {
        self.swift = swift
        self.openssl = openssl
        self.cpu = cpu
        self.cores = cores
        self.os = os
        self.build = build
        self.gitCommit = gitCommit
    }

    /// Whether this binary was built with optimisations.
    package static var isReleaseBuild: Bool {
        #if DEBUG
        false
        #else
        true
        #endif
    }

    /// Reads the environment of the running process.
    package static func current() -> Environment {
        Environment(
            swift: compilerVersion,
            openssl: String(cString: OpenSSL_version(OPENSSL_VERSION)),
            cpu: cpuModel(),
            cores: ProcessInfo.processInfo.activeProcessorCount,
            os: kernel(),
            build: isReleaseBuild ? "release" : "debug",
            gitCommit: gitCommit()
        )
    }

    /// The loud warning printed (on stderr) when figures come from a debug build.
    package static let debugBuildWarning = """
        ************************************************************************
        WARNING: this is a DEBUG build. Its figures are not representative and
        the result is marked "build": "debug". Build with: swift build -c release
        ************************************************************************
        """

    private static var compilerVersion: String {
        #if compiler(>=6.3)
        "6.3+"
        #elseif compiler(>=6.2)
        "6.2"
        #elseif compiler(>=6.1)
        "6.1"
        #else
        "6.0"
        #endif
    }

    private static func cpuModel() -> String {
        guard let text = try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8) else { return "unknown" }
        for line in text.split(separator: "\n") where line.hasPrefix("model name") {
            if let colon = line.firstIndex(of: ":") {
                return line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
            }
        }
        return "unknown"
    }

    private static func kernel() -> String {
        var name = utsname()
        uname(&name)
        func field<T>(_ value: T) -> String {
            withUnsafeBytes(of: value) { raw in
                String(decoding: raw.prefix(while: { $0 != 0 }), as: UTF8.self)
            }
        }
        return "\(field(name.sysname)) \(field(name.release)) \(field(name.machine))"
    }

    private static func gitCommit() -> String {
        if let fromEnvironment = ProcessInfo.processInfo.environment["AUTHZ_BENCH_GIT_COMMIT"] {
            return fromEnvironment
        }
        // The working directory's checkout, else the checkout the executable was built in
        // (<package>/.build/<config>/authz-bench).
        let executable = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
        let candidates = [
            FileManager.default.currentDirectoryPath,
            executable.deletingLastPathComponent().path,
        ]
        for directory in candidates {
            if let commit = commit(in: directory) { return commit }
        }
        return "unknown"
    }

    private static func commit(in directory: String) -> String? {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["git", "-C", directory, "rev-parse", "--short=12", "HEAD"]
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = FileHandle.nullDevice
        do {
            try process.run()
            process.waitUntilExit()
        } catch {
            return nil
        }
        guard process.terminationStatus == 0 else { return nil }
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        let text = String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        return text.isEmpty ? nil : text
    }
}

/// The suite's version, written into every result file.
package enum BenchVersion {
    /// The version string.
    package static let current = "0.1.0"
}
