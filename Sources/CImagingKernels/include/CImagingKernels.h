// The resampler's inner loops in C, for what Swift cannot express: 256-bit AVX2 vectors with fused
// multiply-adds in functions compiled for that instruction set alone (`__attribute__((target))`), chosen at run
// time, so that the package still builds for baseline x86-64 and runs on a CPU without AVX2 (Imaging's Swift
// loops are then used). Pixels are premultiplied RGBA Floats, four per pixel, as in `PremultipliedPixels`, but
// for the fixed-point horizontal pass, which reads opaque RGBA8 rows.
#ifndef CIMAGINGKERNELS_H
#define CIMAGINGKERNELS_H

#include <stddef.h>
#include <stdint.h>

/// What the AVX2 kernels did on this thread between `ck_work_start` and `ck_work_stop`, counted per call from
/// the loop bounds (not per instruction), for the benchmark's work per output pixel: lane multiply-adds executed
/// (one per tap and channel, zero-weighted padding taps included; a 16-bit product of `ck_filter_rows_fixed_avx2`
/// counts as one, so `_mm256_madd_epi16` counts 16 and a Float `_mm256_fmadd_ps` 8), of them the 16-bit ones,
/// bytes the filter passes loaded (pixels and weights as the kernels load them), source bytes the block averages
/// (or `ck_opaque_row_avx2`, where there are no blocks) read, pixels the vertical pass wrote, and the time spent
/// in the two filter passes and in reading the source (a clock read on entry and exit of each call).
typedef struct {
    uint64_t multiplyAdds;
    uint64_t fixedMultiplyAdds;
    uint64_t filterBytes;
    uint64_t sourceBytes;
    uint64_t outputPixels;
    uint64_t filterNanoseconds;
    uint64_t averagingNanoseconds;
} ck_work;

/// Starts counting on this thread, from 0.
void ck_work_start(void);

/// This thread's counts since `ck_work_start`; counting stops.
ck_work ck_work_stop(void);

/// 1 when this CPU and operating system run the AVX2 and FMA kernels below, else 0 (always 0 off x86-64).
int ck_has_avx2_fma(void);

/// The number of Floats `ck_expand_weights` writes for `outputs` windows of `stride` weights.
ptrdiff_t ck_expanded_weight_count(ptrdiff_t outputs, ptrdiff_t stride);

/// Spreads each window's weights into 8-Float pairs of taps (w0 ×4, w1 ×4), a window's odd last tap paired with
/// a weight of 0, `(stride + 1) / 2` pairs per window: what `ck_filter_rows_avx2` multiplies two pixels by.
void ck_expand_weights(const float *weights, ptrdiff_t stride, const ptrdiff_t *counts, ptrdiff_t outputs,
                       float *expanded);

/// Horizontal pass over one or two source rows (`lower` may be NULL): output `x` of each is the sum over
/// window `x` (from pixel `starts[x] - first`, `counts[x]` taps) of weight times pixel, written to `upperOut` /
/// `lowerOut`. A window with an odd count also reads the pixel after it (weighted 0): the rows must hold one
/// finite pixel past the last window.
void ck_filter_rows_avx2(const float *upper, const float *lower, const float *expanded, ptrdiff_t stride,
                         const ptrdiff_t *starts, ptrdiff_t first, const ptrdiff_t *counts, ptrdiff_t outputs, float *upperOut,
                         float *lowerOut);

/// The number of 16-bit weights `ck_fixed_weights` writes for `outputs` windows of `stride` weights.
ptrdiff_t ck_fixed_weight_count(ptrdiff_t outputs, ptrdiff_t stride);

/// Each window's weights (`stride` apart, `counts[x]` of them, each window summing to 1) in 16-bit fixed point,
/// as `ck_filter_rows_fixed_avx2` multiplies them: `(stride + 3) / 4` groups of four taps per window, each group
/// 16 values (w0 w1 four times, then w2 w3 four times), taps past the window 0. Every window's integers sum to
/// exactly `1 << bits` (the rounding remainder goes to its largest tap, as Pillow does), so a flat area stays
/// exactly flat. Returns `bits`, the fractional bits: 15, or fewer where a weight would not fit 16 bits; 0 when
/// not even 12 fit (then the Float kernel must be used).
int ck_fixed_weights(const float *weights, ptrdiff_t stride, const ptrdiff_t *counts, ptrdiff_t outputs,
                     int16_t *fixed);

/// Copies `count` RGBA8 pixels from `pixels` to `out` and zeroes the 3 pixels after them (`out` holds
/// `count + 3`), the padding `ck_filter_rows_fixed_avx2` reads past the last window; 1 when every copied pixel
/// is opaque, else 0 (the copy may then be partial).
int ck_opaque_row_avx2(const uint8_t *pixels, ptrdiff_t count, uint8_t *out);

/// `ck_filter_rows_avx2` for opaque RGBA8 rows (`ck_opaque_row_avx2`; `lower` may be NULL), where premultiplied
/// equals straight: weights from `ck_fixed_weights` with `bits` fractional bits, four taps per 256-bit
/// `_mm256_madd_epi16` (each pixel's channels widened to 16 bits and paired with the next tap's), 32-bit sums,
/// written as Floats `sum / (1 << bits)` (no rounding between the passes). A window reads up to 3 pixels past
/// its end (weighted 0).
void ck_filter_rows_fixed_avx2(const uint8_t *upper, const uint8_t *lower, const int16_t *fixed, ptrdiff_t stride,
                               int bits, const ptrdiff_t *starts, ptrdiff_t first, const ptrdiff_t *counts,
                               ptrdiff_t outputs, float *upperOut, float *lowerOut);

/// How far below 255 a resampled alpha is taken as 255: the Float weights of a window sum to 1 only within a
/// few units in the last place, so an opaque photo's alpha comes out as 254.9998 as often as 255, which the last
/// pass must then divide by (and cannot take its opaque fast path). A real alpha this close to 255 rounds to 255
/// anyway; its straightened colour moves by under a thousandth of a level.
#define CK_OPAQUE_SNAP 0.00390625f /* 1/256 */

/// Vertical pass: output row `y` is the sum over rows `starts[y] - firstRow ..< + counts[y]` of `rows`
/// (each `width` pixels) weighted by `weights + y * stride`, clamped to a valid premultiplied colour (alpha in
/// 0...255, within `CK_OPAQUE_SNAP` of 255 made 255, each colour channel in 0...alpha), `height` rows of
/// `width` pixels into `out`. With `spans`, only pixels `spans[2y] ..< spans[2y + 1]` of row `y` are made (the
/// rest of `out` is not written, and only those columns of `rows` are read).
void ck_sum_rows_avx2(const float *rows, ptrdiff_t width, const float *weights, ptrdiff_t stride,
                      const ptrdiff_t *starts, ptrdiff_t firstRow, const ptrdiff_t *counts, ptrdiff_t height,
                      const ptrdiff_t *spans, float *out);

/// Block averages of an opaque source, one block row: `rows` rows (`rowBytes` apart) of `columns` RGBA8
/// pixels from `pixels`, summed down in `sums` (16-bit, `columns * 4` of them) and across in blocks of
/// `blockWidth` (the last one possibly narrower), each block's average written to `out` as 4 Floats. 0 as
/// soon as a row holds a pixel that is not opaque (`out` is then not written), else 1.
int ck_opaque_block_averages_avx2(const uint8_t *pixels, ptrdiff_t rowBytes, ptrdiff_t rows, ptrdiff_t columns,
                                  ptrdiff_t blockWidth, uint16_t *sums, float *out);

/// One row of a tile painted into the composite's layer: for each of `count` pixels, the premultiplied `source`
/// colour (4 Floats) times its `coverage` added to `layer` (4 Floats) where the tile's coverage fits in what
/// earlier tiles left unclaimed (`claimed`, raised by it), else laid over their share ("source over") with
/// `claimed` set to 1, as `Compositor`'s Swift loop does it, with the same Float operations. Eight pixels at a
/// time where all fit, else two per vector where both fit; the rest one by one.
void ck_paint_row_avx2(float *layer, float *claimed, const float *source, const float *coverage, ptrdiff_t count);

/// A composite's last pass over `count` premultiplied pixels of `layer`: each laid over the premultiplied
/// `background` (4 Floats), multiplied by its `clip` coverage, divided by its alpha and rounded half up to
/// straight RGBA bytes in `out`, as `Compositor` and `PremultipliedPixels.straightImage` do it in Swift, with
/// the same Float operations.
void ck_finish_avx2(const float *layer, const float *clip, const float *background, ptrdiff_t count,
                    uint8_t *out);

#endif
