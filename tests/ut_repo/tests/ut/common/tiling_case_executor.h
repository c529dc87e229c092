// ascstep's test repository's tiling executor, in the shape of the operator repositories'
// tests/ut/common/tiling_case_executor.h: ExecuteTiling runs the op's registered host tiling
// function on a context made from a TilingContextPara and returns what it computed.
#ifndef TEST_REPO_TILING_CASE_EXECUTOR_H
#define TEST_REPO_TILING_CASE_EXECUTOR_H
#include <memory>
#include <vector>
#include "tiling_context_faker.h"

struct TilingInfo {
    int64_t tilingKey = -1;
    std::vector<int64_t> workspaceSizes;
    std::unique_ptr<uint8_t[]> tilingData;
    size_t tilingDataSize = 0;
    size_t blockNum = 0;
};

bool ExecuteTiling(const gert::TilingContextPara& para, TilingInfo& info);
#endif
