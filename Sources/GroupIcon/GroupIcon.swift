// A library client writes one `import GroupIcon`: the image types, pixel geometry and codecs that the
// composition API takes and returns (`RGBAImage`, `Rect`, `PNGCodec`, ...) live in Imaging and come with it.
@_exported import Imaging
