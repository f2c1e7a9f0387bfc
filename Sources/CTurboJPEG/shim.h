#include <stddef.h>
#include <turbojpeg.h>
/* LIBJPEG_TURBO_VERSION_NUMBER, the only version TurboJPEG offers (it has no version call). */
#include <jconfig.h>
