// The library's Pad and UnPad (DK:高阶API/张量变换/Pad, UnPad) on Atlas A2, their tilings from the
// host's GetPadMaxMinTmpSize/PadTilingFunc/UnPadTilingFunc as a sample computes them, each result
// checked by main against the pages' definition (docs/semantics.md §30):
// - Pad of a width not 32-byte aligned: each row becomes leftPad padValues, the row, rightPad
//   padValues (rows of width + leftPad + rightPad);
// - Pad of an aligned width with spare columns: columns oriWidth .. oriWidth + rightPad − 1 of
//   each row become padValue, the rest is src;
// - UnPad: each row's first width − rightPad elements, rows packed.
// pad_half.asc and pad_float.asc each launch their entry once over all their cases (the host
// writes every input before the launch).
#pragma once
#include "acl/acl.h"
#include "kernel_operator.h"
#include "tiling/tiling_api.h"
#include <cstdio>
#include <vector>

using namespace AscendC;

struct PadCase {
    uint32_t unpad, height, width, oriWidth, tmpBytes;  // tmpBytes 0: the stack buffer
    uint16_t leftPad, rightPad;
    int32_t padValue;
    PadTiling pad;
    UnPadTiling unpadTiling;
    uint32_t srcAt, dstAt;  // elements into the launch's src and dst
};
constexpr uint32_t kMaxCases = 8;
struct PadCases {
    uint32_t count;
    PadCase cases[kMaxCases];
};

// An aligned width pads within its rows; an unaligned one widens them.
template <class T>
inline uint32_t out_width(const PadCase& c) {
    if (c.unpad) return c.width - c.rightPad;
    return c.width * sizeof(T) % 32 == 0 ? c.width : c.width + c.leftPad + c.rightPad;
}

template <class T>
__aicore__ inline void run_case(GM_ADDR src, GM_ADDR dst, const PadCase& c) {
    TPipe pipe;
    TBuf<TPosition::VECCALC> in, out, tmp;
    const uint32_t n = c.height * c.width, outLen = c.height * out_width<T>(c);
    const uint32_t outAligned = (outLen * sizeof(T) + 31) / 32 * 32 / sizeof(T);
    pipe.InitBuffer(in, n * sizeof(T));
    pipe.InitBuffer(out, outAligned * sizeof(T));
    pipe.InitBuffer(tmp, c.tmpBytes ? c.tmpBytes : 32);
    GlobalTensor<T> s, d;
    s.SetGlobalBuffer((__gm__ T*)src + c.srcAt, n);
    d.SetGlobalBuffer((__gm__ T*)dst + c.dstAt, outAligned);
    LocalTensor<T> x = in.Get<T>(), y = out.Get<T>();
    LocalTensor<uint8_t> work = tmp.Get<uint8_t>();
    DataCopy(x, s, n);
    SetFlag<HardEvent::MTE2_V>(0);
    WaitFlag<HardEvent::MTE2_V>(0);
    PadTiling pt = c.pad;
    UnPadTiling ut = c.unpadTiling;
    if (c.unpad) {
        UnPadParams up{0, c.rightPad};
        UnPad(y, x, up, ut);
    } else {
        PadParams pp{c.leftPad, c.rightPad, c.padValue};
        if (c.tmpBytes) {
            Pad(y, x, pp, work, pt);
        } else {
            Pad(y, x, pp, pt);
        }
    }
    SetFlag<HardEvent::V_MTE3>(0);
    WaitFlag<HardEvent::V_MTE3>(0);
    DataCopy(d, y, outAligned);
    SetFlag<HardEvent::MTE3_MTE2>(0);
    WaitFlag<HardEvent::MTE3_MTE2>(0);
}

template <class T>
__aicore__ inline void run_all(GM_ADDR src, GM_ADDR dst, GM_ADDR param) {
    const PadCases& all = *reinterpret_cast<const PadCases*>(param);
    for (uint32_t i = 0; i < all.count; i++) run_case<T>(src, dst, all.cases[i]);
}

// The cases' tilings (the unaligned ones on the least buffer the host names when tmpBytes is 1,
// the stack-buffer form tiled for that size too), their inputs x[i] = i % 1000, one launch, then
// each output against the definition; 0 when all match.
template <class T>
int check(void (*launch)(uint8_t*, uint8_t*, uint8_t*), std::vector<PadCase> cases) {
    const uint32_t size = sizeof(T);
    PadCases all{};
    std::vector<T> x;
    uint32_t dstLen = 0;
    for (PadCase& c : cases) {
        ge::Shape shape(std::vector<int64_t>{c.height, c.width}), ori(std::vector<int64_t>{c.height, c.oriWidth});
        if (c.unpad) {
            UnPadTilingFunc(shape, c.tmpBytes, size, c.unpadTiling);
        } else {
            uint32_t maxTmp = 0, minTmp = 0;
            GetPadMaxMinTmpSize(shape, size, maxTmp, minTmp);
            if (c.tmpBytes == 1) c.tmpBytes = minTmp;
            PadTilingFunc(shape, ori, c.tmpBytes ? c.tmpBytes : minTmp, size, c.pad);
        }
        c.srcAt = x.size();
        for (uint32_t i = 0; i < c.height * c.width; i++) x.push_back(T(float(i % 1000)));
        c.dstAt = dstLen;
        dstLen += ((c.height * out_width<T>(c) * size + 31) / 32 * 32) / size;
        all.cases[all.count++] = c;
    }
    std::vector<T> y(dstLen);
    uint8_t *src, *dst, *param;
    aclrtMalloc((void**)&src, x.size() * size, ACL_MEM_MALLOC_HUGE_FIRST);
    aclrtMalloc((void**)&dst, dstLen * size, ACL_MEM_MALLOC_HUGE_FIRST);
    aclrtMalloc((void**)&param, sizeof(PadCases), ACL_MEM_MALLOC_HUGE_FIRST);
    aclrtMemcpy(src, x.size() * size, x.data(), x.size() * size, ACL_MEMCPY_HOST_TO_DEVICE);
    aclrtMemcpy(param, sizeof(PadCases), &all, sizeof(PadCases), ACL_MEMCPY_HOST_TO_DEVICE);
    launch(src, dst, param);
    aclrtMemcpy(y.data(), dstLen * size, dst, dstLen * size, ACL_MEMCPY_DEVICE_TO_HOST);
    for (const PadCase& c : cases) {
        const bool aligned = c.width * size % 32 == 0;
        const uint32_t outW = out_width<T>(c);
        const T* in = x.data() + c.srcAt;
        const T* got = y.data() + c.dstAt;
        for (uint32_t r = 0; r < c.height; r++) {
            for (uint32_t col = 0; col < outW; col++) {
                const float pad = float(T(float(c.padValue)));
                float want;
                if (c.unpad) {
                    want = float(in[r * c.width + col]);
                } else if (aligned) {
                    want = col >= c.oriWidth && col < c.oriWidth + c.rightPad ? pad : float(in[r * c.width + col]);
                } else {
                    want = col >= c.leftPad && col < c.leftPad + c.width ? float(in[r * c.width + col - c.leftPad]) : pad;
                }
                if (float(got[r * outW + col]) != want) {
                    printf("%s %ux%u: row %u column %u is %g, want %g\n", c.unpad ? "UnPad" : "Pad", c.height,
                           c.width, r, col, float(got[r * outW + col]), want);
                    return 1;
                }
            }
        }
    }
    printf("pad: %zu cases match the pages' definition\n", cases.size());
    return 0;
}
