#include <libheif/heif.h>
#include "de265_plugin.h"
