import AuthZCore
import AuthZSimulation
import Testing

/// The writer's word-at-a-time primitives against plain reference implementations written here.
@Suite("Token writer primitives: escaping, decimals, UUIDs")
struct TokenWriterPrimitiveTests {
    /// Runs `write` on a fresh writer with `capacity` bytes and returns what it wrote.
    static func written(capacity: Int, _ write: (inout TokenWriter) -> Void) -> [UInt8] {
        [UInt8](unsafeUninitializedCapacity: capacity) { buffer, count in
            var writer = TokenWriter(UnsafeMutableRawBufferPointer(buffer))
            write(&writer)
            count = writer.count
        }
    }

    /// The five predefined entities, one byte at a time.
    static func referenceEscape(_ bytes: [UInt8]) -> [UInt8] {
        bytes.flatMap { b -> [UInt8] in
            switch b {
            case 0x26: Array("&amp;".utf8)
            case 0x3C: Array("&lt;".utf8)
            case 0x3E: Array("&gt;".utf8)
            case 0x22: Array("&quot;".utf8)
            case 0x27: Array("&apos;".utf8)
            default: [b]
            }
        }
    }

    static func escaped(_ bytes: [UInt8]) -> [UInt8] {
        written(capacity: max(1, bytes.count * 6)) { writer in bytes.withUnsafeBytes { writer.escaped($0) } }
    }

    /// Every length up to 40, with each special byte at each position (the word loop, the
    /// overlapping last word and the short byte loop all see it), and bytes >= 0x80 whose low six
    /// bits spell a special byte (`0xA2`, `0xE6`, `0xFC`...), which must pass through unchanged.
    @Test func escapingEqualsTheByteByByteReference() {
        let specials: [UInt8] = [0x22, 0x26, 0x27, 0x3C, 0x3E]
        let lookalikes: [UInt8] = [0xA2, 0xA6, 0xE7, 0xFC, 0x7E, 0x62, 0x66, 0x02, 0x00]
        for length in 0...40 {
            let plain = (0..<length).map { UInt8(0x61 + $0 % 26) }
            #expect(Self.escaped(plain) == plain)
            for position in 0..<length {
                for special in specials + lookalikes {
                    var bytes = plain
                    bytes[position] = special
                    #expect(
                        Self.escaped(bytes) == Self.referenceEscape(bytes),
                        "length \(length) at \(position): \(special)"
                    )
                }
            }
        }
        var rng = SeededGenerator(seed: 7)
        for _ in 0..<2_000 {
            let bytes = (0..<Int.random(in: 0...64, using: &rng)).map { _ in UInt8.random(in: 0...255, using: &rng) }
            #expect(Self.escaped(bytes) == Self.referenceEscape(bytes))
        }
    }

    @Test func escapingAStringUsesItsUTF8() {
        for text in ["", "NBCUniversal", "R&D <app> \"q\" 'x'", "Canal+ Séries", "€ & 日本 > ok"] {
            let out = Self.written(capacity: text.utf8.count * 6 + 1) { $0.escaped(text) }
            #expect(out == Self.referenceEscape(Array(text.utf8)), "\(text)")
        }
    }

    @Test(arguments: [
        Int64(0), 1, 9, 10, 11, 99, 100, 101, 999, 1_000, 300_000, 1_800_000_000_123, 9_999_999_999_999_999,
        10_000_000_000_000_000, Int64.max, -1, -10, -100, -1_800_000_000_123, Int64.min + 1, Int64.min,
    ])
    func decimalEqualsStringDescription(value: Int64) {
        let out = Self.written(capacity: 21) { $0.decimal(value) }
        #expect(String(decoding: out, as: UTF8.self) == String(value))
    }

    @Test func decimalOfEveryMagnitude() {
        var rng = SeededGenerator(seed: 10)
        for digits in 1...19 {
            for _ in 0..<50 {
                let upper: Int64 = digits == 19 ? Int64.max : Int64(Self.pow10(digits)) - 1
                let value = Int64.random(in: (digits == 1 ? 0 : Int64(Self.pow10(digits - 1)))...upper, using: &rng)
                let out = Self.written(capacity: 21) { $0.decimal(value) }
                #expect(String(decoding: out, as: UTF8.self) == String(value))
            }
        }
    }

    static func pow10(_ n: Int) -> UInt64 { (0..<n).reduce(1) { acc, _ in acc * 10 } }

    @Test func uuidEqualsTheRadixFormatting() {
        var rng = SeededGenerator(seed: 128)
        let fixed: [(UInt64, UInt64)] = [
            (0, 0), (.max, .max), (0x0123_4567_89AB_CDEF, 0xFEDC_BA98_7654_3210),
            (0xA0B0_C0D0_E0F0_0A0B, 0x0C0D_0E0F_9A9B_9C9D),
        ]
        let random = (0..<500).map { _ in
            (UInt64.random(in: .min ... .max, using: &rng), UInt64.random(in: .min ... .max, using: &rng))
        }
        for (high, low) in fixed + random {
            let out = Self.written(capacity: 36) { $0.uuid(high: high, low: low) }
            func hex(_ v: UInt64, _ digits: Int) -> String {
                let text = String(v, radix: 16)
                return String(repeating: "0", count: digits - text.count) + text
            }
            let expected =
                hex(high >> 32, 8) + "-" + hex((high >> 16) & 0xFFFF, 4) + "-" + hex(high & 0xFFFF, 4)
                + "-" + hex(low >> 48, 4) + "-" + hex(low & 0xFFFF_FFFF_FFFF, 12)
            #expect(String(decoding: out, as: UTF8.self) == expected)
        }
    }
}
