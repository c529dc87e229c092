// ascstep: CANN's base/err_msg.h, for host code (docs/format.md §13, host tiling): the error-message
// reports hicann/opbase's log/log.h makes beside its log line. ascstep keeps no error-message
// registry: the log line (DlogRecord, printed to stderr for errors) is what a test shows.
#pragma once
#include <string>
#include <vector>
#define REPORT_INNER_ERR_MSG(code, ...) \
    do { } while (0)
#define REPORT_PREDEFINED_ERR_MSG(code, keys, values) \
    do { (void)(keys); (void)(values); } while (0)
#define REG_FORMAT_ERROR_MSG(text, len) \
    static const int ascstep_reg_format_error_msg = ((void)(text), (void)(len), 0)
