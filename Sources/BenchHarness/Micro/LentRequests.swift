import AuthZCore

/// The requests a micro loop lends the engine, one at a time, on the loop's one thread.
///
/// A request read out of an array is a copy: its token's array and its two strings retained
/// for the call and released after it, about 85 instructions per warm check (callgrind), which the
/// row would count as the engine's. Here each request is moved out of its slot for the call and
/// moved back after it: the loop owns the request while the engine borrows it, as a server owns the
/// request it has just decoded.
final class LentRequests: @unchecked Sendable {
    // @unchecked: one loop's storage, used only by the thread that runs that loop.
    private let slots: UnsafeMutableBufferPointer<AuthorizationRequest>
    /// The request `lendNext` lends first: where the loop's previous batch stopped.
    private var position: Int

    /// Storage holding `requests`; `lendNext` starts at `position`.
    init(_ requests: [AuthorizationRequest], startingAt position: Int = 0) {
        precondition(requests.indices.contains(position), "no request \(position)")
        slots = .allocate(capacity: requests.count)
        _ = slots.initialize(from: requests)
        self.position = position
    }

    deinit {
        slots.deinitialize()
        slots.deallocate()
    }

    /// Storage holding copies of `shared` that share no storage with it (equal bytes, separate
    /// arrays and strings), as separate clients would present them: threads lending one shared
    /// request would contend on its arrays' reference counts, which is not what the engine costs.
    convenience init(separateCopiesOf shared: [AuthorizationRequest], startingAt position: Int = 0) {
        self.init(
            shared.map {
                AuthorizationRequest(
                    deviceID: $0.deviceID,
                    authNToken: $0.authNToken.map { $0 },
                    requestorID: String(decoding: Array($0.requestorID.utf8), as: UTF8.self),
                    resourceID: String(decoding: Array($0.resourceID.utf8), as: UTF8.self)
                )
            },
            startingAt: position
        )
    }

    /// Calls `body` with request `index`, owned by the loop for the call.
    @inline(__always)
    private func lend<R>(_ index: Int, _ body: (AuthorizationRequest) -> R) -> R {
        precondition(index >= 0 && index < slots.count, "no request \(index)")
        let slot = slots.baseAddress! + index
        let request = slot.move()
        let result = body(request)
        slot.initialize(to: consume request)
        return result
    }

    /// Lends the next `n` requests to `body` in turn, wrapping around, from where the previous
    /// call stopped.
    @inline(__always)
    func lendNext(_ n: Int, _ body: (AuthorizationRequest) -> Void) {
        var index = position
        for _ in 0..<n {
            lend(index, body)
            index &+= 1
            if index == slots.count { index = 0 }
        }
        position = index
    }
}
