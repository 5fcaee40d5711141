/// A value with its absolute expiry (epoch milliseconds, inclusive) and its position in the
/// dense key list of ``DictionaryCore``.
@usableFromInline
struct ExpiringValue<Value: Sendable>: Sendable {
    @usableFromInline var value: Value
    @usableFromInline var expiresAt: Int64
    @usableFromInline var slot: Int32

    @inlinable init(value: Value, expiresAt: Int64, slot: Int32) {
        self.value = value
        self.expiresAt = expiresAt
        self.slot = slot
    }
}
