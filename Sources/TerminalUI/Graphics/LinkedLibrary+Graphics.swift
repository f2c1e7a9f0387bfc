import CSixel
import Imaging

extension LinkedLibrary {
    /// The terminal graphics' library: libsixel, which has no version call (its header's version is listed).
    package static var graphics: [LinkedLibrary] {
        [LinkedLibrary(name: "libsixel", version: LIBSIXEL_VERSION, isRunTimeVersion: false)]
    }
}
