// An op named `log` (as ops-math has): CANN's kernel layout stages it as `ascendc/log/`, where a
// host header's `#include "log/log.h"` (CANN's logging) must not end up.
#error "the log op's kernel header reached through a host header's log/log.h"
