import AuthZCore
import AuthZSimulation
import Testing

/// Each storage rule of the SDK (several buckets, logout clears all, cancel clears one selection, the cleaner), one
/// test each.
@Suite("Device token store: the SDK's storage rules")
struct DeviceTokenStoreTests {
    static let device = DeviceInfo(advertisingID: "ad-1", vendorID: "vendor-1", model: "TV-1", teamID: "team").deviceID
    static let otherDevice = DeviceInfo(advertisingID: "ad-1", vendorID: "vendor-1", model: "TV-1", teamID: "team-v2")
        .deviceID

    static func authN(_ requestor: String, _ mvpd: String, guid: String = "g") -> TokenBody {
        .authn(
            AuthNTokenBody(
                guid: guid,
                requestorID: requestor,
                domainName: "example.com",
                expires: TokenDate(epochMillis: 2_000_000_000_000),
                msoID: mvpd,
                fingerprint: String(repeating: "a", count: 64)
            )
        )
    }

    static func authZ(_ requestor: String, _ mvpd: String, _ resource: String) -> TokenBody {
        .authz(
            AuthZTokenBody(
                requestorID: requestor,
                resourceID: resource,
                expires: TokenDate(epochMillis: 2_000_000_000_000),
                msoID: mvpd,
                fingerprint: String(repeating: "a", count: 64)
            )
        )
    }

    @Test func severalRequestorMVPDBucketsCoexist() {
        var store = DeviceTokenStore()
        store.store(Self.authN("NBC", "Comcast"), bytes: [1], deviceID: Self.device)
        store.store(Self.authN("TBS", "Charter"), bytes: [2], deviceID: Self.device)
        store.store(Self.authN("NBC", "Charter"), bytes: [3], deviceID: Self.device)
        #expect(store.buckets.count == 3)
        #expect(store.authNToken(in: .init(requestorID: "NBC", mvpdID: "Comcast"))?.bytes == [1])
        #expect(store.authNToken(in: .init(requestorID: "TBS", mvpdID: "Charter"))?.bytes == [2])
        // The latest authentication selects its MVPD for the requestor.
        #expect(store.selectedMVPD(requestorID: "NBC") == "Charter")
        #expect(store.authNToken(requestorID: "NBC")?.bytes == [3])
    }

    @Test func oneAuthorizationPerResourceANewOneReplacesIt() {
        var store = DeviceTokenStore()
        store.store(Self.authN("NBC", "Comcast"), bytes: [1], deviceID: Self.device)
        #expect(store.store(Self.authZ("NBC", "Comcast", "news"), bytes: [10], deviceID: Self.device) == .stored)
        #expect(store.store(Self.authZ("NBC", "Comcast", "sports"), bytes: [11], deviceID: Self.device) == .stored)
        #expect(store.store(Self.authZ("NBC", "Comcast", "news"), bytes: [12], deviceID: Self.device) == .replaced)
        #expect(store.authZToken(requestorID: "NBC", resourceID: "news")?.bytes == [12])
        #expect(store.authZToken(requestorID: "NBC", resourceID: "sports")?.bytes == [11])
        #expect(store.count == 3)
    }

    @Test func logoutClearsEveryBucket() {
        var store = DeviceTokenStore()
        store.store(Self.authN("NBC", "Comcast"), bytes: [1], deviceID: Self.device)
        store.store(Self.authN("TBS", "Charter"), bytes: [2], deviceID: Self.device)
        store.store(Self.authZ("TBS", "Charter", "movie"), bytes: [3], deviceID: Self.device)
        store.logout()
        #expect(store.count == 0)
        #expect(store.buckets.isEmpty)
        #expect(store.authNToken(requestorID: "NBC") == nil)
        #expect(store.selectedMVPD(requestorID: "TBS") == nil)
    }

    @Test func cancelClearsOnlyTheCurrentRequestorsSelection() {
        var store = DeviceTokenStore()
        store.store(Self.authN("NBC", "Comcast"), bytes: [1], deviceID: Self.device)
        store.store(Self.authN("TBS", "Charter"), bytes: [2], deviceID: Self.device)
        store.store(Self.authZ("NBC", "Comcast", "news"), bytes: [3], deviceID: Self.device)
        store.cancelAuthentication(requestorID: "NBC")
        #expect(store.selectedMVPD(requestorID: "NBC") == nil)
        #expect(store.authNToken(requestorID: "NBC") == nil)
        // Nothing else is touched: the tokens stay, and TBS keeps its selection.
        #expect(store.count == 3)
        #expect(store.authNToken(in: .init(requestorID: "NBC", mvpdID: "Comcast"))?.bytes == [1])
        #expect(store.authNToken(requestorID: "TBS")?.bytes == [2])
    }

    @Test func cleanerDropsTokensWhoseBindingNoLongerMatches() {
        var store = DeviceTokenStore()
        store.store(Self.authN("NBC", "Comcast"), bytes: [1], deviceID: Self.device)
        store.store(Self.authZ("NBC", "Comcast", "news"), bytes: [2], deviceID: Self.device)
        store.store(Self.authN("TBS", "Charter"), bytes: [3], deviceID: Self.otherDevice)
        store.store(Self.authZ("TBS", "Charter", "movie"), bytes: [4], deviceID: Self.otherDevice)
        let removed = store.clean(currentDeviceID: Self.otherDevice)
        #expect(removed == 2)
        #expect(store.authNToken(requestorID: "NBC") == nil)
        #expect(store.selectedMVPD(requestorID: "NBC") == nil)
        #expect(store.authNToken(requestorID: "TBS")?.bytes == [3])
        #expect(store.authZToken(requestorID: "TBS", resourceID: "movie")?.bytes == [4])
    }

    @Test func mediaTokensAreNeverStored() {
        var store = DeviceTokenStore()
        let media = TokenBody.media(
            MediaTokenBody(
                sessionGUID: "s",
                requestorID: "NBC",
                resourceID: "news",
                ttlMillis: 300_000,
                issueTimeMillis: 1,
                mvpdID: "Comcast",
                proxyMvpdID: ""
            )
        )
        #expect(store.store(media, bytes: [9], deviceID: Self.device) == .refusedMediaToken)
        #expect(store.count == 0)
    }
}
