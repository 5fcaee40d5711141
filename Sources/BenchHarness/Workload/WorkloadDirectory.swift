/// The names and trust relations of the simulated world: requestors, MVPDs (with each requestor's
/// allowed list), resources. Identifiers are short enough to be stored inline in a `String`.
package struct WorkloadDirectory: Sendable {
    /// Requestor (programmer/app) IDs.
    package let requestorIDs: [String]
    /// MVPD (identity provider) IDs.
    package let mvpdIDs: [String]
    /// Resource IDs; index = Zipf popularity rank (0 = most popular).
    package let resourceIDs: [String]
    /// Per requestor, the MVPD indices it trusts.
    package let allowedMVPDs: [[Int]]
    /// The MVPD no requestor trusts (the issuer of the untrusted-MVPD attack).
    package let untrustedMVPD: Int

    /// The directory for `requestors`, `mvpds` (>= 2) and `resources`.
    ///
    /// Every requestor trusts every MVPD but the last one (never trusted) and, when there are five
    /// MVPDs or more, one more that depends on the requestor: most MVPDs are allowed, not all.
    package init(requestors: Int, mvpds: Int, resources: Int) {
        precondition(requestors >= 1 && mvpds >= 2 && resources >= 1, "directory too small")
        requestorIDs = (0..<requestors).map { "req-\($0)" }
        mvpdIDs = (0..<mvpds).map { "mvpd-\($0)" }
        resourceIDs = (0..<resources).map { "res-\($0)" }
        untrustedMVPD = mvpds - 1
        let trustedCount = mvpds - 1
        allowedMVPDs = (0..<requestors).map { requestor in
            let excluded = trustedCount >= 4 ? requestor % trustedCount : -1
            return (0..<trustedCount).filter { $0 != excluded }
        }
    }

    /// The engine's allowed lists (`EngineConfiguration.allowedMVPDs`).
    package var engineAllowList: [String: Set<String>] {
        var lists: [String: Set<String>] = [:]
        for (requestor, allowed) in allowedMVPDs.enumerated() {
            lists[requestorIDs[requestor]] = Set(allowed.map { mvpdIDs[$0] })
        }
        return lists
    }
}
