import AuthZCore
import Testing

@Suite("Minting writer: the media fast path writes the canonical bytes")
struct MediaMintWriterTests {
    @Test(arguments: [
        ("NBCUniversal", "resource-7", "Comcast_SSO", ""),
        ("R&D <app>", "\"quoted\" 'res'", "mvpd>1", "proxy&co"),
    ])
    func fastPathEqualsTheGeneralSerializer(requestor: String, resource: String, mvpd: String, proxy: String) {
        let session: (high: UInt64, low: UInt64) = (0x0123_4567_89AB_CDEF, 0xFEDC_BA98_7654_3210)
        let bound = TokenSerializer.mediaByteBound(
            requestorID: requestor,
            resourceID: resource,
            mvpdID: mvpd,
            proxyMvpdID: proxy
        )
        let fast = [UInt8](unsafeUninitializedCapacity: bound) { buffer, count in
            var writer = TokenWriter(UnsafeMutableRawBufferPointer(buffer))
            TokenSerializer.writeMedia(
                session: session,
                requestorID: requestor,
                resourceID: resource,
                ttlMillis: 300_000,
                issueTimeMillis: 1_800_000_000_123,
                mvpdID: mvpd,
                proxyMvpdID: proxy,
                to: &writer
            )
            count = writer.count
        }
        let general = TokenSerializer.bodyBytes(
            .media(
                MediaTokenBody(
                    sessionGUID: "01234567-89ab-cdef-fedc-ba9876543210",
                    requestorID: requestor,
                    resourceID: resource,
                    ttlMillis: 300_000,
                    issueTimeMillis: 1_800_000_000_123,
                    mvpdID: mvpd,
                    proxyMvpdID: proxy
                )
            )
        )
        #expect(fast == general, "\(String(decoding: fast, as: UTF8.self))")
    }
}
