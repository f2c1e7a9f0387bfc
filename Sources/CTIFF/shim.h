#include <stdarg.h>
#include <stdio.h>
#include <tiffio.h>

/* TIFFGetField is variadic, which Swift cannot call: one typed accessor per field shape used. */
static inline int ctiff_get_uint32(TIFF *tif, uint32_t tag, uint32_t *value) {
    return TIFFGetField(tif, tag, value);
}
static inline int ctiff_get_uint16(TIFF *tif, uint32_t tag, uint16_t *value) {
    return TIFFGetField(tif, tag, value);
}
/* TIFFTAG_ICCPROFILE: a byte count and a pointer into libtiff's copy. */
static inline int ctiff_get_icc_profile(TIFF *tif, uint32_t *count, void **data) {
    return TIFFGetField(tif, TIFFTAG_ICCPROFILE, count, data);
}
/* TIFFTAG_EXTRASAMPLES: a count and a pointer to libtiff's array of kinds. */
static inline int ctiff_get_extra_samples(TIFF *tif, uint16_t *count, uint16_t **kinds) {
    return TIFFGetField(tif, TIFFTAG_EXTRASAMPLES, count, kinds);
}
/* libtiff reports through printf-style handlers; this one keeps the first message in `user_data`
   (a 256-byte buffer) and stops libtiff printing to stderr. */
static inline int ctiff_keep_message(TIFF *tif, void *user_data, const char *module, const char *fmt, va_list ap) {
    (void)tif; (void)module;
    char *buffer = (char *)user_data;
    if (buffer != NULL && buffer[0] == 0) vsnprintf(buffer, 256, fmt, ap);
    return 1;
}
static inline int ctiff_ignore_message(TIFF *tif, void *user_data, const char *module, const char *fmt, va_list ap) {
    (void)tif; (void)user_data; (void)module; (void)fmt; (void)ap;
    return 1;
}
/* Installs both handlers: the first error message goes to `buffer` (256 bytes), warnings are dropped. */
static inline void ctiff_set_message_handlers(TIFFOpenOptions *options, char *buffer) {
    TIFFOpenOptionsSetErrorHandlerExtR(options, ctiff_keep_message, buffer);
    TIFFOpenOptionsSetWarningHandlerExtR(options, ctiff_ignore_message, NULL);
}
