// AscendC::Std: the library's subset of the C++ standard library that kernels use (type
// traits, min/max, tuple), as CANN's headers place it. Each name is the standard one.
#pragma once
#include <algorithm>
#include <tuple>
#include <type_traits>
#include <utility>

namespace AscendC {
namespace Std {
using std::bool_constant;
using std::conditional_t;
using std::enable_if_t;
using std::false_type;
using std::forward;
using std::get;
using std::index_sequence;
using std::integral_constant;
using std::is_base_of_v;
using std::is_integral_v;
using std::is_same;
using std::is_same_v;
using std::make_index_sequence;
using std::make_tuple;
using std::remove_cvref_t;
using std::true_type;
using std::tuple;
using std::tuple_element;
using std::tuple_size;
using std::tuple_size_v;

template <class T>
constexpr const T& min(const T& a, const T& b) {
    return b < a ? b : a;
}
template <class T>
constexpr const T& max(const T& a, const T& b) {
    return a < b ? b : a;
}
// false for any type: for a static_assert in a branch that must not be instantiated.
template <class...>
inline constexpr bool always_false_v = false;
template <class T>
inline constexpr bool is_tuple_v = false;
template <class... A>
inline constexpr bool is_tuple_v<std::tuple<A...>> = true;
}  // namespace Std
}  // namespace AscendC
