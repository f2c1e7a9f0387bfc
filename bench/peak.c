/* This machine's limits for one core, for docs/PERFORMANCE.md's "Distance to the limit": single-precision
 * fused multiply-add throughput with 128-bit vectors (Swift's SIMD4<Float>, the resampler's and compositor's
 * working vector) and 256-bit ones (AVX2), and read bandwidth over a buffer the size of the nine decoded
 * 512 px sources (9 MiB) and over one far beyond any cache (256 MiB). Prints JSON.
 *
 *   cc -O2 -mavx2 -mfma -o /tmp/peak bench/peak.c && taskset -c 0 /tmp/peak
 */
#include <immintrin.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static double now(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec + t.tv_nsec * 1e-9;
}

/* Twelve independent accumulators hide the FMA latency (4 cycles) on two pipes. Best of five. */
#define FMA_LOOP(type, set1, fmadd, add, lanes)                                                           \
    do {                                                                                                   \
        best = 0;                                                                                          \
        for (int run = 0; run < 5; run++) {                                                                \
            type a[12], m = set1(0.999999f), c = set1(1e-7f);                                             \
            for (int k = 0; k < 12; k++) a[k] = set1((float)k);                                            \
            double start = now();                                                                          \
            for (long i = 0; i < iterations; i++)                                                          \
                for (int k = 0; k < 12; k++) a[k] = fmadd(a[k], m, c);                                    \
            double seconds = now() - start;                                                                \
            type s = a[0];                                                                                 \
            for (int k = 1; k < 12; k++) s = add(s, a[k]);                                                 \
            float lanes_out[8];                                                                            \
            memcpy(lanes_out, &s, sizeof s);                                                               \
            sink += lanes_out[0];                                                                          \
            double rate = (double)iterations * 12 * (lanes) / seconds;                                     \
            if (rate > best) best = rate;                                                                  \
        }                                                                                                  \
    } while (0)

static double read_bandwidth(size_t bytes, int passes, float *sink) {
    float *buffer = aligned_alloc(64, bytes);
    for (size_t i = 0; i < bytes / sizeof(float); i++) buffer[i] = (float)(i & 1023);
    double best = 0;
    for (int run = 0; run < 5; run++) {
        __m256 s0 = _mm256_setzero_ps(), s1 = s0, s2 = s0, s3 = s0;
        double start = now();
        for (int p = 0; p < passes; p++)
            for (size_t i = 0; i < bytes / sizeof(float); i += 32) {
                s0 = _mm256_add_ps(s0, _mm256_load_ps(buffer + i));
                s1 = _mm256_add_ps(s1, _mm256_load_ps(buffer + i + 8));
                s2 = _mm256_add_ps(s2, _mm256_load_ps(buffer + i + 16));
                s3 = _mm256_add_ps(s3, _mm256_load_ps(buffer + i + 24));
            }
        double seconds = now() - start;
        float out[8];
        _mm256_storeu_ps(out, _mm256_add_ps(_mm256_add_ps(s0, s1), _mm256_add_ps(s2, s3)));
        *sink += out[0];
        double rate = (double)bytes * passes / seconds;
        if (rate > best) best = rate;
    }
    free(buffer);
    return best;
}

int main(void) {
    const long iterations = 20000000;
    volatile float sink = 0;
    double best, fma128, fma256;
    FMA_LOOP(__m128, _mm_set1_ps, _mm_fmadd_ps, _mm_add_ps, 4);
    fma128 = best;
    FMA_LOOP(__m256, _mm256_set1_ps, _mm256_fmadd_ps, _mm256_add_ps, 8);
    fma256 = best;
    float s = 0;
    double l3 = read_bandwidth((size_t)9 << 20, 20, &s);
    double dram = read_bandwidth((size_t)256 << 20, 2, &s);
    sink += s;
    printf("{\"fma_per_second_128bit\": %.4g, \"fma_per_second_256bit\": %.4g, "
           "\"read_bytes_per_second_9MiB\": %.4g, \"read_bytes_per_second_256MiB\": %.4g}\n",
           fma128, fma256, l3, dram);
    return sink == 12345.0f ? 1 : 0;
}
