#include <png.h>

/* Swift does not import PNG_FORMAT_RGBA (a macro built from other macros): re-export it as a constant. */
static const png_uint_32 CPNG_FORMAT_RGBA = PNG_FORMAT_RGBA;
