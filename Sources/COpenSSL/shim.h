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

#endif
