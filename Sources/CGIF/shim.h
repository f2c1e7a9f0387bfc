#include <gif_lib.h>

/* giflib's version is only in macros; Swift imports these plain integers. */
static const int CGIF_VERSION_MAJOR = GIFLIB_MAJOR;
static const int CGIF_VERSION_MINOR = GIFLIB_MINOR;
static const int CGIF_VERSION_RELEASE = GIFLIB_RELEASE;
