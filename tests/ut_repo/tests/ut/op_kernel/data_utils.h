// The repository's shared UT helpers (as ops-math's tests/ut/op_kernel/data_utils.h): read and
// write raw binary files.
#pragma once
#include <cstddef>
#include <string>

bool ReadFile(const std::string& path, size_t& size, void* buf, size_t capacity);
bool WriteFile(const std::string& path, const void* buf, size_t size);
