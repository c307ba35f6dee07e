#ifndef CLIBUV_SHIM_H
#define CLIBUV_SHIM_H

// The system libuv (Debian's libuv1-dev, 1.44). LifeloopCore is the only module that imports it.
#include <uv.h>

#endif
