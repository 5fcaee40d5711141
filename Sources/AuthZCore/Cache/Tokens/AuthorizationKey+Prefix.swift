/// The part of an ``AuthorizationKey`` that a verified token fixes: its GUID and requestor.
extension AuthorizationKey {
    /// A key's GUID and requestor, packed and hashed as far as they go without the resource: their
    /// bytes in the inline words, their lengths, and the hasher after the GUID's precomputed hash
    /// and the whole words that hold only GUID and requestor bytes.
    ///
    /// The engine makes one when it verifies a token and keeps it in the verified-token entry, so
    /// a request's key copies only the resource's bytes and hashes the one or two words from the
    /// requestor's end on, instead of copying three strings and hashing from the GUID's end. A key
    /// made from a prefix is the key ``AuthorizationKey/init(authNGUID:requestorID:resourceID:)``
    /// makes of the same three parts (that initialiser goes through a prefix too).
    @usableFromInline
    struct Prefix: Sendable {
        /// The GUID's and the requestor's bytes one after the other, zero after them (all zero when
        /// they take more than 64 bytes: every key of this prefix is then in digest form).
        @usableFromInline let words: InlineWords
        /// The lengths word of the GUID and the requestor (the resource's length still zero).
        @usableFromInline let lengths: UInt64
        /// The GUID's and the requestor's bytes together.
        @usableFromInline let count: Int
        /// `KeyHasher` after the GUID's precomputed hash and the words from the one where the
        /// GUID ends up to the one where the requestor ends (excluded).
        @usableFromInline let hasher: KeyHasher

        /// Packs `authNGUID` and `requestorID` and hashes what of them can be hashed already.
        @inlinable
        init(authNGUID: borrowing AuthNGUID, requestorID: borrowing String) {
            let guid = authNGUID.value
            let (g, r) = (guid.utf8.count, requestorID.utf8.count)
            var hasher = KeyHasher()
            hasher.combine(UInt64(UInt(bitPattern: authNGUID.precomputedHash)))
            var words: InlineWords = (0, 0, 0, 0, 0, 0, 0, 0)
            if g &+ r <= AuthorizationKey.inlineCapacity {
                withUnsafeMutableBytes(of: &words) { raw in
                    let base = raw.baseAddress!
                    AuthorizationKey.copyUTF8(guid, to: base)
                    AuthorizationKey.copyUTF8(requestorID, to: base + g)
                    var offset = g & ~7
                    while offset &+ 8 <= g &+ r {
                        hasher.combine(wordAt: offset, in: UnsafeRawPointer(base))
                        offset &+= 8
                    }
                }
                lengths = AuthorizationKey.lengthsWord(g, r, 0)
            } else {
                lengths = 0
            }
            self.words = words
            self.count = g &+ r
            self.hasher = hasher
        }
    }
}
