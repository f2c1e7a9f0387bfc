#include <curl/curl.h>

/* curl_easy_setopt, curl_multi_setopt and curl_easy_getinfo are C variadic functions, which Swift cannot
 * call. These typed wrappers, one per argument type, are what the Swift side uses instead; each passes its
 * argument with exactly the type libcurl reads for options of that kind. */

static inline CURLcode ccurl_easy_setopt_long(CURL *handle, CURLoption option, long value) {
    return curl_easy_setopt(handle, option, value);
}

static inline CURLcode ccurl_easy_setopt_string(CURL *handle, CURLoption option, const char *value) {
    return curl_easy_setopt(handle, option, value);
}

static inline CURLcode ccurl_easy_setopt_pointer(CURL *handle, CURLoption option, void *value) {
    return curl_easy_setopt(handle, option, value);
}

static inline CURLcode ccurl_easy_setopt_off_t(CURL *handle, CURLoption option, curl_off_t value) {
    return curl_easy_setopt(handle, option, value);
}

/* CURLOPT_WRITEFUNCTION and CURLOPT_HEADERFUNCTION share this callback type. */
static inline CURLcode ccurl_easy_setopt_write_callback(CURL *handle, CURLoption option,
                                                        curl_write_callback callback) {
    return curl_easy_setopt(handle, option, callback);
}

static inline CURLMcode ccurl_multi_setopt_long(CURLM *handle, CURLMoption option, long value) {
    return curl_multi_setopt(handle, option, value);
}

static inline CURLcode ccurl_easy_getinfo_long(CURL *handle, CURLINFO info, long *value) {
    return curl_easy_getinfo(handle, info, value);
}

static inline CURLcode ccurl_easy_getinfo_string(CURL *handle, CURLINFO info, char **value) {
    return curl_easy_getinfo(handle, info, value);
}

static inline CURLcode ccurl_easy_getinfo_off_t(CURL *handle, CURLINFO info, curl_off_t *value) {
    return curl_easy_getinfo(handle, info, value);
}

/* CURL_GLOBAL_DEFAULT is a macro built from other macros, which Swift does not import. */
static inline long ccurl_global_default(void) { return CURL_GLOBAL_DEFAULT; }

/* CURLVERSION_NOW names the struct version these headers describe; a macro alias Swift does not import. */
static inline curl_version_info_data *ccurl_version_info(void) { return curl_version_info(CURLVERSION_NOW); }

/* CURLOPT_OPENSOCKETFUNCTION: the callback that opens each socket libcurl connects, which sees the address
 * it will connect to after resolution (and after every redirect). */
static inline CURLcode ccurl_easy_setopt_opensocket(CURL *handle, curl_opensocket_callback callback) {
    return curl_easy_setopt(handle, CURLOPT_OPENSOCKETFUNCTION, callback);
}

/* CURLOPT_PREREQFUNCTION: called before each request is sent, the first and every redirect's, once its
 * connection is up; CURL_PREREQFUNC_ABORT stops the transfer (CURLE_ABORTED_BY_CALLBACK). */
static inline CURLcode ccurl_easy_setopt_prereq(CURL *handle, curl_prereq_callback callback) {
    return curl_easy_setopt(handle, CURLOPT_PREREQFUNCTION, callback);
}
static inline int ccurl_prereq_ok(void) { return CURL_PREREQFUNC_OK; }
static inline int ccurl_prereq_abort(void) { return CURL_PREREQFUNC_ABORT; }
