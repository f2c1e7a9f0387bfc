// An HEVC decoder plugin for libheif over libde265 that decodes on the calling thread.
//
// libheif's own libde265 plugin starts a worker thread for every image and hands deblocking and SAO to it:
// for a member photo (about 100 px) the thread's start and the hand-offs cost about a tenth of the decode, and
// on a busy machine the wait for the worker to be scheduled costs more. chat-tui decodes one photo per thread
// already (a group per core), so this plugin starts none. It is registered once, at a higher priority than the
// built-in one, and otherwise does what the built-in one does: every NAL unit pushed (4-byte lengths), the
// planes copied into a libheif image of the same chroma and bit depth, the bitstream's colour description set.
#include <libde265/de265.h>
#include <libheif/heif.h>
#include <libheif/heif_plugin.h>
#include <stdint.h>
#include <string.h>

static inline struct heif_error chat_tui_de265_error(enum heif_error_code code, enum heif_suberror_code subcode,
                                                     const char* message) {
    struct heif_error error = {code, subcode, message};
    return error;
}

static inline const char* chat_tui_de265_name(void) { return "libde265 HEVC decoder, on the calling thread"; }

static inline void chat_tui_de265_init(void) { de265_init(); }

static inline void chat_tui_de265_deinit(void) { de265_free(); }

static inline int chat_tui_de265_supports(enum heif_compression_format format) {
    // Above the built-in plugin's 100, so libheif picks this one.
    return format == heif_compression_HEVC ? 200 : 0;
}

static inline struct heif_error chat_tui_de265_new(void** decoder) {
    de265_decoder_context* context = de265_new_decoder();
    if (!context) return chat_tui_de265_error(heif_error_Memory_allocation_error, heif_suberror_Unspecified,
                                              "libde265 could not allocate a decoder");
    *decoder = context;
    return chat_tui_de265_error(heif_error_Ok, heif_suberror_Unspecified, "Success");
}

static inline void chat_tui_de265_free(void* decoder) { de265_free_decoder((de265_decoder_context*)decoder); }

static inline struct heif_error chat_tui_de265_push(void* decoder, const void* data, size_t size) {
    const uint8_t* bytes = (const uint8_t*)data;
    size_t offset = 0;
    while (offset < size) {
        if (size - offset < 4) return chat_tui_de265_error(heif_error_Decoder_plugin_error,
                                                         heif_suberror_End_of_data, "truncated NAL unit length");
        uint32_t length = (uint32_t)bytes[offset] << 24 | (uint32_t)bytes[offset + 1] << 16 |
                          (uint32_t)bytes[offset + 2] << 8 | (uint32_t)bytes[offset + 3];
        offset += 4;
        if (length > size - offset || length > INT32_MAX)
            return chat_tui_de265_error(heif_error_Decoder_plugin_error, heif_suberror_End_of_data,
                                        "NAL unit longer than the data");
        if (de265_push_NAL((de265_decoder_context*)decoder, bytes + offset, (int)length, 0, NULL) != DE265_OK)
            return chat_tui_de265_error(heif_error_Decoder_plugin_error, heif_suberror_Unspecified,
                                        "libde265 refused a NAL unit");
        offset += length;
    }
    return chat_tui_de265_error(heif_error_Ok, heif_suberror_Unspecified, "Success");
}

/// The decoded picture's planes copied into a new libheif image.
static inline struct heif_error chat_tui_de265_convert(const struct de265_image* picture, struct heif_image** out) {
    int mono = de265_get_chroma_format(picture) == de265_chroma_mono;
    struct heif_error error = heif_image_create(
        de265_get_image_width(picture, 0), de265_get_image_height(picture, 0),
        mono ? heif_colorspace_monochrome : heif_colorspace_YCbCr, (enum heif_chroma)de265_get_chroma_format(picture),
        out);
    if (error.code) return error;
    static const enum heif_channel channels[3] = {heif_channel_Y, heif_channel_Cb, heif_channel_Cr};
    int bits = de265_get_bits_per_pixel(picture, 0);
    for (int plane = 0; plane < (mono ? 1 : 3); plane++) {
        int width = de265_get_image_width(picture, plane), height = de265_get_image_height(picture, plane);
        if (de265_get_bits_per_pixel(picture, plane) != bits || width <= 0 || height <= 0) {
            heif_image_release(*out);
            *out = NULL;
            return chat_tui_de265_error(heif_error_Decoder_plugin_error, heif_suberror_Invalid_image_size,
                                        "planes of different sizes or bit depths");
        }
        error = heif_image_add_plane(*out, channels[plane], width, height, bits);
        if (error.code) {
            heif_image_release(*out);
            *out = NULL;
            return error;
        }
        int sourceStride = 0, targetStride = 0;
        const uint8_t* source = de265_get_image_plane(picture, plane, &sourceStride);
        uint8_t* target = heif_image_get_plane(*out, channels[plane], &targetStride);
        size_t rowBytes = (size_t)width * (size_t)((bits + 7) / 8);
        for (int y = 0; y < height; y++)
            memcpy(target + (size_t)y * (size_t)targetStride, source + (size_t)y * (size_t)sourceStride, rowBytes);
    }
    struct heif_color_profile_nclx* nclx = heif_nclx_color_profile_alloc();
    if (nclx) {
        // Values outside what libheif knows keep its defaults, as the built-in plugin's lenient mode does.
        heif_nclx_color_profile_set_color_primaries(nclx, (uint16_t)de265_get_image_colour_primaries(picture));
        heif_nclx_color_profile_set_transfer_characteristics(
            nclx, (uint16_t)de265_get_image_transfer_characteristics(picture));
        heif_nclx_color_profile_set_matrix_coefficients(nclx,
                                                        (uint16_t)de265_get_image_matrix_coefficients(picture));
        nclx->full_range_flag = (uint8_t)(de265_get_image_full_range_flag(picture) != 0);
        heif_image_set_nclx_color_profile(*out, nclx);
        heif_nclx_color_profile_free(nclx);
    }
    return chat_tui_de265_error(heif_error_Ok, heif_suberror_Unspecified, "Success");
}

static inline struct heif_error chat_tui_de265_decode(void* decoder, struct heif_image** out) {
    de265_decoder_context* context = (de265_decoder_context*)decoder;
    *out = NULL;
    if (de265_flush_data(context) != DE265_OK)
        return chat_tui_de265_error(heif_error_Decoder_plugin_error, heif_suberror_Unspecified,
                                    "libde265 could not flush");
    struct heif_error error = chat_tui_de265_error(heif_error_Ok, heif_suberror_Unspecified, "Success");
    int more;
    do {
        more = 0;
        if (de265_decode(context, &more) != DE265_OK) break;
        const struct de265_image* picture = de265_get_next_picture(context);
        if (picture) {
            // The last picture wins, as in the built-in plugin (an image item holds one).
            if (*out) heif_image_release(*out);
            *out = NULL;
            error = chat_tui_de265_convert(picture, out);
            de265_release_next_picture(context);
            if (error.code) return error;
        }
    } while (more);
    if (!*out)
        return chat_tui_de265_error(heif_error_Decoder_plugin_error, heif_suberror_Unspecified,
                                    "libde265 decoded no picture");
    return error;
}

static inline void chat_tui_de265_strict(void* decoder, int flag) {
    (void)decoder;
    (void)flag;
}

/// The plugin, registered once with `heif_register_decoder_plugin`.
static inline const struct heif_decoder_plugin* chat_tui_de265_plugin(void) {
    static const struct heif_decoder_plugin plugin = {
        3,
        chat_tui_de265_name,
        chat_tui_de265_init,
        chat_tui_de265_deinit,
        chat_tui_de265_supports,
        chat_tui_de265_new,
        chat_tui_de265_free,
        chat_tui_de265_push,
        chat_tui_de265_decode,
        chat_tui_de265_strict,
        "chat-tui-libde265",
    };
    return &plugin;
}
