import AuthZCore
import Foundation
import Testing

/// Hex helpers and an `openssl` CLI runner for the crypto tests.
enum TestSupport {
    static func bytes(hex: String) -> [UInt8] {
        var out: [UInt8] = []
        var iterator = hex.utf8.makeIterator()
        while let high = iterator.next(), let low = iterator.next() {
            out.append(
                UInt8(
                    HexEncoding.value(of: high, allowUppercase: true)! << 4
                        | HexEncoding.value(of: low, allowUppercase: true)!
                )
            )
        }
        return out
    }

    static func hex(_ bytes: some Sequence<UInt8>) -> String {
        bytes.map { String(format: "%02x", $0) }.joined()
    }

    /// A fresh temporary directory, removed by the caller.
    static func temporaryDirectory() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("authz-crypto-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    struct CommandFailed: Error, CustomStringConvertible {
        let description: String
    }

    /// Runs `openssl` with `arguments` in `directory`, feeding `input`; returns stdout. Throws on non-zero exit.
    @discardableResult
    static func openssl(_ arguments: [String], in directory: URL, input: [UInt8] = []) throws -> [UInt8] {
        let result = try opensslStatus(arguments, in: directory, input: input)
        guard result.status == 0 else {
            throw CommandFailed(
                description: "openssl \(arguments.joined(separator: " ")) exited \(result.status): \(result.stderr)"
            )
        }
        return result.stdout
    }

    /// Runs `openssl` and returns its exit status, stdout and stderr.
    static func opensslStatus(
        _ arguments: [String],
        in directory: URL,
        input: [UInt8] = []
    ) throws
        -> (status: Int32, stdout: [UInt8], stderr: String)
    {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["openssl"] + arguments
        process.currentDirectoryURL = directory
        let stdin = Pipe()
        let stdout = Pipe()
        let stderr = Pipe()
        process.standardInput = stdin
        process.standardOutput = stdout
        process.standardError = stderr
        try process.run()
        stdin.fileHandleForWriting.write(Data(input))
        try stdin.fileHandleForWriting.close()
        let out = stdout.fileHandleForReading.readDataToEndOfFile()
        let err = stderr.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, Array(out), String(decoding: err, as: UTF8.self))
    }

    static func write(_ bytes: [UInt8], to name: String, in directory: URL) throws {
        try Data(bytes).write(to: directory.appendingPathComponent(name))
    }

    static func read(_ name: String, in directory: URL) throws -> [UInt8] {
        Array(try Data(contentsOf: directory.appendingPathComponent(name)))
    }

    static func readText(_ name: String, in directory: URL) throws -> String {
        try String(contentsOf: directory.appendingPathComponent(name), encoding: .utf8)
    }

    /// Every single-byte change of `bytes` (one bit flipped at each position).
    static func flippedCopies(_ bytes: [UInt8]) -> [[UInt8]] {
        bytes.indices.map { index in
            var copy = bytes
            copy[index] ^= 0x01
            return copy
        }
    }
}
