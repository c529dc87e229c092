// y = x * s over 256 floats on one block, for the `ascstep test` suite of C++ cases
// (tests/batch.rs). main reads s from ./factor.txt, so it must run in this directory.
#include "acl/acl.h"
#include "kernel_operator.h"
#include <cstdio>

constexpr uint32_t N = 256;

__global__ __vector__ void scale(GM_ADDR x, GM_ADDR y, float s)
{
    AscendC::TPipe pipe;
    AscendC::TBuf<AscendC::TPosition::VECCALC> buf;
    pipe.InitBuffer(buf, 2 * N * sizeof(float));
    AscendC::GlobalTensor<float> xGm, yGm;
    xGm.SetGlobalBuffer((__gm__ float*)x, N);
    yGm.SetGlobalBuffer((__gm__ float*)y, N);
    AscendC::LocalTensor<float> in = buf.Get<float>();
    AscendC::LocalTensor<float> out = in[N];
    AscendC::DataCopy(in, xGm, N);
    AscendC::PipeBarrier<PIPE_ALL>();
    AscendC::Muls(out, in, s, N);
    AscendC::PipeBarrier<PIPE_ALL>();
    AscendC::DataCopy(yGm, out, N);
}

// Runs the kernel through `launch` (the launch is written in the .asc file, where ascstep
// rewrites it) on x[i] = i and returns 0 when y[i] = i * want for every i, else 1.
inline int run_and_check(float want, void (*launch)(uint8_t*, uint8_t*, float))
{
    float s = 0;
    FILE* f = std::fopen("factor.txt", "r");
    if (!f || std::fscanf(f, "%f", &s) != 1) {
        std::printf("cannot read ./factor.txt\n");
        return 2;
    }
    std::fclose(f);
    float xHost[N], yHost[N];
    for (uint32_t i = 0; i < N; i++) xHost[i] = float(i);
    uint8_t *x, *y;
    aclrtMalloc((void**)&x, sizeof xHost, ACL_MEM_MALLOC_HUGE_FIRST);
    aclrtMalloc((void**)&y, sizeof yHost, ACL_MEM_MALLOC_HUGE_FIRST);
    aclrtMemcpy(x, sizeof xHost, xHost, sizeof xHost, ACL_MEMCPY_HOST_TO_DEVICE);
    launch(x, y, s);
    aclrtMemcpy(yHost, sizeof yHost, y, sizeof yHost, ACL_MEMCPY_DEVICE_TO_HOST);
    for (uint32_t i = 0; i < N; i++) {
        if (yHost[i] != float(i) * want) {
            std::printf("y[%u] = %g, expected %g\n", i, yHost[i], float(i) * want);
            return 1;
        }
    }
    return 0;
}
