// Host helpers of ascstep's C++ examples: read an input file numpy's tofile wrote, write an
// output file; both say what went wrong and return false.
#pragma once
#include <cstdio>

inline bool ReadInput(const char* path, void* buf, size_t bytes)
{
    FILE* f = std::fopen(path, "rb");
    if (f == nullptr) {
        std::printf("cannot open %s (run gen_data.py first)\n", path);
        return false;
    }
    size_t got = std::fread(buf, 1, bytes, f);
    std::fclose(f);
    if (got != bytes) {
        std::printf("%s holds %zu bytes, expected %zu\n", path, got, bytes);
        return false;
    }
    return true;
}

inline bool WriteOutput(const char* path, const void* buf, size_t bytes)
{
    FILE* f = std::fopen(path, "wb");
    if (f == nullptr) {
        std::printf("cannot write %s (does ./output exist?)\n", path);
        return false;
    }
    size_t put = std::fwrite(buf, 1, bytes, f);
    std::fclose(f);
    return put == bytes;
}
