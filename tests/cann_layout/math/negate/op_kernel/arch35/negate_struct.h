// Ascend 950's build of the op (arch35/) has a struct of the same name of its own; the Atlas A2
// kernel beside it never sees it.
#pragma once
#include <cstdint>
class NegateTilingData {
public:
    int64_t total;
    int64_t tiles;
};
