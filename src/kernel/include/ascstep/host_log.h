// ascstep's definitions of CANN's logging entry points (dlog: CheckLogLevel, DlogRecord) that
// hicann/opbase's log/log.h calls from host tiling code, in one host unit of a kernel unit
// test's build (docs/format.md §13, host tiling): errors and warnings are printed to stderr; info and
// debug lines too when ASCEND_GLOBAL_LOG_LEVEL is at or below their level (0 debug, 1 info),
// as CANN's ASCEND_SLOG_PRINT_TO_STDOUT would show them.
#pragma once
#include <cstdarg>
#include <cstdint>
#include <cstdio>
#include <cstdlib>

extern "C" int32_t CheckLogLevel(int32_t, int32_t level) {
    const char* env = std::getenv("ASCEND_GLOBAL_LOG_LEVEL");
    int32_t at = env != nullptr && *env != '\0' ? std::atoi(env) : 2;
    return level >= at ? 1 : 0;
}

extern "C" void DlogRecord(int32_t, int32_t level, const char* fmt, ...) {
    static const char* names[] = {"DEBUG", "INFO", "WARNING", "ERROR"};
    std::fprintf(stderr, "[%s] ", level >= 0 && level <= 3 ? names[level] : "EVENT");
    va_list ap;
    va_start(ap, fmt);
    std::vfprintf(stderr, fmt, ap);
    va_end(ap);
    std::fputc('\n', stderr);
}
