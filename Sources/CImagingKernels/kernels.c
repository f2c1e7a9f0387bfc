#include "CImagingKernels.h"

#include <string.h>
#include <time.h>

static _Thread_local ck_work work;
static _Thread_local int counting;

void ck_work_start(void) {
    memset(&work, 0, sizeof work);
    counting = 1;
}

ck_work ck_work_stop(void) {
    counting = 0;
    return work;
}


ptrdiff_t ck_expanded_weight_count(ptrdiff_t outputs, ptrdiff_t stride) { return outputs * ((stride + 1) / 2) * 8; }

void ck_expand_weights(const float *weights, ptrdiff_t stride, const ptrdiff_t *counts, ptrdiff_t outputs,
                       float *expanded) {
    ptrdiff_t pairs = (stride + 1) / 2;
    for (ptrdiff_t x = 0; x < outputs; x++) {
        const float *window = weights + x * stride;
        float *out = expanded + x * pairs * 8;
        for (ptrdiff_t tap = 0; tap < pairs * 2; tap++) {
            float w = tap < counts[x] ? window[tap] : 0.0f;
            for (int lane = 0; lane < 4; lane++) out[tap * 4 + lane] = w;
        }
    }
}

ptrdiff_t ck_fixed_weight_count(ptrdiff_t outputs, ptrdiff_t stride) { return outputs * ((stride + 3) / 4) * 16; }

/* Where tap `tap` of a window goes among its groups of four: w0 w1 (x4) in the low 128 bits, w2 w3 (x4) above. */
static ptrdiff_t fixed_slot(ptrdiff_t tap) { return tap / 4 * 16 + (tap % 4) / 2 * 8 + tap % 2; }

/* floor(value + 0.5) for values above -65536, without libm. */
static int32_t rounded(double value) { return (int32_t)(value + 65536.5) - 65536; }

int ck_fixed_weights(const float *weights, ptrdiff_t stride, const ptrdiff_t *counts, ptrdiff_t outputs,
                     int16_t *fixed) {
    ptrdiff_t windowSize = (stride + 3) / 4 * 16;
    for (int bits = 15; bits >= 12; bits--) {
        const double one = (double)(1 << bits);
        int fits = 1;
        for (ptrdiff_t x = 0; x < outputs && fits; x++) {
            const float *window = weights + x * stride;
            int16_t *out = fixed + x * windowSize;
            ptrdiff_t count = counts[x] < stride ? counts[x] : stride, largest = 0;
            for (ptrdiff_t i = 0; i < windowSize; i++) out[i] = 0;
            for (ptrdiff_t tap = 1; tap < count; tap++)
                if (window[tap] > window[largest]) largest = tap;
            int32_t total = 0;
            for (ptrdiff_t tap = 0; tap < count && fits; tap++) {
                double scaled = (double)window[tap] * one;
                /* NaN fails too. */
                if (!(scaled > -32768.0 && scaled < 32768.0)) fits = 0;
                else total += rounded(scaled);
            }
            if (!fits) break;
            for (ptrdiff_t tap = 0; tap < count; tap++) {
                int32_t value = rounded((double)window[tap] * one);
                if (tap == largest) value += (1 << bits) - total;
                if (value < INT16_MIN || value > INT16_MAX) {
                    fits = 0;
                    break;
                }
                for (int lane = 0; lane < 4; lane++) out[fixed_slot(tap) + lane * 2] = (int16_t)value;
            }
        }
        if (fits) return bits;
    }
    return 0;
}

#if defined(__x86_64__)
#include <immintrin.h>

int ck_has_avx2_fma(void) {
    __builtin_cpu_init();
    return __builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma");
}

#define AVX2 __attribute__((target("avx2,fma")))

static uint64_t nanoseconds(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (uint64_t)t.tv_sec * 1000000000u + (uint64_t)t.tv_nsec;
}

/* Two taps per 256-bit vector (two RGBA pixels against their weights), two vectors in flight per row. */
AVX2 void ck_filter_rows_avx2(const float *upper, const float *lower, const float *expanded, ptrdiff_t stride,
                              const ptrdiff_t *starts, ptrdiff_t first, const ptrdiff_t *counts, ptrdiff_t outputs,
                              float *upperOut, float *lowerOut) {
    ptrdiff_t pairStride = ((stride + 1) / 2) * 8;
    uint64_t pairCount = 0, start = counting ? nanoseconds() : 0;
    for (ptrdiff_t x = 0; x < outputs; x++) {
        const float *w = expanded + x * pairStride;
        const float *a = upper + (starts[x] - first) * 4;
        ptrdiff_t pairs = (counts[x] + 1) / 2, p = 0;
        pairCount += (uint64_t)pairs;
        __m256 a0 = _mm256_setzero_ps(), a1 = a0;
        if (lower) {
            const float *b = lower + (starts[x] - first) * 4;
            __m256 b0 = a0, b1 = a0;
            for (; p + 2 <= pairs; p += 2) {
                __m256 w0 = _mm256_loadu_ps(w + p * 8), w1 = _mm256_loadu_ps(w + p * 8 + 8);
                a0 = _mm256_fmadd_ps(w0, _mm256_loadu_ps(a + p * 8), a0);
                b0 = _mm256_fmadd_ps(w0, _mm256_loadu_ps(b + p * 8), b0);
                a1 = _mm256_fmadd_ps(w1, _mm256_loadu_ps(a + p * 8 + 8), a1);
                b1 = _mm256_fmadd_ps(w1, _mm256_loadu_ps(b + p * 8 + 8), b1);
            }
            if (p < pairs) {
                __m256 w0 = _mm256_loadu_ps(w + p * 8);
                a0 = _mm256_fmadd_ps(w0, _mm256_loadu_ps(a + p * 8), a0);
                b0 = _mm256_fmadd_ps(w0, _mm256_loadu_ps(b + p * 8), b0);
            }
            b0 = _mm256_add_ps(b0, b1);
            _mm_storeu_ps(lowerOut + x * 4, _mm_add_ps(_mm256_castps256_ps128(b0), _mm256_extractf128_ps(b0, 1)));
        } else {
            for (; p + 2 <= pairs; p += 2) {
                a0 = _mm256_fmadd_ps(_mm256_loadu_ps(w + p * 8), _mm256_loadu_ps(a + p * 8), a0);
                a1 = _mm256_fmadd_ps(_mm256_loadu_ps(w + p * 8 + 8), _mm256_loadu_ps(a + p * 8 + 8), a1);
            }
            if (p < pairs) a0 = _mm256_fmadd_ps(_mm256_loadu_ps(w + p * 8), _mm256_loadu_ps(a + p * 8), a0);
        }
        a0 = _mm256_add_ps(a0, a1);
        _mm_storeu_ps(upperOut + x * 4, _mm_add_ps(_mm256_castps256_ps128(a0), _mm256_extractf128_ps(a0, 1)));
    }
    if (!counting) return;
    uint64_t rows = lower ? 2 : 1;
    work.multiplyAdds += pairCount * 8 * rows;
    work.filterBytes += pairCount * 32 * (rows + 1);
    work.filterNanoseconds += nanoseconds() - start;
}

AVX2 static int opaque_row(const uint8_t *pixels, ptrdiff_t count, uint8_t *out) {
    const __m256i alpha = _mm256_set1_epi32((int)0xff000000);
    ptrdiff_t bytes = count * 4, i = 0;
    for (; i + 32 <= bytes; i += 32) {
        __m256i chunk = _mm256_loadu_si256((const __m256i *)(pixels + i));
        if (!_mm256_testc_si256(chunk, alpha)) return 0;
        _mm256_storeu_si256((__m256i *)(out + i), chunk);
    }
    for (; i < bytes; i += 4) {
        if (pixels[i + 3] != 255) return 0;
        memcpy(out + i, pixels + i, 4);
    }
    memset(out + bytes, 0, 12);
    return 1;
}

/* Counted as the block averages are: the source's bytes read, the time in the source reading. */
AVX2 int ck_opaque_row_avx2(const uint8_t *pixels, ptrdiff_t count, uint8_t *out) {
    if (!counting) return opaque_row(pixels, count, out);
    uint64_t start = nanoseconds();
    int opaque = opaque_row(pixels, count, out);
    work.sourceBytes += (uint64_t)(count * 4);
    work.averagingNanoseconds += nanoseconds() - start;
    return opaque;
}

/* One group of four taps of one row: the 16 bytes of pixels t..t+3 in both 128-bit halves, each half's two
 * pixels spread by channel into 16-bit pairs (r0 r1 g0 g1 b0 b1 a0 a1; pixels t+2, t+3 above), multiplied by
 * the pairs of weights and added pairwise: four 32-bit channel sums per half. */
AVX2 static inline __m256i fixed_taps(const uint8_t *pixels, __m256i weights, __m256i spread) {
    __m256i both = _mm256_broadcastsi128_si256(_mm_loadu_si128((const __m128i *)pixels));
    return _mm256_madd_epi16(_mm256_shuffle_epi8(both, spread), weights);
}

/* The four channel sums of both halves, as Floats in the working range. */
AVX2 static inline void store_fixed(__m256i sum, __m128 scale, float *out) {
    __m128i four = _mm_add_epi32(_mm256_castsi256_si128(sum), _mm256_extracti128_si256(sum, 1));
    _mm_storeu_ps(out, _mm_mul_ps(_mm_cvtepi32_ps(four), scale));
}

/* Two outputs' channel sums (each the two halves of its vector added), as Floats in the working range: the
 * halves of both gathered by two lane permutations, so one conversion and one store serve both. */
AVX2 static inline void store_fixed_two(__m256i first, __m256i second, __m256 scale, float *out) {
    __m256i sums = _mm256_add_epi32(_mm256_permute2x128_si256(first, second, 0x20),
                                    _mm256_permute2x128_si256(first, second, 0x31));
    _mm256_storeu_ps(out, _mm256_mul_ps(_mm256_cvtepi32_ps(sums), scale));
}

/* Output x's window over the upper row (and the lower one, when there is one) into *sumA (and *sumB). */
AVX2 static inline ptrdiff_t fixed_window(const uint8_t *upper, const uint8_t *lower, const int16_t *w,
                                          ptrdiff_t offset, ptrdiff_t groups, __m256i spread, __m256i *sumA,
                                          __m256i *sumB) {
    const uint8_t *a = upper + offset;
    __m256i totalA = _mm256_setzero_si256(), totalB = totalA;
    if (lower) {
        const uint8_t *b = lower + offset;
        for (ptrdiff_t g = 0; g < groups; g++) {
            __m256i weights = _mm256_loadu_si256((const __m256i *)(w + g * 16));
            totalA = _mm256_add_epi32(totalA, fixed_taps(a + g * 16, weights, spread));
            totalB = _mm256_add_epi32(totalB, fixed_taps(b + g * 16, weights, spread));
        }
    } else {
        for (ptrdiff_t g = 0; g < groups; g++)
            totalA = _mm256_add_epi32(
                totalA, fixed_taps(a + g * 16, _mm256_loadu_si256((const __m256i *)(w + g * 16)), spread));
    }
    *sumA = totalA;
    *sumB = totalB;
    return groups;
}

AVX2 void ck_filter_rows_fixed_avx2(const uint8_t *upper, const uint8_t *lower, const int16_t *fixed,
                                    ptrdiff_t stride, int bits, const ptrdiff_t *starts, ptrdiff_t first,
                                    const ptrdiff_t *counts, ptrdiff_t outputs, float *upperOut, float *lowerOut) {
    const __m256i spread = _mm256_setr_epi8(0, -1, 4, -1, 1, -1, 5, -1, 2, -1, 6, -1, 3, -1, 7, -1, 8, -1, 12, -1,
                                            9, -1, 13, -1, 10, -1, 14, -1, 11, -1, 15, -1);
    const __m128 scale = _mm_set1_ps(1.0f / (float)(1 << bits));
    const __m256 scales = _mm256_set1_ps(1.0f / (float)(1 << bits));
    ptrdiff_t windowSize = (stride + 3) / 4 * 16;
    uint64_t groupCount = 0, start = counting ? nanoseconds() : 0;
    ptrdiff_t x = 0;
    /* Two outputs at a time, sharing the conversion and the store. */
    for (; x + 2 <= outputs; x += 2) {
        __m256i a0, b0, a1, b1;
        groupCount += (uint64_t)fixed_window(upper, lower, fixed + x * windowSize, (starts[x] - first) * 4,
                                             (counts[x] + 3) / 4, spread, &a0, &b0);
        groupCount += (uint64_t)fixed_window(upper, lower, fixed + (x + 1) * windowSize,
                                             (starts[x + 1] - first) * 4, (counts[x + 1] + 3) / 4, spread, &a1, &b1);
        store_fixed_two(a0, a1, scales, upperOut + x * 4);
        if (lower) store_fixed_two(b0, b1, scales, lowerOut + x * 4);
    }
    if (x < outputs) {
        __m256i a, b;
        groupCount += (uint64_t)fixed_window(upper, lower, fixed + x * windowSize, (starts[x] - first) * 4,
                                             (counts[x] + 3) / 4, spread, &a, &b);
        store_fixed(a, scale, upperOut + x * 4);
        if (lower) store_fixed(b, scale, lowerOut + x * 4);
    }
    if (!counting) return;
    uint64_t rows = lower ? 2 : 1;
    work.multiplyAdds += groupCount * 16 * rows;
    work.fixedMultiplyAdds += groupCount * 16 * rows;
    work.filterBytes += groupCount * (16 * rows + 32);
    work.filterNanoseconds += nanoseconds() - start;
}

/* Each colour lane at most the pixel's alpha, alpha in 0...255, nothing below 0; an alpha within
 * CK_OPAQUE_SNAP of 255 is 255 (see CImagingKernels.h). */
AVX2 static inline __m256 valid_premultiplied(__m256 sum) {
    const __m256 full = _mm256_set1_ps(255.0f);
    __m256 alpha = _mm256_permute_ps(sum, _MM_SHUFFLE(3, 3, 3, 3));
    alpha = _mm256_min_ps(_mm256_max_ps(alpha, _mm256_setzero_ps()), full);
    alpha = _mm256_blendv_ps(alpha, full, _mm256_cmp_ps(alpha, _mm256_set1_ps(255.0f - CK_OPAQUE_SNAP), _CMP_GE_OQ));
    return _mm256_blend_ps(_mm256_min_ps(_mm256_max_ps(sum, _mm256_setzero_ps()), alpha), alpha, 0x88);
}

AVX2 void ck_sum_rows_avx2(const float *rows, ptrdiff_t width, const float *weights, ptrdiff_t stride,
                           const ptrdiff_t *starts, ptrdiff_t firstRow, const ptrdiff_t *counts, ptrdiff_t height,
                           const ptrdiff_t *spans, float *out) {
    const ptrdiff_t lineFloats = width * 4;
    uint64_t start = counting ? nanoseconds() : 0;
    for (ptrdiff_t y = 0; y < height; y++) {
        ptrdiff_t low = spans ? spans[2 * y] : 0, high = spans ? spans[2 * y + 1] : width;
        if (high <= low) continue;
        const ptrdiff_t rowFloats = (high - low) * 4;
        const float *taps = weights + y * stride;
        const float *first = rows + (starts[y] - firstRow) * lineFloats + low * 4;
        float *target = out + y * lineFloats + low * 4;
        ptrdiff_t count = counts[y], i = 0;
        if (counting) {
            work.multiplyAdds += (uint64_t)(count * rowFloats);
            work.filterBytes += (uint64_t)(count * (rowFloats * 4 + (rowFloats + 31) / 32 * 4));
            work.outputPixels += (uint64_t)(high - low);
        }
        /* Eight pixels at a time down their columns, in registers: each weight broadcast once per eight. */
        for (; i + 32 <= rowFloats; i += 32) {
            __m256 s0 = _mm256_setzero_ps(), s1 = s0, s2 = s0, s3 = s0;
            const float *pixel = first + i;
            for (ptrdiff_t tap = 0; tap < count; tap++, pixel += lineFloats) {
                __m256 w = _mm256_broadcast_ss(taps + tap);
                s0 = _mm256_fmadd_ps(w, _mm256_loadu_ps(pixel), s0);
                s1 = _mm256_fmadd_ps(w, _mm256_loadu_ps(pixel + 8), s1);
                s2 = _mm256_fmadd_ps(w, _mm256_loadu_ps(pixel + 16), s2);
                s3 = _mm256_fmadd_ps(w, _mm256_loadu_ps(pixel + 24), s3);
            }
            _mm256_storeu_ps(target + i, valid_premultiplied(s0));
            _mm256_storeu_ps(target + i + 8, valid_premultiplied(s1));
            _mm256_storeu_ps(target + i + 16, valid_premultiplied(s2));
            _mm256_storeu_ps(target + i + 24, valid_premultiplied(s3));
        }
        for (; i + 8 <= rowFloats; i += 8) {
            __m256 s = _mm256_setzero_ps();
            const float *pixel = first + i;
            for (ptrdiff_t tap = 0; tap < count; tap++, pixel += lineFloats)
                s = _mm256_fmadd_ps(_mm256_broadcast_ss(taps + tap), _mm256_loadu_ps(pixel), s);
            _mm256_storeu_ps(target + i, valid_premultiplied(s));
        }
        if (i < rowFloats) {
            /* The last pixel of an odd width: a 128-bit vector. */
            __m128 s = _mm_setzero_ps();
            const float *pixel = first + i;
            for (ptrdiff_t tap = 0; tap < count; tap++, pixel += lineFloats)
                s = _mm_fmadd_ps(_mm_broadcast_ss(taps + tap), _mm_loadu_ps(pixel), s);
            __m256 clamped = valid_premultiplied(_mm256_castps128_ps256(s));
            _mm_storeu_ps(target + i, _mm256_castps256_ps128(clamped));
        }
    }
    if (counting) work.filterNanoseconds += nanoseconds() - start;
}

AVX2 static int opaque_block_averages(const uint8_t *pixels, ptrdiff_t rowBytes, ptrdiff_t rows, ptrdiff_t columns,
                                      ptrdiff_t blockWidth, uint16_t *sums, float *out) {
    const __m256i alpha = _mm256_set1_epi32((int)0xff000000);
    ptrdiff_t bytes = columns * 4, whole = bytes / 32 * 32;
    for (ptrdiff_t row = 0; row < rows; row++) {
        const uint8_t *line = pixels + row * rowBytes;
        __m256i all = _mm256_set1_epi8(-1);
        ptrdiff_t i = 0;
        for (; i < whole; i += 32) {
            __m256i chunk = _mm256_loadu_si256((const __m256i *)(line + i));
            all = _mm256_and_si256(all, chunk);
            __m256i low = _mm256_cvtepu8_epi16(_mm256_castsi256_si128(chunk));
            __m256i high = _mm256_cvtepu8_epi16(_mm256_extracti128_si256(chunk, 1));
            if (row > 0) {
                low = _mm256_add_epi16(low, _mm256_loadu_si256((const __m256i *)(sums + i)));
                high = _mm256_add_epi16(high, _mm256_loadu_si256((const __m256i *)(sums + i + 16)));
            }
            _mm256_storeu_si256((__m256i *)(sums + i), low);
            _mm256_storeu_si256((__m256i *)(sums + i + 16), high);
        }
        if (!_mm256_testc_si256(all, alpha)) return 0;
        for (; i < bytes; i += 4) {
            if (line[i + 3] != 255) return 0;
            for (int lane = 0; lane < 4; lane++)
                sums[i + lane] = (uint16_t)((row > 0 ? sums[i + lane] : 0) + line[i + lane]);
        }
    }
    const float fullShare = 1.0f / (float)(rows * blockWidth);
    if (blockWidth == 1) {
        const __m256 share = _mm256_set1_ps(fullShare);
        ptrdiff_t column = 0;
        for (; column + 2 <= columns; column += 2) {
            __m128i two = _mm_loadu_si128((const __m128i *)(sums + column * 4));
            __m256 value = _mm256_cvtepi32_ps(_mm256_cvtepu16_epi32(two));
            _mm256_storeu_ps(out + column * 4, _mm256_mul_ps(value, share));
        }
        if (column < columns) {
            __m128i one = _mm_loadl_epi64((const __m128i *)(sums + column * 4));
            _mm_storeu_ps(out + column * 4, _mm_mul_ps(_mm_cvtepi32_ps(_mm_cvtepu16_epi32(one)), _mm_set1_ps(fullShare)));
        }
        return 1;
    }
    for (ptrdiff_t column = 0, block = 0; column < columns; block++) {
        ptrdiff_t end = column + blockWidth < columns ? column + blockWidth : columns;
        float share = end - column == blockWidth ? fullShare : 1.0f / (float)(rows * (end - column));
        __m128i sum = _mm_setzero_si128();
        for (; column < end; column++)
            sum = _mm_add_epi32(sum, _mm_cvtepu16_epi32(_mm_loadl_epi64((const __m128i *)(sums + column * 4))));
        _mm_storeu_ps(out + block * 4, _mm_mul_ps(_mm_cvtepi32_ps(sum), _mm_set1_ps(share)));
    }
    return 1;
}

/* Blocks two pixels wide (WeChat's 2x2 from 512 px sources): eight pixels of every row summed in registers, pairs
 * added within each 128-bit lane, four blocks converted at a time, without the column sums' round trip through
 * memory; the rest of the row (fewer than eight pixels) by the general loop. The same integer sums and Float
 * operations as it. At most 128 rows, so that a block's sums fit 16 bits. */
AVX2 static int opaque_pair_averages(const uint8_t *pixels, ptrdiff_t rowBytes, ptrdiff_t rows, ptrdiff_t columns,
                                     uint16_t *sums, float *out) {
    const __m256i alpha = _mm256_set1_epi32((int)0xff000000);
    const __m256 share = _mm256_set1_ps(1.0f / (float)(rows * 2));
    ptrdiff_t whole = columns / 8 * 8;
    __m256i all = _mm256_set1_epi8(-1);
    for (ptrdiff_t column = 0; column < whole; column += 8) {
        __m256i low = _mm256_setzero_si256(), high = low;
        for (ptrdiff_t row = 0; row < rows; row++) {
            __m256i chunk = _mm256_loadu_si256((const __m256i *)(pixels + row * rowBytes + column * 4));
            all = _mm256_and_si256(all, chunk);
            low = _mm256_add_epi16(low, _mm256_cvtepu8_epi16(_mm256_castsi256_si128(chunk)));
            high = _mm256_add_epi16(high, _mm256_cvtepu8_epi16(_mm256_extracti128_si256(chunk, 1)));
        }
        /* Each 128-bit lane holds two pixels' sums; its low half gets their block's. */
        low = _mm256_add_epi16(low, _mm256_bsrli_epi128(low, 8));
        high = _mm256_add_epi16(high, _mm256_bsrli_epi128(high, 8));
        __m128i first = _mm256_castsi256_si128(_mm256_permute4x64_epi64(low, 0x08));
        __m128i second = _mm256_castsi256_si128(_mm256_permute4x64_epi64(high, 0x08));
        float *target = out + column / 2 * 4;
        _mm256_storeu_ps(target, _mm256_mul_ps(_mm256_cvtepi32_ps(_mm256_cvtepu16_epi32(first)), share));
        _mm256_storeu_ps(target + 8, _mm256_mul_ps(_mm256_cvtepi32_ps(_mm256_cvtepu16_epi32(second)), share));
    }
    if (!_mm256_testc_si256(all, alpha)) return 0;
    if (whole == columns) return 1;
    return opaque_block_averages(pixels + whole * 4, rowBytes, rows, columns - whole, 2, sums, out + whole / 2 * 4);
}

AVX2 static int block_averages(const uint8_t *pixels, ptrdiff_t rowBytes, ptrdiff_t rows, ptrdiff_t columns,
                               ptrdiff_t blockWidth, uint16_t *sums, float *out) {
    if (blockWidth == 2 && rows <= 128) return opaque_pair_averages(pixels, rowBytes, rows, columns, sums, out);
    return opaque_block_averages(pixels, rowBytes, rows, columns, blockWidth, sums, out);
}

AVX2 int ck_opaque_block_averages_avx2(const uint8_t *pixels, ptrdiff_t rowBytes, ptrdiff_t rows,
                                       ptrdiff_t columns, ptrdiff_t blockWidth, uint16_t *sums, float *out) {
    if (!counting) return block_averages(pixels, rowBytes, rows, columns, blockWidth, sums, out);
    uint64_t start = nanoseconds();
    int opaque = block_averages(pixels, rowBytes, rows, columns, blockWidth, sums, out);
    work.sourceBytes += (uint64_t)(rows * columns * 4);
    work.averagingNanoseconds += nanoseconds() - start;
    return opaque;
}

/* One pixel of ck_paint_row_avx2, as Compositor.paint's Swift loop. Products and sums are separate statements,
 * so that no multiply-add is fused (Swift rounds each operation; a fused one would differ in the last bit). */
static inline void paint_pixel(float *layer, float *claimed, const float *color, float amount) {
    if (!(amount > 0)) return;
    float free = 1 - *claimed;
    if (amount <= free) {
        for (int k = 0; k < 4; k++) {
            float product = color[k] * amount;
            layer[k] += product;
        }
        *claimed += amount;
        return;
    }
    float overlap = amount - (free > 0 ? free : 0);
    float covered = (overlap / *claimed) * (color[3] / 255);
    for (int k = 0; k < 4; k++) {
        float kept = layer[k] * (1 - covered);
        float product = color[k] * amount;
        layer[k] = kept + product;
    }
    *claimed = 1;
}

/* Two pixels of ck_paint_row_avx2: in one vector where both fit in what is unclaimed (a coverage of 0 adds
 * nothing either way), else each as the Swift loop. */
AVX2 static inline void paint_pair(float *layer, float *claimed, const float *source, const float *coverage) {
    float a0 = coverage[0], a1 = coverage[1];
    if (a0 >= 0 && a1 >= 0 && a0 <= 1 - claimed[0] && a1 <= 1 - claimed[1]) {
        __m256 amount = _mm256_set_m128(_mm_set1_ps(a1), _mm_set1_ps(a0));
        __m256 sum = _mm256_add_ps(_mm256_loadu_ps(layer), _mm256_mul_ps(_mm256_loadu_ps(source), amount));
        _mm256_storeu_ps(layer, sum);
        claimed[0] += a0;
        claimed[1] += a1;
        return;
    }
    paint_pixel(layer, claimed, source, a0);
    paint_pixel(layer + 4, claimed + 1, source + 4, a1);
}

AVX2 void ck_paint_row_avx2(float *layer, float *claimed, const float *source, const float *coverage,
                            ptrdiff_t count) {
    const __m256 one = _mm256_set1_ps(1.0f), zero = _mm256_setzero_ps();
    /* Each pair's amounts spread over its two pixels' four lanes. */
    const __m256i pairs[4] = {_mm256_setr_epi32(0, 0, 0, 0, 1, 1, 1, 1), _mm256_setr_epi32(2, 2, 2, 2, 3, 3, 3, 3),
                              _mm256_setr_epi32(4, 4, 4, 4, 5, 5, 5, 5), _mm256_setr_epi32(6, 6, 6, 6, 7, 7, 7, 7)};
    ptrdiff_t i = 0;
    /* Eight pixels at a time where all fit in what is unclaimed, nearly every pixel of a tile: paint_pair's
     * vector step on four pairs at once (the same products and sums, so the same bits). */
    for (; i + 8 <= count; i += 8) {
        __m256 amounts = _mm256_loadu_ps(coverage + i), taken = _mm256_loadu_ps(claimed + i);
        __m256 fits = _mm256_and_ps(_mm256_cmp_ps(amounts, zero, _CMP_GE_OQ),
                                    _mm256_cmp_ps(amounts, _mm256_sub_ps(one, taken), _CMP_LE_OQ));
        if (_mm256_movemask_ps(fits) != 0xff) {
            for (ptrdiff_t k = i; k < i + 8; k += 2)
                paint_pair(layer + k * 4, claimed + k, source + k * 4, coverage + k);
            continue;
        }
        for (int pair = 0; pair < 4; pair++) {
            float *target = layer + (i + 2 * pair) * 4;
            __m256 product = _mm256_mul_ps(_mm256_loadu_ps(source + (i + 2 * pair) * 4),
                                           _mm256_permutevar8x32_ps(amounts, pairs[pair]));
            _mm256_storeu_ps(target, _mm256_add_ps(_mm256_loadu_ps(target), product));
        }
        _mm256_storeu_ps(claimed + i, _mm256_add_ps(taken, amounts));
    }
    for (; i + 2 <= count; i += 2) paint_pair(layer + i * 4, claimed + i, source + i * 4, coverage + i);
    if (i < count) paint_pixel(layer + i * 4, claimed + i, source + i * 4, coverage[i]);
}

/* Over the background, clipped, straightened and rounded: two pixels per vector.
 *
 * The two divisions are most of this pass's time where they run (a vector division takes several cycles), and
 * nearly every pixel needs neither: a layer alpha of 0 or 255 gives the background's share exactly (1 or 0,
 * as 0 / 255 and 255 / 255 are exact), and a result alpha of 0 or at least 255 is not straightened. Each is
 * skipped when no lane of the pair needs it, so the bytes are those of the divisions, bit for bit. */
AVX2 static inline __m256 finish(__m256 pixel, __m256 background, __m256 clip) {
    const __m256 one = _mm256_set1_ps(1.0f), full = _mm256_set1_ps(255.0f), zero = _mm256_setzero_ps();
    __m256 layerAlpha = _mm256_permute_ps(pixel, 0xff);
    __m256 exact = _mm256_or_ps(_mm256_cmp_ps(layerAlpha, zero, _CMP_EQ_OQ), _mm256_cmp_ps(layerAlpha, full, _CMP_EQ_OQ));
    __m256 share = _mm256_movemask_ps(exact) == 0xff
                       ? _mm256_and_ps(_mm256_cmp_ps(layerAlpha, zero, _CMP_EQ_OQ), one)
                       : _mm256_sub_ps(one, _mm256_div_ps(layerAlpha, full));
    __m256 p = _mm256_mul_ps(_mm256_add_ps(pixel, _mm256_mul_ps(background, share)), clip);
    __m256 alpha = _mm256_permute_ps(p, 0xff);
    __m256 opaque = _mm256_cmp_ps(alpha, full, _CMP_GE_OQ);
    __m256 kept = _mm256_or_ps(opaque, _mm256_cmp_ps(alpha, zero, _CMP_LE_OQ));
    /* Translucent: colour times 255 / alpha, alpha kept; opaque (alpha at least 255): as it is; both at most 255.
     * Lanes of alpha 0 or less are cleared below whatever they hold. */
    __m256 straight = _mm256_movemask_ps(kept) == 0xff
                          ? p
                          : _mm256_blend_ps(_mm256_mul_ps(p, _mm256_div_ps(full, alpha)), alpha, 0x88);
    __m256 chosen = _mm256_blendv_ps(straight, p, opaque);
    chosen = _mm256_min_ps(chosen, full);
    chosen = _mm256_and_ps(chosen, _mm256_cmp_ps(alpha, zero, _CMP_GT_OQ));
    return _mm256_floor_ps(_mm256_add_ps(chosen, _mm256_set1_ps(0.5f)));
}

/* Two pixels' rounded values (8 Floats in 0 ... 255.5) as their 8 bytes. */
AVX2 static inline void store_pair(__m256 values, uint8_t *out) {
    __m256i ints = _mm256_cvttps_epi32(values);
    __m128i words = _mm_packus_epi32(_mm256_castsi256_si128(ints), _mm256_extracti128_si256(ints, 1));
    _mm_storel_epi64((__m128i *)out, _mm_packus_epi16(words, words));
}

/* Eight pixels' rounded values (four vectors of two pixels, each Float in 0 ... 255.5) as their 32 bytes:
 * store_pair's conversions on all four at once. The packs work within each 128-bit half, which leaves the
 * pixels in the order 0 2 4 6 1 3 5 7; one permutation puts them back. */
AVX2 static inline void store_eight(const __m256 values[4], uint8_t *out) {
    __m256i low = _mm256_packus_epi32(_mm256_cvttps_epi32(values[0]), _mm256_cvttps_epi32(values[1]));
    __m256i high = _mm256_packus_epi32(_mm256_cvttps_epi32(values[2]), _mm256_cvttps_epi32(values[3]));
    __m256i bytes = _mm256_packus_epi16(low, high);
    bytes = _mm256_permutevar8x32_epi32(bytes, _mm256_setr_epi32(0, 4, 1, 5, 2, 6, 3, 7));
    _mm256_storeu_si256((__m256i *)out, bytes);
}

AVX2 void ck_finish_avx2(const float *layer, const float *clip, const float *background, ptrdiff_t count,
                         uint8_t *out) {
    __m128 one = _mm_loadu_ps(background);
    __m256 bg = _mm256_set_m128(one, one);
    const __m256 full = _mm256_set1_ps(255.0f), half = _mm256_set1_ps(0.5f), unclipped = _mm256_set1_ps(1.0f);
    ptrdiff_t i = 0;
    /* Eight pixels at a time where all are unclipped and each is opaque or clear in the layer (a tile's inside or
     * a gap), over an opaque background, most of a composite: there finish() comes to the colour plus the
     * background where the layer is clear, capped and rounded (a share of exactly 1 or 0, a clip of 1, an alpha
     * of at least 255 kept as it is), so only those steps are taken, in finish()'s order: the same bytes. */
    const __m256 zero = _mm256_setzero_ps();
    const int opaqueBackground = background[3] >= 255.0f;
    for (; i + 8 <= count; i += 8) {
        const float *pixels = layer + i * 4;
        __m256 p[4], clear[4];
        __m256 exact = _mm256_cmp_ps(_mm256_loadu_ps(clip + i), unclipped, _CMP_EQ_OQ);
        for (int k = 0; k < 4; k++) {
            p[k] = _mm256_loadu_ps(pixels + 8 * k);
            __m256 alpha = _mm256_permute_ps(p[k], 0xff);
            clear[k] = _mm256_cmp_ps(alpha, zero, _CMP_EQ_OQ);
            /* Each pixel's alpha is in all four of its lanes, and each clip in one lane of its own: an AND of
             * all eight lanes asks both of every pixel. */
            exact = _mm256_and_ps(exact, _mm256_or_ps(clear[k], _mm256_cmp_ps(alpha, full, _CMP_EQ_OQ)));
        }
        if (opaqueBackground && _mm256_movemask_ps(exact) == 0xff) {
            __m256 rounded[4];
            for (int k = 0; k < 4; k++) {
                __m256 over = _mm256_add_ps(p[k], _mm256_mul_ps(bg, _mm256_and_ps(clear[k], unclipped)));
                rounded[k] = _mm256_floor_ps(_mm256_add_ps(_mm256_min_ps(over, full), half));
            }
            store_eight(rounded, out + i * 4);
            continue;
        }
        for (ptrdiff_t j = i; j < i + 8; j += 2) {
            __m256 c = _mm256_set_m128(_mm_set1_ps(clip[j + 1]), _mm_set1_ps(clip[j]));
            store_pair(finish(_mm256_loadu_ps(layer + j * 4), bg, c), out + j * 4);
        }
    }
    for (; i + 2 <= count; i += 2) {
        __m256 c = _mm256_set_m128(_mm_set1_ps(clip[i + 1]), _mm_set1_ps(clip[i]));
        store_pair(finish(_mm256_loadu_ps(layer + i * 4), bg, c), out + i * 4);
    }
    if (i < count) {
        __m256 pixel = _mm256_castps128_ps256(_mm_loadu_ps(layer + i * 4));
        __m256i ints = _mm256_cvttps_epi32(finish(pixel, bg, _mm256_set1_ps(clip[i])));
        __m128i words = _mm_packus_epi32(_mm256_castsi256_si128(ints), _mm256_castsi256_si128(ints));
        int32_t bytes = _mm_cvtsi128_si32(_mm_packus_epi16(words, words));
        memcpy(out + i * 4, &bytes, 4);
    }
}

#else

int ck_has_avx2_fma(void) { return 0; }

int ck_opaque_row_avx2(const uint8_t *pixels, ptrdiff_t count, uint8_t *out) {
    (void)pixels, (void)count, (void)out;
    return 0;
}

void ck_filter_rows_fixed_avx2(const uint8_t *upper, const uint8_t *lower, const int16_t *fixed, ptrdiff_t stride,
                               int bits, const ptrdiff_t *starts, ptrdiff_t first, const ptrdiff_t *counts,
                               ptrdiff_t outputs, float *upperOut, float *lowerOut) {
    (void)upper, (void)lower, (void)fixed, (void)stride, (void)bits, (void)starts, (void)first, (void)counts;
    (void)outputs, (void)upperOut, (void)lowerOut;
}

void ck_finish_avx2(const float *layer, const float *clip, const float *background, ptrdiff_t count,
                    uint8_t *out) {
    (void)layer, (void)clip, (void)background, (void)count, (void)out;
}

void ck_paint_row_avx2(float *layer, float *claimed, const float *source, const float *coverage,
                       ptrdiff_t count) {
    (void)layer, (void)claimed, (void)source, (void)coverage, (void)count;
}

int ck_opaque_block_averages_avx2(const uint8_t *pixels, ptrdiff_t rowBytes, ptrdiff_t rows, ptrdiff_t columns,
                                  ptrdiff_t blockWidth, uint16_t *sums, float *out) {
    (void)pixels, (void)rowBytes, (void)rows, (void)columns, (void)blockWidth, (void)sums, (void)out;
    return 0;
}

/* Never called where ck_has_avx2_fma() is 0. */
void ck_filter_rows_avx2(const float *upper, const float *lower, const float *expanded, ptrdiff_t stride,
                         const ptrdiff_t *starts, ptrdiff_t first, const ptrdiff_t *counts, ptrdiff_t outputs, float *upperOut,
                         float *lowerOut) {
    (void)upper, (void)lower, (void)expanded, (void)stride, (void)starts, (void)first, (void)counts, (void)outputs;
    (void)upperOut, (void)lowerOut;
}

void ck_sum_rows_avx2(const float *rows, ptrdiff_t width, const float *weights, ptrdiff_t stride,
                      const ptrdiff_t *starts, ptrdiff_t firstRow, const ptrdiff_t *counts, ptrdiff_t height,
                      const ptrdiff_t *spans, float *out) {
    (void)rows, (void)width, (void)weights, (void)stride, (void)starts, (void)firstRow, (void)counts;
    (void)height, (void)spans, (void)out;
}

#endif
