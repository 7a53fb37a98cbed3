#ifndef WIDGETRY_CZLIB_SHIM_H
#define WIDGETRY_CZLIB_SHIM_H
#include <zlib.h>

/// deflateInit is a macro, which Swift does not import: this is it as a function.
static inline int widgetry_deflate_init(z_streamp stream, int level) {
    return deflateInit(stream, level);
}

/// inflateInit is a macro too: this is it as a function.
static inline int widgetry_inflate_init(z_streamp stream) {
    return inflateInit(stream);
}
#endif
