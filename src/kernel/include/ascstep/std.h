// AscendC::Std: the library's subset of the C++ standard library that kernels use (type
// traits, min/max, tuple, ceil_division), as CANN's headers place it: the standard names, and
// the library's own where they differ or have no standard twin (impl/utils/std).
#pragma once
#include <algorithm>
#include <tuple>
#include <type_traits>
#include <utility>

namespace AscendC {
namespace Std {
using std::add_const;
using std::add_const_t;
using std::add_cv;
using std::add_cv_t;
using std::add_lvalue_reference;
using std::add_lvalue_reference_t;
using std::add_pointer;
using std::add_pointer_t;
using std::add_rvalue_reference;
using std::add_rvalue_reference_t;
using std::add_volatile;
using std::add_volatile_t;
using std::bool_constant;
using std::conditional;
using std::conditional_t;
using std::decay;
using std::decay_t;
using std::declval;
using std::enable_if;
using std::enable_if_t;
using std::false_type;
using std::forward;
using std::get;
using std::ignore;
using std::index_sequence;
using std::integer_sequence;
using std::integral_constant;
using std::is_array;
using std::is_array_v;
using std::is_base_of;
using std::is_base_of_v;
using std::is_class;
using std::is_class_v;
using std::is_const;
using std::is_const_v;
using std::is_convertible;
using std::is_convertible_v;
using std::is_function;
using std::is_function_v;
using std::is_lvalue_reference;
using std::is_lvalue_reference_v;
using std::is_pointer;
using std::is_pointer_v;
using std::is_reference;
using std::is_reference_v;
using std::is_rvalue_reference;
using std::is_rvalue_reference_v;
using std::is_same;
using std::is_same_v;
using std::is_union;
using std::is_union_v;
using std::is_void;
using std::is_void_v;
using std::make_index_sequence;
using std::make_integer_sequence;
using std::make_tuple;
using std::move;
using std::remove_const;
using std::remove_const_t;
using std::remove_cv;
using std::remove_cv_t;
using std::remove_cvref;
using std::remove_cvref_t;
using std::remove_extent;
using std::remove_extent_t;
using std::remove_pointer;
using std::remove_pointer_t;
using std::remove_reference;
using std::remove_reference_t;
using std::remove_volatile;
using std::remove_volatile_t;
using std::tie;
using std::true_type;
using std::tuple;
using std::tuple_element;
using std::tuple_element_t;
using std::tuple_size;
using std::tuple_size_v;

// Where the library's definitions differ from the standard's (impl/utils/std/type_traits):
// half is a floating-point type (bfloat16_t is not), an integral_constant is integral.
template <class T>
struct is_floating_point : bool_constant<std::is_floating_point_v<std::remove_cv_t<T>> || std::is_same_v<std::remove_cv_t<T>, half>> {};
template <class T>
constexpr bool is_floating_point_v = is_floating_point<T>::value;
template <class T>
struct is_integral : bool_constant<std::is_integral_v<std::remove_cv_t<T>>> {};
template <class T, T v>
struct is_integral<integral_constant<T, v>> : true_type {};
template <class T>
constexpr bool is_integral_v = is_integral<T>::value;
// The library's own names.
template <class T, class U>
using IsSame = bool_constant<std::is_same_v<T, U>>;
template <class T, class U>
using IsNotSame = bool_constant<!std::is_same_v<T, U>>;
template <class T, class U>
struct is_same_uncvref : IsSame<std::remove_cvref_t<T>, std::remove_cvref_t<U>> {};
template <size_t v>
using Int = integral_constant<size_t, v>;
template <bool Cond, class IfRes, class ElseRes>
using If = std::conditional_t<Cond, IfRes, ElseRes>;
template <class T, class... A>
struct is_one_of : bool_constant<(std::is_same_v<T, A> || ...)> {};
template <class T, class... A>
inline constexpr bool is_one_of_v = is_one_of<T, A...>::value;
template <class T, T V, T... A>
struct is_one_of_value : bool_constant<((V == A) || ...)> {};
template <class T, T... V>
inline constexpr bool is_one_of_value_v = is_one_of_value<T, V...>::value;
template <auto n, class T>
struct is_constant : false_type {};
template <auto n, class T>
struct is_constant<n, T const> : is_constant<n, T> {};
template <auto n, class T>
struct is_constant<n, T const&> : is_constant<n, T> {};
template <auto n, class T>
struct is_constant<n, T&> : is_constant<n, T> {};
template <auto n, class T>
struct is_constant<n, T&&> : is_constant<n, T> {};
template <auto n, class T, T v>
struct is_constant<n, integral_constant<T, v>> : bool_constant<v == n> {};

template <class T>
constexpr const T& min(const T& a, const T& b) {
    return b < a ? b : a;
}
template <class T>
constexpr const T& max(const T& a, const T& b) {
    return a < b ? b : a;
}
template <class T, class U>
constexpr auto ceil_division(const T& a, const U& b) {
    return (a + b - 1) / b;
}
template <class T, class U>
constexpr auto ceil_align(const T& a, const U& b) {
    return ceil_division(a, b) * b;
}
template <class T, class U>
constexpr auto divide(const T& a, const U& b) {
    return a / b;
}
// false for any type: for a static_assert in a branch that must not be instantiated.
template <class...>
inline constexpr bool always_false_v = false;
template <class T>
inline constexpr bool is_tuple_v = false;
template <class... A>
inline constexpr bool is_tuple_v<std::tuple<A...>> = true;
template <class T>
struct is_tuple : bool_constant<is_tuple_v<T>> {};
}  // namespace Std
}  // namespace AscendC
