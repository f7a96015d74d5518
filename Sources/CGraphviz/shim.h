#ifndef STRATA_CGRAPHVIZ_SHIM_H
#define STRATA_CGRAPHVIZ_SHIM_H
#ifndef _GNU_SOURCE
#define _GNU_SOURCE
#endif
#include <dlfcn.h>
#include <gvc.h>
#include <cgraph.h>

/// The file libgvc was loaded from, so its plugins can be found beside it; NULL if unknown.
static inline const char *strata_gvc_library_path(void) {
    Dl_info info;
    if (dladdr((void *)&gvContext, &info) && info.dli_fname) return info.dli_fname;
    return 0;
}
#endif
