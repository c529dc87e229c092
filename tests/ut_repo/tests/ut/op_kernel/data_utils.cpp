#include "data_utils.h"
#include <cstdio>

bool ReadFile(const std::string& path, size_t& size, void* buf, size_t capacity)
{
    FILE* f = std::fopen(path.c_str(), "rb");
    if (f == nullptr) {
        std::fprintf(stderr, "cannot open %s\n", path.c_str());
        return false;
    }
    size = std::fread(buf, 1, capacity, f);
    std::fclose(f);
    return true;
}

bool WriteFile(const std::string& path, const void* buf, size_t size)
{
    FILE* f = std::fopen(path.c_str(), "wb");
    if (f == nullptr) {
        return false;
    }
    bool ok = std::fwrite(buf, 1, size, f) == size;
    std::fclose(f);
    return ok;
}
