// Ascend 950's mask-register logic (DK:Reg矢量计算/MaskReg计算 and the MaskReg forms of
// 逻辑计算; docs/semantics.md §29): each call one instruction on mask registers, recorded as
// its RON (docs/format.md §7.1). The Mask* names and the overloads of Not, And, Or, Xor,
// Select, Move, Pack and UnPack on MaskReg, as CANN declares both.
#pragma once
#include <optional>
#include "kernel_reg_compute_utils.h"

namespace AscendC {
namespace MicroAPI {
namespace detail {
inline void mask_call(const char* name, const MaskReg& dst, const MaskReg& src0, const MaskReg* src1,
                      const MaskReg* mask, const Pos& p) {
    std::string text = std::string(name) + "(dst: " + dst.ron();
    text += (src1 ? ", src0: " : ", src: ") + src0.ron();
    if (src1) text += ", src1: " + src1->ron();
    if (mask) text += ", mask_reg: " + mask->ron();
    ascstep_rt::call(p, text + ")");
}
}  // namespace detail

inline void MaskNot(MaskReg& dst, MaskReg& src, MaskReg& mask, Pos p = Pos::current()) {
    detail::mask_call("MaskNot", dst, src, nullptr, &mask, p);
}
inline void Not(MaskReg& dst, MaskReg& src, MaskReg& mask, Pos p = Pos::current()) { MaskNot(dst, src, mask, p); }

#define ASCSTEP_MASK_BINARY(NAME, SHORT)                                                                     \
    inline void NAME(MaskReg& dst, MaskReg& src0, MaskReg& src1, MaskReg& mask, Pos p = Pos::current()) {  \
        detail::mask_call(#NAME, dst, src0, &src1, &mask, p);                                               \
    }                                                                                                       \
    inline void SHORT(MaskReg& dst, MaskReg& src0, MaskReg& src1, MaskReg& mask, Pos p = Pos::current()) { \
        NAME(dst, src0, src1, mask, p);                                                                     \
    }
ASCSTEP_MASK_BINARY(MaskAnd, And)
ASCSTEP_MASK_BINARY(MaskOr, Or)
ASCSTEP_MASK_BINARY(MaskXor, Xor)
ASCSTEP_MASK_BINARY(MaskSel, Select)
#undef ASCSTEP_MASK_BINARY

inline void MaskMov(MaskReg& dst, MaskReg& src, MaskReg& mask, Pos p = Pos::current()) {
    detail::mask_call("MaskMov", dst, src, nullptr, &mask, p);
}
inline void MaskMov(MaskReg& dst, MaskReg& src, Pos p = Pos::current()) {
    detail::mask_call("MaskMov", dst, src, nullptr, nullptr, p);
}
inline void Move(MaskReg& dst, MaskReg& src, MaskReg& mask, Pos p = Pos::current()) { MaskMov(dst, src, mask, p); }
inline void Move(MaskReg& dst, MaskReg& src, Pos p = Pos::current()) { MaskMov(dst, src, p); }
inline MaskReg::MaskReg(const MaskReg& o, Pos p) : detail::Reg<'m'>("uint8", p) {
    MaskMov(*this, const_cast<MaskReg&>(o), p);
}
inline MaskReg& MaskReg::operator=(const MaskReg& o) {
    if (this != &o) MaskMov(*this, const_cast<MaskReg&>(o), Pos::current());
    return *this;
}

template <HighLowPart part = HighLowPart::LOWEST>
inline void MaskPack(MaskReg& dst, MaskReg& src, Pos p = Pos::current()) {
    ascstep_rt::call(p, "MaskPack(dst: " + dst.ron() + ", src: " + src.ron() +
                            (part == HighLowPart::HIGHEST ? ", part: HIGHEST)" : ")"));
}
template <HighLowPart part = HighLowPart::LOWEST>
inline void MaskUnPack(MaskReg& dst, MaskReg& src, Pos p = Pos::current()) {
    ascstep_rt::call(p, "MaskUnPack(dst: " + dst.ron() + ", src: " + src.ron() +
                            (part == HighLowPart::HIGHEST ? ", part: HIGHEST)" : ")"));
}
template <HighLowPart part = HighLowPart::LOWEST>
inline void Pack(MaskReg& dst, MaskReg& src, Pos p = Pos::current()) {
    MaskPack<part>(dst, src, p);
}
template <HighLowPart part = HighLowPart::LOWEST>
inline void UnPack(MaskReg& dst, MaskReg& src, Pos p = Pos::current()) {
    MaskUnPack<part>(dst, src, p);
}
// MaskInterleave / MaskDeInterleave<T> (and the Interleave, DeInterleave overloads): two
// instructions, dst0's then dst1's; a dst0 that is also a source is written through a register
// of its own first, so dst1's instruction still reads the sources as they were.
namespace detail {
inline void mask_pair(const char* name, const std::string& dtype, MaskReg& d0, MaskReg& d1, MaskReg& s0, MaskReg& s1,
                      const Pos& p) {
    std::string rest = ", src0: " + s0.ron() + ", src1: " + s1.ron() + ", dtype: " + dtype;
    std::optional<MaskReg> tmp;
    if (&d0 == &s0 || &d0 == &s1) tmp.emplace(p);
    MaskReg& first = tmp ? *tmp : d0;
    ascstep_rt::call(p, std::string(name) + "(dst: " + first.ron() + rest + ")");
    ascstep_rt::call(p, std::string(name) + "(dst: " + d1.ron() + rest + ", part: HIGHEST)");
    if (tmp) MaskMov(d0, *tmp, p);
}
}  // namespace detail
template <class T>
inline void MaskInterleave(MaskReg& d0, MaskReg& d1, MaskReg& s0, MaskReg& s1, Pos p = Pos::current()) {
    detail::mask_pair("MaskInterleave", detail::dtype<T>(), d0, d1, s0, s1, p);
}
template <class T>
inline void MaskDeInterleave(MaskReg& d0, MaskReg& d1, MaskReg& s0, MaskReg& s1, Pos p = Pos::current()) {
    detail::mask_pair("MaskDeInterleave", detail::dtype<T>(), d0, d1, s0, s1, p);
}
template <class T>
inline void Interleave(MaskReg& d0, MaskReg& d1, MaskReg& s0, MaskReg& s1, Pos p = Pos::current()) {
    MaskInterleave<T>(d0, d1, s0, s1, p);
}
template <class T>
inline void DeInterleave(MaskReg& d0, MaskReg& d1, MaskReg& s0, MaskReg& s1, Pos p = Pos::current()) {
    MaskDeInterleave<T>(d0, d1, s0, s1, p);
}
}  // namespace MicroAPI
}  // namespace AscendC
