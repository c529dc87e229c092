#pragma once
// Included with quotes from the kernel's own directory.
constexpr float FILL_VALUE = 3.5f;
