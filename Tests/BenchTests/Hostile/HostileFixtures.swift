import AuthZCore
import BenchResults
import Foundation
import TestSupport

/// The input files of the hostile-input suite, made once in a temporary directory (`@F/` in the
/// table): valid ones to start from, and hostile ones.
///
/// | file | content |
/// |---|---|
/// | `es256.pem`, `es256.pub`, `binding.key` | a valid private key, its public key, a 32-byte binding key |
/// | `authn.token` | a valid authN token signed with `es256.pem` |
/// | `result.json`, `run.hlog` | a valid run result and interval log |
/// | `empty` | 0 bytes |
/// | `truncated.json`, `truncated.hlog`, `truncated.pem`, `truncated.token` | the first half of the valid ones |
/// | `binary.bin` | 4 KiB of random bytes |
/// | `huge.bin` | 50 MiB of zero bytes (sparse) |
/// | `huge.json` | 50 MiB: `{"a":"AAAA...` never closed |
/// | `deep.json` | `{"a":` then 1,000,000 `[` |
/// | `wrongtype.json` | well-formed JSON of the wrong shape (schemaVersion a string) |
/// | `text.txt` | a line of plain text |
/// | `trace.csv` | a valid two-line access trace |
/// | `overflow-media.token` | a signed media token with issueTime Int64.max and ttl 1 (its expiry overflows) |
/// | `dir/` | a directory |
enum HostileFixtures {
    /// The directory, made on first use.
    static let directory: Result<URL, any Error> = Result { try make() }

    /// The path of fixture `name`.
    static func path(_ name: String) throws -> String {
        try directory.get().appendingPathComponent(name).path
    }

    private static func make() throws -> URL {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent(
            "authz-bench-hostile-\(UUID().uuidString)"
        )
        try FileManager.default.createDirectory(
            at: dir.appendingPathComponent("dir"),
            withIntermediateDirectories: true
        )
        func write(_ name: String, _ bytes: some Sequence<UInt8>) throws {
            try Data(bytes).write(to: dir.appendingPathComponent(name))
        }
        func half(_ bytes: [UInt8]) -> [UInt8] { Array(bytes.prefix(bytes.count / 2)) }

        let key = try SigningKey.generate(.es256)
        let pem = Array(try key.privateKeyPEM().utf8)
        try write("es256.pem", pem)
        try write("truncated.pem", half(pem))
        try write("es256.pub", Array(try key.publicKeyPEM().utf8))
        try write("binding.key", (0..<32).map { UInt8($0 * 7 & 0xFF) })
        let binding = try DeviceBindingKey(secret: (0..<32).map { UInt8($0 * 7 & 0xFF) })
        let device = DeviceInfo(advertisingID: "ad", vendorID: "vendor", model: "model", teamID: "team").deviceID
        let token = try TokenIssuer(key: key).issue(
            .authn(
                AuthNTokenBody(
                    guid: "guid-1",
                    requestorID: "NBC",
                    domainName: "example.com",
                    expires: TokenDate(epochMillis: 1_900_000_000_000),
                    msoID: "Comcast",
                    fingerprint: binding.fingerprint(for: device).hexString
                )
            )
        )
        try write("authn.token", token)
        try write("truncated.token", half(token))
        try write(
            "overflow-media.token",
            try TokenIssuer(key: key).issue(
                .media(
                    MediaTokenBody(
                        sessionGUID: "s",
                        requestorID: "NBC",
                        resourceID: "news",
                        ttlMillis: 1,
                        issueTimeMillis: Int64.max,
                        mvpdID: "Comcast",
                        proxyMvpdID: ""
                    )
                )
            )
        )

        let result = SyntheticRun.result()
        let json = Array(try ResultDocument(result).jsonData())
        try write("result.json", json)
        try write("truncated.json", half(json))
        let hlog = Array(try HistogramFiles.hlogText(result).utf8)
        try write("run.hlog", hlog)
        try write("truncated.hlog", half(hlog))

        try write("empty", [])
        var random = SystemRandomNumberGenerator()
        try write("binary.bin", (0..<4_096).map { _ in UInt8.random(in: 0...255, using: &random) })
        let huge = dir.appendingPathComponent("huge.bin")
        _ = FileManager.default.createFile(atPath: huge.path, contents: nil)
        let handle = try FileHandle(forWritingTo: huge)
        try handle.truncate(atOffset: 50 << 20)
        try handle.close()
        try write("huge.json", Array("{\"a\":\"".utf8) + [UInt8](repeating: UInt8(ascii: "A"), count: 50 << 20))
        try write("deep.json", Array("{\"a\":".utf8) + [UInt8](repeating: UInt8(ascii: "["), count: 1_000_000))
        try write("wrongtype.json", Array(#"{"schemaVersion": "1", "tool": "authz-bench"}"#.utf8))
        try write("text.txt", Array("hello, this is not what you expected\n".utf8))
        try write(
            "trace.csv",
            Array("time_ms,op,device,requestor,resource\n0,get,d1,r1,res-1\n1,check,d1,r1,res-1\n".utf8)
        )
        return dir
    }
}
