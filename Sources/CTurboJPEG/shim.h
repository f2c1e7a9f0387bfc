#include <stddef.h>
#include <turbojpeg.h>
#include <jconfig.h>

/* The libjpeg-turbo version the headers belong to (TurboJPEG has no version call). */
static const int CTURBOJPEG_VERSION_NUMBER = LIBJPEG_TURBO_VERSION_NUMBER;
