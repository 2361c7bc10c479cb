/*
 * Anchor for bench/gost.bench.mjs: the same measures driven through OpenSSL's GOST engine (Debian's
 * libengine-gost-openssl), in C. Compiled by the bench into a temporary folder, never committed as a binary.
 * Prints one line per measure: "<name> <per CPU-second>" (MB/s for hashes, verifications/s otherwise).
 * Usage: gost-openssl-anchor <seconds per measure>
 */
#include <openssl/engine.h>
#include <openssl/err.h>
#include <openssl/evp.h>
#include <openssl/obj_mac.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

static double cpu_seconds(void) {
  struct timespec t;
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
  return (double)t.tv_sec + (double)t.tv_nsec / 1e9;
}

static int hash_rate(ENGINE *engine, int nid, const char *name, const unsigned char *data, size_t length,
                     double seconds) {
  const EVP_MD *md = ENGINE_get_digest(engine, nid);
  EVP_MD_CTX *ctx = EVP_MD_CTX_new();
  unsigned char out[64];
  unsigned int outLength = 0;
  if (!md || !ctx) return 1;
  long count = 0;
  double start = cpu_seconds(), elapsed = 0;
  while (elapsed < seconds) {
    if (!EVP_DigestInit_ex(ctx, md, engine) || !EVP_DigestUpdate(ctx, data, length) ||
        !EVP_DigestFinal_ex(ctx, out, &outLength))
      return 1;
    count += 1;
    elapsed = cpu_seconds() - start;
  }
  printf("%s %.3f\n", name, (double)count * (double)length / 1e6 / elapsed);
  EVP_MD_CTX_free(ctx);
  return 0;
}

static int verify_rate(ENGINE *engine, int nid, const char *name, size_t digestLength, double seconds) {
  EVP_PKEY *key = NULL;
  EVP_PKEY_CTX *keygen = EVP_PKEY_CTX_new_id(nid, engine);
  if (!keygen || EVP_PKEY_keygen_init(keygen) <= 0 || EVP_PKEY_CTX_ctrl_str(keygen, "paramset", "A") <= 0 ||
      EVP_PKEY_keygen(keygen, &key) <= 0)
    return 1;
  unsigned char digest[64], signature[128];
  size_t signatureLength = sizeof signature;
  for (size_t i = 0; i < digestLength; i += 1) digest[i] = (unsigned char)(i * 37 + 1);
  EVP_PKEY_CTX *ctx = EVP_PKEY_CTX_new(key, engine);
  if (!ctx || EVP_PKEY_sign_init(ctx) <= 0 ||
      EVP_PKEY_sign(ctx, signature, &signatureLength, digest, digestLength) <= 0)
    return 1;
  if (EVP_PKEY_verify_init(ctx) <= 0) return 1;
  long count = 0;
  double start = cpu_seconds(), elapsed = 0;
  while (elapsed < seconds) {
    if (EVP_PKEY_verify(ctx, signature, signatureLength, digest, digestLength) != 1) return 1;
    count += 1;
    elapsed = cpu_seconds() - start;
  }
  printf("%s %.1f\n", name, (double)count / elapsed);
  EVP_PKEY_CTX_free(ctx);
  EVP_PKEY_CTX_free(keygen);
  EVP_PKEY_free(key);
  return 0;
}

int main(int argc, char **argv) {
  double seconds = argc > 1 ? atof(argv[1]) : 1.0;
  ENGINE_load_builtin_engines();
  ENGINE *engine = ENGINE_by_id("gost");
  if (!engine || !ENGINE_init(engine) || !ENGINE_set_default(engine, ENGINE_METHOD_ALL)) {
    fprintf(stderr, "OpenSSL's gost engine is not available\n");
    return 2;
  }
  size_t length = 4u << 20;
  unsigned char *data = malloc(length);
  if (!data) return 1;
  for (size_t i = 0; i < length; i += 1) data[i] = (unsigned char)(i & 255);
  int failed = hash_rate(engine, NID_id_GostR3411_2012_512, "streebog512", data, length, seconds) ||
               hash_rate(engine, NID_id_GostR3411_2012_256, "streebog256", data, length, seconds) ||
               hash_rate(engine, NID_id_GostR3411_94, "gost34311", data, length, seconds) ||
               verify_rate(engine, NID_id_GostR3410_2012_512, "verify-2015-512", 64, seconds) ||
               verify_rate(engine, NID_id_GostR3410_2001, "verify-2004", 32, seconds);
  free(data);
  if (failed) {
    fprintf(stderr, "an OpenSSL GOST operation failed\n");
    ERR_print_errors_fp(stderr);
    return 1;
  }
  return 0;
}
