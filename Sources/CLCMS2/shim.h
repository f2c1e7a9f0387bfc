#include <lcms2.h>

/* The pixel-format macros are built from other macros, which Swift does not import. */
static const cmsUInt32Number CLCMS2_TYPE_RGBA_8 = TYPE_RGBA_8;
static const cmsUInt32Number CLCMS2_TYPE_CMYK_8 = TYPE_CMYK_8;
static const cmsUInt32Number CLCMS2_TYPE_CMYK_8_REV = TYPE_CMYK_8_REV;
static const cmsUInt32Number CLCMS2_TYPE_GRAYA_8 = TYPE_GRAYA_8;
static const cmsUInt32Number CLCMS2_TYPE_RGBA_16 = TYPE_RGBA_16;
static const cmsUInt32Number CLCMS2_TYPE_CMYK_16 = TYPE_CMYK_16;
static const cmsUInt32Number CLCMS2_TYPE_GRAY_8 = TYPE_GRAY_8;
static const cmsUInt32Number CLCMS2_TYPE_GRAY_16 = TYPE_GRAY_16;
static const cmsUInt32Number CLCMS2_TYPE_RGB_8 = TYPE_RGB_8;
static const cmsUInt32Number CLCMS2_TYPE_RGB_16 = TYPE_RGB_16;
