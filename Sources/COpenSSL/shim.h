#ifndef AUTHZ_BENCH_COPENSSL_SHIM_H
#define AUTHZ_BENCH_COPENSSL_SHIM_H

// libcrypto (OpenSSL 3) as used by AuthZCore/Crypto. Only libcrypto: no libssl.
#include <openssl/opensslv.h>
#include <openssl/crypto.h>
#include <openssl/err.h>
#include <openssl/evp.h>
#include <openssl/core_names.h>
#include <openssl/params.h>
#include <openssl/pem.h>
#include <openssl/x509.h>
#include <openssl/bio.h>
#include <openssl/ec.h>
#include <openssl/rsa.h>
#include <openssl/bn.h>
#include <openssl/ecdsa.h>
#include <openssl/sha.h>

// SHA-256 with a caller-held context (`SHA256_CTX`, a plain struct): what HMAC from precomputed key
// states needs. A keyed state is copied per MAC by value, with no allocation; EVP_MD_CTX_copy_ex
// would duplicate a provider context on the heap each time. OpenSSL 3 marks these functions
// deprecated (in favour of EVP), so they are reached through these wrappers, which keep the
// deprecation from spreading to every other libcrypto call.
#pragma clang diagnostic push
#pragma clang diagnostic ignored "-Wdeprecated-declarations"
static inline int authz_sha256_init(SHA256_CTX *context) { return SHA256_Init(context); }
static inline int authz_sha256_update(SHA256_CTX *context, const void *data, size_t count) {
    return SHA256_Update(context, data, count);
}
static inline int authz_sha256_final(unsigned char *digest, SHA256_CTX *context) {
    return SHA256_Final(digest, context);
}
#pragma clang diagnostic pop

#endif
