import AuthZCore
import AuthZSimulation
import Testing

@Suite("Token codec: random mutations never crash")
struct TokenFuzzTests {
    /// Bytes that matter to the grammar, to make mutations hit interesting paths more often.
    static let interesting: [UInt8] =
        Array("<>/&;=!?\"' \n\tamp#x0123456789-+GMT:".utf8)
        + [0x00, 0x80, 0xC3, 0xE2, 0xED, 0xF0, 0xFF]

    @Test func twentyThousandMutationsParseOrThrowAnInRangeOffset() {
        var rng = SeededGenerator(seed: 20_000)
        let seeds = TokenKind.allCases.flatMap {
            [TokenFixtures.token($0), Array(TokenFixtures.prettyToken($0).utf8)]
        }
        var parsed = 0
        var rejected = 0
        for _ in 0..<20_000 {
            var token = seeds.randomElement(using: &rng)!
            for _ in 0..<Int.random(in: 1...3, using: &rng) {
                let byte =
                    Bool.random(using: &rng)
                    ? UInt8.random(in: 0...255, using: &rng)
                    : Self.interesting.randomElement(using: &rng)!
                let at = Int.random(in: 0..<token.count, using: &rng)
                switch Int.random(in: 0..<3, using: &rng) {
                case 0: token[at] = byte
                case 1: token.insert(byte, at: at)
                default: token.remove(at: at)
                }
                if token.isEmpty { break }
            }
            do {
                let result = try TokenParser.parse(token)
                #expect(result.bodyRange.upperBound <= token.count)
                parsed += 1
            } catch {
                #expect((0...token.count).contains(error.offset), "\(error)")
                rejected += 1
            }
        }
        #expect(parsed + rejected == 20_000)
        #expect(rejected > 10_000)  // most mutations break the format
        #expect(parsed > 0)  // some land in text and keep it valid
    }
}
