// A small log/log.h in hicann/opbase's shape, for ascstep's tests: its macros log through
// CANN's dlog entry points (CheckLogLevel, DlogRecord), which a kernel unit test's host build
// gets from ascstep.
#ifndef TEST_OPBASE_LOG_H
#define TEST_OPBASE_LOG_H
#include <cstdint>
#include <string>
#include "graph/ge_error_codes.h"

extern "C" {
int32_t CheckLogLevel(int32_t moduleId, int32_t logLevel);
void DlogRecord(int32_t moduleId, int32_t level, const char* fmt, ...);
}

namespace Ops {
namespace Base {
inline const char* OpName(const char* s) { return s == nullptr ? "nil" : s; }
template <class T>
const char* OpName(const T* context) { return context == nullptr ? "nil" : context->GetNodeName(); }
}  // namespace Base
}  // namespace Ops

#define TEST_OP_LOG(level, name, fmt, ...)                                                           \
    do {                                                                                             \
        if (CheckLogLevel(63, level) == 1) {                                                         \
            DlogRecord(63, level, "[%s:%d] OpName:[%s] " fmt, __FILE__, __LINE__, Ops::Base::OpName(name), \
                       ##__VA_ARGS__);                                                               \
        }                                                                                            \
    } while (0)
#define OP_LOGD(name, ...) TEST_OP_LOG(0, name, __VA_ARGS__)
#define OP_LOGI(name, ...) TEST_OP_LOG(1, name, __VA_ARGS__)
#define OP_LOGW(name, ...) TEST_OP_LOG(2, name, __VA_ARGS__)
#define OP_LOGE(name, ...) TEST_OP_LOG(3, name, __VA_ARGS__)
#define OP_CHECK_IF(condition, log, return_expr) \
    do {                                         \
        if (condition) {                         \
            log;                                 \
            return_expr;                         \
        }                                        \
    } while (0)
#define OP_CHECK_NULL_WITH_CONTEXT(context, ptr)               \
    do {                                                       \
        if ((ptr) == nullptr) {                                \
            OP_LOGE(context, "%s is nullptr!", #ptr);          \
            return ge::GRAPH_FAILED;                           \
        }                                                      \
    } while (0)
#endif
