import GroupIcon

extension LinkedLibrary {
    /// The photo downloads' library: libcurl, as `curl_version_info` reports it.
    package static var downloads: [LinkedLibrary] {
        [LinkedLibrary(name: "libcurl", version: CurlLibrary.capabilities.version)]
    }
}
