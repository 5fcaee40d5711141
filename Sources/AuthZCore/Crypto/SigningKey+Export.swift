import COpenSSL

extension SigningKey {
    /// The public key as a PEM SubjectPublicKeyInfo (`-----BEGIN PUBLIC KEY-----`).
    public func publicKeyPEM() throws -> String {
        let key = try asymmetricKey(for: "a public key PEM")
        return try Self.writePEM("public key") { PEM_write_bio_PUBKEY($0, key) }
    }

    /// The private key as unencrypted PKCS#8 PEM (`-----BEGIN PRIVATE KEY-----`).
    public func privateKeyPEM() throws -> String {
        let key = try asymmetricKey(for: "a private key PEM")
        return try Self.writePEM("private key") { PEM_write_bio_PKCS8PrivateKey($0, key, nil, nil, 0, nil, nil) }
    }

    private func asymmetricKey(for what: String) throws -> OpaquePointer {
        guard case .publicKey(let key) = backing else {
            throw CryptoError("hs256 keys are shared secrets and have no \(what)")
        }
        return key.pointer
    }

    /// Runs `write` into a memory BIO and returns what it wrote.
    private static func writePEM(_ what: String, _ write: (OpaquePointer) -> Int32) throws -> String {
        guard let bio = BIO_new(BIO_s_mem()) else { throw CryptoError("BIO_new failed") }
        defer { BIO_free(bio) }
        guard write(bio) == 1 else { throw CryptoError("writing the \(what) PEM failed") }
        var data: UnsafeMutablePointer<CChar>?
        let length = BIO_ctrl(bio, BIO_CTRL_INFO, 0, &data)
        guard length > 0, let data else { throw CryptoError("reading the \(what) PEM from memory failed") }
        let bytes = UnsafeRawBufferPointer(start: data, count: length)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The DER SubjectPublicKeyInfo of `key` (`i2d_PUBKEY`).
    static func publicKeyDER(_ key: OpaquePointer) throws -> [UInt8] {
        let length = i2d_PUBKEY(key, nil)
        guard length > 0 else { throw CryptoError("i2d_PUBKEY failed") }
        var der = [UInt8](repeating: 0, count: Int(length))
        let written = der.withUnsafeMutableBufferPointer { buffer -> Int32 in
            var cursor = buffer.baseAddress
            return i2d_PUBKEY(key, &cursor)
        }
        guard written == length else { throw CryptoError("i2d_PUBKEY wrote \(written) of \(length) bytes") }
        return der
    }
}
