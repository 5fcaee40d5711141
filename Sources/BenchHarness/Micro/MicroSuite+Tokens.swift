import AuthZCore
import Foundation

extension MicroSuite {
    /// Sample bodies of each kind, with realistic field sizes.
    package static func sampleBody(_ kind: TokenKind) -> TokenBody {
        let fingerprint = String(repeating: "3f", count: 32)
        let expires = TokenDate(epochMillis: 1_800_000_000_000, utcOffsetMinutes: 120)
        switch kind {
        case .authn:
            return .authn(
                AuthNTokenBody(
                    guid: "4f1c0b2a-9d3e-4c61-8a57-2b9e6f0d1c3a",
                    requestorID: "NBCUniversal",
                    domainName: "adobe.com",
                    expires: expires,
                    msoID: "Comcast_SSO",
                    fingerprint: fingerprint
                )
            )
        case .authz:
            return .authz(
                AuthZTokenBody(
                    requestorID: "NBCUniversal",
                    resourceID: "nbc-sunday-night-football",
                    expires: expires,
                    msoID: "Comcast_SSO",
                    fingerprint: fingerprint
                )
            )
        case .media:
            return .media(
                MediaTokenBody(
                    sessionGUID: "9a8b7c6d-5e4f-4a3b-9c2d-1e0f9a8b7c6d",
                    requestorID: "NBCUniversal",
                    resourceID: "nbc-sunday-night-football",
                    ttlMillis: 300_000,
                    issueTimeMillis: 1_800_000_000_000,
                    mvpdID: "Comcast_SSO",
                    proxyMvpdID: ""
                )
            )
        }
    }

    /// Token parsing per kind (a 72-byte signature, as ES256 DER), and the date layout beside
    /// Foundation's `DateFormatter` (the ratio is ours over Foundation's: below 1 is faster).
    package static func tokenCases() -> [MicroCase] {
        var cases: [MicroCase] = TokenKind.allCases.map { kind in
            let token = TokenSerializer.token(signature: Array(repeating: 0xA5, count: 72), body: sampleBody(kind))
            return MicroCase(
                name: "token.parse.\(kind.rawValue)",
                makeSubject: {
                    { n in
                        token.withUnsafeBytes { bytes in
                            for _ in 0..<n { blackHole(try? TokenParser.parse(opaque(bytes))) }
                        }
                    }
                }
            )
        }
        let date = Array("2011/03/19 02:29:34 GMT +0200".utf8)
        cases.append(
            MicroCase(
                name: "date.parse",
                makeSubject: {
                    { n in
                        date.withUnsafeBytes { bytes in
                            var sum: Int64 = 0
                            for _ in 0..<n { sum &+= TokenDate.parse(opaque(bytes))?.epochMillis ?? 0 }
                            blackHole(sum)
                        }
                    }
                },
                referenceLabel: "Foundation DateFormatter",
                makeReference: {
                    let formatter = DateFormatter()
                    formatter.locale = Locale(identifier: "en_US_POSIX")
                    formatter.dateFormat = "yyyy/MM/dd HH:mm:ss 'GMT' Z"
                    let text = String(decoding: date, as: UTF8.self)
                    return { n in
                        var sum = 0.0
                        for _ in 0..<n { sum += formatter.date(from: opaque(text))?.timeIntervalSince1970 ?? 0 }
                        blackHole(sum)
                    }
                }
            )
        )
        return cases
    }
}
