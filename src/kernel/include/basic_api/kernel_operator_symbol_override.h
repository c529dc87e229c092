// LocalTensor's operators (CANN's kernel_operator_symbol_override_impl.h; DK:基础API/运算符重载):
// `dst = a + b` is Add(dst, a, b, dst.GetSize()), likewise `-` Sub, `*` Mul, `/` Div, and `&`,
// `|` And/Or (32-bit elements as twice as many 16-bit ones, as CANN's AndImpl/OrImpl take
// them); `dst = a < b` (and >, <=, >=, ==, !=) is Compare(dst, a, b, mode, a.GetSize()). Each is
// one API call at the position of its right operand, as the device runs it.
#pragma once
#include "kernel_operator_vec_cmpsel_intf.h"

namespace AscendC {
namespace detail {
enum class SymbolOp { Add, Sub, Mul, Div, And, Or, Cmp };

template <class T>
struct SymbolOverride {
    static constexpr bool ascstep_expression = true;
    LocalTensor<T> src0, src1;
    SymbolOp op;
    CMPMODE cmp;
    Pos p;
    template <class D>
    void Process(const LocalTensor<D>& dst) const {
        if (op == SymbolOp::Cmp) {
            Compare(dst, src0, src1, cmp, src0.GetSize(), p);
            return;
        }
        if constexpr (std::is_same_v<D, T>) {
            const int32_t n = int32_t(dst.GetSize());
            switch (op) {
                case SymbolOp::Add: Add(dst, src0, src1, n, p); break;
                case SymbolOp::Sub: Sub(dst, src0, src1, n, p); break;
                case SymbolOp::Mul: Mul(dst, src0, src1, n, p); break;
                case SymbolOp::Div: Div(dst, src0, src1, n, p); break;
                case SymbolOp::And:
                case SymbolOp::Or: {
                    if constexpr (sizeof(T) == 4) {
                        auto d = dst.template ReinterpretCast<uint16_t>(p);
                        auto a = src0.template ReinterpretCast<uint16_t>(p);
                        auto b = src1.template ReinterpretCast<uint16_t>(p);
                        if (op == SymbolOp::And) And(d, a, b, n * 2, p);
                        else Or(d, a, b, n * 2, p);
                    } else {
                        if (op == SymbolOp::And) And(dst, src0, src1, n, p);
                        else Or(dst, src0, src1, n, p);
                    }
                    break;
                }
                default: break;
            }
        } else {
            ascstep_rt::stop(p, "a LocalTensor arithmetic expression assigned to a tensor of another element type");
        }
    }
};
}  // namespace detail

template <class T>
template <class E, class>
LocalTensor<T>& LocalTensor<T>::operator=(const E& e) {
    e.Process(*this);
    return *this;
}

#define ASCSTEP_SYMBOL(OP, KIND, MODE)                                                                        \
    template <class T>                                                                                        \
    detail::SymbolOverride<T> LocalTensor<T>::operator OP(const SymbolOperand& rhs) const {                   \
        return detail::SymbolOverride<T>{*this, rhs.t, detail::SymbolOp::KIND, CMPMODE::MODE, rhs.p};        \
    }
ASCSTEP_SYMBOL(+, Add, EQ)
ASCSTEP_SYMBOL(-, Sub, EQ)
ASCSTEP_SYMBOL(*, Mul, EQ)
ASCSTEP_SYMBOL(/, Div, EQ)
ASCSTEP_SYMBOL(&, And, EQ)
ASCSTEP_SYMBOL(|, Or, EQ)
ASCSTEP_SYMBOL(<, Cmp, LT)
ASCSTEP_SYMBOL(>, Cmp, GT)
ASCSTEP_SYMBOL(<=, Cmp, LE)
ASCSTEP_SYMBOL(>=, Cmp, GE)
ASCSTEP_SYMBOL(==, Cmp, EQ)
ASCSTEP_SYMBOL(!=, Cmp, NE)
#undef ASCSTEP_SYMBOL
}  // namespace AscendC
