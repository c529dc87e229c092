// The library's Sin, Cos, Atan, Erf, Erfc, Fmod and Power's configuration types
// (adv_api/math/{sin,cos,atan,erf,erfc,fmod,power}_utils.h); the functions themselves: Sin and
// Cos: sin.h, cos.h; Tan: tan.h; Atan: atan.h; Asin and Acos: asin.h; Erf and Erfc: erf.h; Sinh
// and Cosh: sinh.h; Asinh, Acosh and Atanh: inverse_hyperbolic.h; Fmod: fmod.h; Power: power.h.
// The enumerators and defaults are CANN's.
#pragma once
#include "kernel_operator.h"

namespace AscendC {
enum class SinAlgo { POLYNOMIAL_APPROXIMATION = 0, RADIAN_REDUCTION };
struct SinConfig {
    SinAlgo algo = SinAlgo::POLYNOMIAL_APPROXIMATION;
};
constexpr SinConfig defaultSinConfig;
enum class CosAlgo { POLYNOMIAL_APPROXIMATION = 0, RADIAN_REDUCTION };
struct CosConfig {
    CosAlgo algo = CosAlgo::POLYNOMIAL_APPROXIMATION;
};
constexpr CosConfig defaultCosConfig;
enum class AtanAlgo { TAYLOR_EXPANSION = 0, POLYNOMIAL_APPROXIMATION };
struct AtanConfig {
    AtanAlgo algo = AtanAlgo::TAYLOR_EXPANSION;
};
constexpr AtanConfig defaultAtanConfig = {AtanAlgo::TAYLOR_EXPANSION};
enum class ErfAlgo { PADE_APPROXIMATION = 0, SUBSECTION_POLYNOMIAL_APPROXIMATION };
struct ErfConfig {
    ErfAlgo algo = ErfAlgo::PADE_APPROXIMATION;
};
constexpr ErfConfig defaultErfConfig = {ErfAlgo::PADE_APPROXIMATION};
constexpr uint32_t FMOD_ITERATION_NUM_MAX = 11;
enum class FmodAlgo { NORMAL = 0, ITERATION_COMPENSATION = 1 };
struct FmodConfig {
    FmodAlgo algo = FmodAlgo::NORMAL;
    uint32_t iterationNum = FMOD_ITERATION_NUM_MAX;
};
constexpr FmodConfig DEFAULT_FMOD_CONFIG = {FmodAlgo::NORMAL, FMOD_ITERATION_NUM_MAX};
enum class PowerAlgo { INTRINSIC = 0, DOUBLE_FLOAT_TECH };
struct PowerConfig {
    PowerAlgo algo = PowerAlgo::INTRINSIC;
};
constexpr PowerConfig defaultPowerConfig = {PowerAlgo::INTRINSIC};

}  // namespace AscendC
