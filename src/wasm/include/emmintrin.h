/*
 * emmintrin.h - the SSE2 intrinsics that the library uses (the boards of
 * src/rules/board.h, perft, the search's move making and evaluation, the
 * table builder), written with WebAssembly's 128-bit SIMD, for the build
 * with -msimd128 (mk/wasm.mk, WASM_SIMD). There mk/wasm.mk defines
 * __SSE2__, so that the library takes its vector paths, and this header
 * comes before any other emmintrin.h (-isystem src/wasm/include).
 *
 * Only these few, each with SSE2's meaning; one more used in src/ is a
 * compile error here, not a silent change.
 */
#ifndef AW_WASM_EMMINTRIN_H
#define AW_WASM_EMMINTRIN_H

#if !defined(__wasm_simd128__)
#error "src/wasm/include/emmintrin.h needs -msimd128"
#endif

#include <stdint.h>
#include <wasm_simd128.h>

typedef long long __m128i __attribute__((__vector_size__(16), __aligned__(16)));

#define AW_I(x) ((v128_t)(x))
#define AW_M(x) ((__m128i)(x))

static inline __m128i _mm_loadu_si128(const __m128i *p) { return AW_M(wasm_v128_load(p)); }
static inline __m128i _mm_setzero_si128(void) { return AW_M(wasm_i32x4_splat(0)); }
static inline __m128i _mm_set1_epi8(char b) { return AW_M(wasm_i8x16_splat((int8_t)b)); }
static inline __m128i _mm_set_epi64x(long long hi, long long lo)
{
    return AW_M(wasm_i64x2_make(lo, hi));
}
static inline __m128i _mm_setr_epi8(char b0, char b1, char b2, char b3, char b4, char b5, char b6,
                                    char b7, char b8, char b9, char b10, char b11, char b12,
                                    char b13, char b14, char b15)
{
    return AW_M(wasm_i8x16_make(b0, b1, b2, b3, b4, b5, b6, b7, b8, b9, b10, b11, b12, b13, b14,
                                b15));
}

static inline __m128i _mm_add_epi8(__m128i a, __m128i b) { return AW_M(wasm_i8x16_add(AW_I(a), AW_I(b))); }
static inline __m128i _mm_sub_epi8(__m128i a, __m128i b) { return AW_M(wasm_i8x16_sub(AW_I(a), AW_I(b))); }
static inline __m128i _mm_and_si128(__m128i a, __m128i b) { return AW_M(wasm_v128_and(AW_I(a), AW_I(b))); }
static inline __m128i _mm_or_si128(__m128i a, __m128i b) { return AW_M(wasm_v128_or(AW_I(a), AW_I(b))); }
/* SSE2: (~a) & b; wasm: a & ~b. */
static inline __m128i _mm_andnot_si128(__m128i a, __m128i b)
{
    return AW_M(wasm_v128_andnot(AW_I(b), AW_I(a)));
}
static inline __m128i _mm_cmpeq_epi8(__m128i a, __m128i b) { return AW_M(wasm_i8x16_eq(AW_I(a), AW_I(b))); }
static inline __m128i _mm_cmpgt_epi8(__m128i a, __m128i b) { return AW_M(wasm_i8x16_gt(AW_I(a), AW_I(b))); }
static inline __m128i _mm_cmplt_epi8(__m128i a, __m128i b) { return AW_M(wasm_i8x16_lt(AW_I(a), AW_I(b))); }
static inline __m128i _mm_max_epu8(__m128i a, __m128i b) { return AW_M(wasm_u8x16_max(AW_I(a), AW_I(b))); }
static inline int _mm_movemask_epi8(__m128i a) { return (int)wasm_i8x16_bitmask(AW_I(a)); }
static inline int _mm_cvtsi128_si32(__m128i a) { return wasm_i32x4_extract_lane(AW_I(a), 0); }
#define _mm_extract_epi16(a, i) ((int)wasm_u16x8_extract_lane(AW_I(a), (i)))

/* The network's accumulators and output (src/engine/nnue.c). */
static inline void _mm_storeu_si128(__m128i *p, __m128i a) { wasm_v128_store(p, AW_I(a)); }
static inline __m128i _mm_set1_epi16(short w) { return AW_M(wasm_i16x8_splat(w)); }
static inline __m128i _mm_add_epi16(__m128i a, __m128i b) { return AW_M(wasm_i16x8_add(AW_I(a), AW_I(b))); }
static inline __m128i _mm_sub_epi16(__m128i a, __m128i b) { return AW_M(wasm_i16x8_sub(AW_I(a), AW_I(b))); }
static inline __m128i _mm_max_epi16(__m128i a, __m128i b) { return AW_M(wasm_i16x8_max(AW_I(a), AW_I(b))); }
static inline __m128i _mm_min_epi16(__m128i a, __m128i b) { return AW_M(wasm_i16x8_min(AW_I(a), AW_I(b))); }
static inline __m128i _mm_add_epi32(__m128i a, __m128i b) { return AW_M(wasm_i32x4_add(AW_I(a), AW_I(b))); }
static inline __m128i _mm_srli_epi16(__m128i a, int n) { return AW_M(wasm_u16x8_shr(AW_I(a), (uint32_t)n)); }
/* The 16 lanes of a then b, each saturated to an unsigned byte. */
static inline __m128i _mm_packus_epi16(__m128i a, __m128i b)
{
    return AW_M(wasm_u8x16_narrow_i16x8(AW_I(a), AW_I(b)));
}
/* Products of 16-bit lanes, adjacent pairs added into 32-bit lanes. */
static inline __m128i _mm_madd_epi16(__m128i a, __m128i b)
{
    return AW_M(wasm_i32x4_dot_i16x8(AW_I(a), AW_I(b)));
}

/* The sums of the absolute differences of the bytes of each 8-byte half,
 * each in the low 16 bits of its 64-bit half. */
static inline __m128i _mm_sad_epu8(__m128i a, __m128i b)
{
    const v128_t d = wasm_v128_or(wasm_u8x16_sub_sat(AW_I(a), AW_I(b)),
                                  wasm_u8x16_sub_sat(AW_I(b), AW_I(a)));
    const v128_t s32 = wasm_u32x4_extadd_pairwise_u16x8(wasm_u16x8_extadd_pairwise_u8x16(d));
    const v128_t s = wasm_i32x4_add(s32, wasm_u64x2_shr(s32, 32));
    return AW_M(wasm_v128_and(s, wasm_i64x2_const(0xFFFFFFFF, 0xFFFFFFFF)));
}

#endif
