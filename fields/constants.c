/* Field constants shared by every backend (one memory representation).
 * Montgomery-form values hold a*2^256 mod m. Each is recomputed from its definition
 * with GMP in tests/test_field.c; the values of ROOT_OF_UNITY, DELTA and ZETA are those
 * of zcash/pasta_curves (src/fields/fp.rs, fq.rs). Generated once with a short script
 * from the definitions in include/pasta/field.h. */
#include "fields/constants.h"
#include "fields/moduli.h"
#include "pasta/field.h"

/* fp: m = p (fields/moduli.h) */
const uint64_t pasta_fp_MODULUS[4] = PASTA_FP_MODULUS_LIMBS;
const uint64_t pasta_fp_R2[4] = {0x8c78ecb30000000fULL, 0xd7d30dbd8b0de0e7ULL,
                                 0x7797a99bc3c95d18ULL, 0x096d41af7b9cb714ULL};
const uint64_t pasta_fp_R3[4] = {0xf185a5993a9e10f9ULL, 0xf6a68f3b6ac5b1d1ULL,
                                 0xdf8d1014353fd42cULL, 0x2ae309222d2d9910ULL};
const uint64_t pasta_fp_INV = PASTA_FP_INV;
const pasta_fp pasta_fp_ZERO = {{0, 0, 0, 0}};
const pasta_fp pasta_fp_ONE = {{0x34786d38fffffffdULL, 0x992c350be41914adULL,
                                0xffffffffffffffffULL, 0x3fffffffffffffffULL}};
const pasta_fp pasta_fp_TWO_INV = {{0x66d2cf12ffffffffULL, 0xddb96703f6b306e4ULL,
                                    0xffffffffffffffffULL, 0x3fffffffffffffffULL}};
const pasta_fp pasta_fp_MULTIPLICATIVE_GENERATOR = {
    {0xa1a55e68ffffffedULL, 0x74c2a54b4f4982f3ULL, 0xfffffffffffffffdULL,
     0x3fffffffffffffffULL}};
/* 5^((m-1)/2^32) = 0x2bce74deac30ebda362120830561f81aea322bf2b7bb7584bdad6fabd87ea32f */
const pasta_fp pasta_fp_ROOT_OF_UNITY = {{0xa28db849bad6dbf0ULL, 0x9083cd03d3b539dfULL,
                                          0xfba6b9ca9dc8448eULL, 0x3ec928747b89c6daULL}};
const pasta_fp pasta_fp_ROOT_OF_UNITY_INV = {{0x5cfe5f67cb155442ULL, 0x176460c2734c4621ULL,
                                              0xdf81001645214110ULL, 0x18047fb9f91068bcULL}};
/* 5^(2^32) = 0xa757d0f0006ab6cbd455b7112a5049df5e4f3f13eee56366a6ccd20dd7b9ba2 */
const pasta_fp pasta_fp_DELTA = {{0x5965e9af9d651171ULL, 0xc7c59c1bb222e936ULL,
                                  0x272acaec59b6a78cULL, 0x08eb004e7903b751ULL}};
/* 0x12ccca834acdba712caad5dc57aab1b01d1f8bd237ad31491dad5ebdfdfe4ab9 (zcash/pasta_curves) */
const pasta_fp pasta_fp_ZETA = {{0x02021cf6619a153dULL, 0x9e8c26974980b78eULL,
                                 0x2a676d5cc87a4666ULL, 0x15d8049da7a17876ULL}};

/* fq: m = q (fields/moduli.h) */
const uint64_t pasta_fq_MODULUS[4] = PASTA_FQ_MODULUS_LIMBS;
const uint64_t pasta_fq_R2[4] = {0xfc9678ff0000000fULL, 0x67bb433d891a16e3ULL,
                                 0x7fae231004ccf590ULL, 0x096d41af7ccfdaa9ULL};
const uint64_t pasta_fq_R3[4] = {0x008b421c249dae4cULL, 0xe13bda50dba41326ULL,
                                 0x88fececb8e15cb63ULL, 0x07dd97a06e6792c8ULL};
const uint64_t pasta_fq_INV = PASTA_FQ_INV;
const pasta_fq pasta_fq_ZERO = {{0, 0, 0, 0}};
const pasta_fq pasta_fq_ONE = {{0x5b2b3e9cfffffffdULL, 0x992c350be3420567ULL,
                                0xffffffffffffffffULL, 0x3fffffffffffffffULL}};
const pasta_fq pasta_fq_TWO_INV = {{0x73b914deffffffffULL, 0xddb96703f66b5722ULL,
                                    0xffffffffffffffffULL, 0x3fffffffffffffffULL}};
const pasta_fq pasta_fq_MULTIPLICATIVE_GENERATOR = {
    {0x96bc8c8cffffffedULL, 0x74c2a54b49f7778eULL, 0xfffffffffffffffdULL,
     0x3fffffffffffffffULL}};
/* 5^((m-1)/2^32) = 0x2de6a9b8746d3f589e5c4dfd492ae26e9bb97ea3c106f049a70e2c1102b6d05f */
const pasta_fq pasta_fq_ROOT_OF_UNITY = {{0x218077428c9942deULL, 0xcc49578921b60494ULL,
                                          0xac2e5d27b2efbee2ULL, 0x0b79fa897f2db056ULL}};
const pasta_fq pasta_fq_ROOT_OF_UNITY_INV = {{0xb990773d23d22e85ULL, 0x4ece919a03f3c012ULL,
                                              0x2c9ac8b9aa3ba50bULL, 0x364d5dfa434d9efaULL}};
/* 5^(2^32) = 0x2237d5442372416606f0a88e7f7949f8e3ac3376541d11408494392472d1683c */
const pasta_fq pasta_fq_DELTA = {{0xfea35ff47ef3ee87ULL, 0xc982cbdd717fd9c6ULL,
                                  0x0d25c7ce50b8ab59ULL, 0x17bffd4cc7ac17c1ULL}};
/* 0x6819a58283e528e511db4d81cf70f5a0fed467d47c033af2aa9d2e050aa0e4f (zcash/pasta_curves) */
const pasta_fq pasta_fq_ZETA = {{0x7c541a8480111122ULL, 0x40630b9c56ed29daULL,
                                 0x02c275fb135b2b29ULL, 0x121d29f888245b10ULL}};
