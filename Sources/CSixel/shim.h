#include <sixel/sixel.h>

/* Swift does not import function-like macros nor macros built from other macros: re-export what the encoder
   needs as constants and an inline function. */
static const int CSIXEL_PIXELFORMAT_RGB888 = SIXEL_PIXELFORMAT_RGB888;
static inline int csixel_succeeded(SIXELSTATUS status) { return SIXEL_SUCCEEDED(status); }
