#include <ft2build.h>
#include FT_FREETYPE_H
#include FT_OUTLINE_H
#include FT_BBOX_H
#include <hb.h>
#include <hb-ot.h>
#include <fontconfig/fontconfig.h>

/* The outline inside a glyph slot, which FT_Outline_* functions take by pointer: Swift can only reach the
   field through a temporary copy, and transforming the copy would leave the slot unchanged. */
static inline FT_Outline *cft_slot_outline(FT_GlyphSlot slot) { return &slot->outline; }
