// SymWrappers: library functions the code under test calls whose results depend on symbolic
// bytes (memcmp, strcmp, ctype, std::string comparison and copies). Each wrapper computes the
// real result with the real function and, beside it, the expression of that result, which it
// returns only when its concrete value agrees with the real one.
#include "SymState.h"

#include <cctype>
#include <climits>
#include <cstring>
#include <new>
#include <string>

using namespace unitgen_rt::sym;

namespace {

/// Longest byte range a wrapper turns into an expression; longer ones stay concrete.
constexpr size_t kMaxSymbolicBytes = 4096;

ExprArena &arena() { return gState.arena; }
Handle c(uint64_t bits, uint16_t width) { return arena().constant(bits, width); }

/// The handles the instrumented caller left for this wrapper (zeros if it was not called from
/// instrumented code, or through something else).
template <int N> struct Params {
  Handle h[N];
  explicit Params(const void *self) {
    bool mine = __unitgen_sym_callee == self;
    __unitgen_sym_callee = nullptr;
    for (int i = 0; i < N; ++i)
      h[i] = mine ? __unitgen_sym_params[i] : 0;
  }
};

void setReturn(const void *self, Handle h) {
  __unitgen_sym_ret = h;
  __unitgen_sym_ret_from = const_cast<void *>(self);
}

/// `h` if its value in this execution is `actual`, else 0: an expression that disagrees with
/// what really happened would mislead the solver.
Handle agreeing(Handle h, uint64_t actual, uint16_t width) {
  if (!h || arena().node(h).concrete != maskTo(actual, width))
    return 0;
  return h;
}

bool shadowed() { return enabled() && !gState.shadow.empty(); }

Handle symbolicByte(const char *p) {
  return gState.shadow.byteAt(arena(), reinterpret_cast<const unsigned char *>(p));
}
Handle byteNode(const char *p, Handle symbolic) {
  return symbolic ? symbolic : c(static_cast<unsigned char>(*p), 8);
}

/// A size or index argument the wrapper needs as a number: fixed to its value in the path.
void concretize(Handle h, uint64_t value, uint16_t bits) {
  if (h)
    __unitgen_sym_concretize(h, value, bits, __unitgen_sym_site);
}

/// The three-way comparison of p[0..n) with q[0..n) (memcmp's: the first differing bytes'
/// difference as unsigned chars), `tail` when they are equal; 0 when no symbolic byte matters.
/// With `stopAtNul`, equal NUL bytes end the comparison (strcmp).
Handle compareChain(const char *p, const char *q, size_t n, Handle tail, bool stopAtNul) {
  if (n > kMaxSymbolicBytes || !tail)
    return 0;
  Handle result = tail;
  bool symbolic = false;
  for (size_t i = n; i-- > 0;) {
    Handle sp = symbolicByte(p + i), sq = symbolicByte(q + i);
    auto up = static_cast<unsigned char>(p[i]), uq = static_cast<unsigned char>(q[i]);
    if (!sp && !sq) {
      if (up != uq || (stopAtNul && up == 0)) {
        result = c(static_cast<uint32_t>(int(up) - int(uq)), 32);
        symbolic = false; // later bytes are never reached
      }
      continue;
    }
    symbolic = true;
    Handle a = byteNode(p + i, sp), b = byteNode(q + i, sq);
    Handle same = arena().predicate(Kind::Equal, a, b);
    if (stopAtNul)
      same = arena().predicate(Kind::BoolAnd, same, arena().predicate(Kind::Distinct, a, c(0, 8)));
    Handle difference =
        arena().binary(Kind::Sub, 32, arena().zeroExtend(a, 32), arena().zeroExtend(b, 32));
    result = arena().ite(same, result, difference);
    if (!result)
      return 0;
  }
  return symbolic ? result : 0;
}

/// p[0..n) == q[0..n) as a boolean; 0 when it does not depend on a symbolic byte.
Handle equalChain(const char *p, const char *q, size_t n) {
  if (n > kMaxSymbolicBytes)
    return 0;
  Handle result = 0;
  for (size_t i = 0; i < n; ++i) {
    Handle sp = symbolicByte(p + i), sq = symbolicByte(q + i);
    if (!sp && !sq) {
      if (p[i] != q[i])
        return 0; // concretely different whatever the symbolic bytes are
      continue;
    }
    Handle same = arena().predicate(Kind::Equal, byteNode(p + i, sp), byteNode(q + i, sq));
    result = result ? arena().predicate(Kind::BoolAnd, result, same) : same;
    if (!result)
      return 0;
  }
  return result;
}

int clampedDifference(size_t a, size_t b) {
  auto d = static_cast<long long>(a) - static_cast<long long>(b);
  return d > INT_MAX ? INT_MAX : d < INT_MIN ? INT_MIN : static_cast<int>(d);
}

/// basic_string::compare's expression: bytes of the common prefix, then the length difference.
Handle stringCompare(const char *p, size_t np, const char *q, size_t nq) {
  Handle tail = c(static_cast<uint32_t>(clampedDifference(np, nq)), 32);
  return compareChain(p, q, np < nq ? np : nq, tail, false);
}

/// Equality of two byte strings of known lengths (different lengths: concretely false).
Handle stringEqual(const char *p, size_t np, const char *q, size_t nq) {
  return np == nq ? equalChain(p, q, np) : 0;
}

Handle relation(Kind kind, Handle compare) {
  return compare ? arena().predicate(kind, compare, c(0, 32)) : 0;
}

/// Shadow of `n` bytes copied from `from` (read before the copy) to `to`.
void copyShadow(const char *to, const char *from, size_t n) {
  if (shadowed() && to != from)
    gState.shadow.copy(reinterpret_cast<const unsigned char *>(to),
                       reinterpret_cast<const unsigned char *>(from), n);
}

/// The classes of <cctype> in the C locale, as conditions on an int.
Handle inRange(Handle x, int low, int count) {
  return arena().predicate(Kind::Ult, arena().binary(Kind::Sub, 32, x, c(uint32_t(low), 32)),
                           c(uint32_t(count), 32));
}
Handle isUpper(Handle x) { return inRange(x, 'A', 26); }
Handle isLower(Handle x) { return inRange(x, 'a', 26); }
Handle isDigit(Handle x) { return inRange(x, '0', 10); }
Handle isAlpha(Handle x) { return arena().predicate(Kind::BoolOr, isUpper(x), isLower(x)); }
Handle isSpace(Handle x) {
  return arena().predicate(Kind::BoolOr, arena().predicate(Kind::Equal, x, c(' ', 32)),
                           inRange(x, '\t', 5));
}

/// A ctype predicate: the real result, and `cond ? <the real nonzero result> : 0`.
template <Handle (*Cond)(Handle), int (*Real)(int)>
int ctypePredicate(const void *self, int ch, int trueExample) {
  Params<1> params(self);
  int result = Real(ch);
  Handle h = 0;
  if (enabled() && params.h[0]) {
    Handle x = checked(params.h[0], 32, false);
    if (x)
      h = arena().ite(Cond(x), c(static_cast<uint32_t>(Real(trueExample)), 32), c(0, 32));
  }
  setReturn(self, agreeing(h, static_cast<uint32_t>(result), 32));
  return result;
}

Handle isAlnum(Handle x) { return arena().predicate(Kind::BoolOr, isAlpha(x), isDigit(x)); }

} // namespace

#define SELF(Name) reinterpret_cast<const void *>(&__unitgen_sym_wrap_##Name)

extern "C" {

int __unitgen_sym_wrap_memcmp(const void *a, const void *b, size_t n) {
  Params<3> params(SELF(memcmp));
  int result = std::memcmp(a, b, n);
  Handle h = 0;
  if (shadowed()) {
    concretize(params.h[2], n, 64);
    h = compareChain(static_cast<const char *>(a), static_cast<const char *>(b), n, c(0, 32),
                     false);
  }
  setReturn(SELF(memcmp), agreeing(h, static_cast<uint32_t>(result), 32));
  return result;
}

/// bcmp only promises zero or nonzero; memcmp's result is a valid one and has an expression.
int __unitgen_sym_wrap_bcmp(const void *a, const void *b, size_t n) {
  Params<3> params(SELF(bcmp));
  int result = std::memcmp(a, b, n);
  Handle h = 0;
  if (shadowed()) {
    concretize(params.h[2], n, 64);
    h = compareChain(static_cast<const char *>(a), static_cast<const char *>(b), n, c(0, 32),
                     false);
  }
  setReturn(SELF(bcmp), agreeing(h, static_cast<uint32_t>(result), 32));
  return result;
}

int __unitgen_sym_wrap_strcmp(const char *a, const char *b) {
  Params<2> params(SELF(strcmp));
  int result = std::strcmp(a, b);
  Handle h = 0;
  if (shadowed()) {
    size_t la = std::strlen(a), lb = std::strlen(b);
    h = compareChain(a, b, (la < lb ? la : lb) + 1, c(0, 32), true);
  }
  setReturn(SELF(strcmp), agreeing(h, static_cast<uint32_t>(result), 32));
  return result;
}

int __unitgen_sym_wrap_strncmp(const char *a, const char *b, size_t n) {
  Params<3> params(SELF(strncmp));
  int result = std::strncmp(a, b, n);
  Handle h = 0;
  if (shadowed()) {
    concretize(params.h[2], n, 64);
    size_t la = strnlen(a, n), lb = strnlen(b, n);
    size_t length = (la < lb ? la : lb) + 1;
    h = compareChain(a, b, length < n ? length : n, c(0, 32), true);
  }
  setReturn(SELF(strncmp), agreeing(h, static_cast<uint32_t>(result), 32));
  return result;
}

/// The length stays concrete; what keeps it so (no symbolic byte before the end is NUL, the
/// end is) is recorded as a concretization.
size_t __unitgen_sym_wrap_strlen(const char *s) {
  Params<1> params(SELF(strlen));
  size_t result = std::strlen(s);
  if (shadowed() && result < kMaxSymbolicBytes) {
    Handle condition = 0;
    for (size_t i = 0; i <= result; ++i) {
      Handle byte = symbolicByte(s + i);
      if (!byte)
        continue;
      Handle keep = arena().predicate(i < result ? Kind::Distinct : Kind::Equal, byte, c(0, 8));
      condition = condition ? arena().predicate(Kind::BoolAnd, condition, keep) : keep;
    }
    if (condition)
      recordBranch(__unitgen_sym_site, condition, true, true);
  }
  setReturn(SELF(strlen), 0);
  return result;
}

void *__unitgen_sym_wrap_memchr(const void *s, int ch, size_t n) {
  Params<3> params(SELF(memchr));
  const void *result = std::memchr(s, ch, n);
  Handle h = 0;
  if (enabled() && (params.h[1] || !gState.shadow.empty()) && n <= kMaxSymbolicBytes) {
    concretize(params.h[2], n, 64);
    const char *p = static_cast<const char *>(s);
    Handle wanted = checked(params.h[1], 32, false);
    Handle target = wanted ? arena().extract(wanted, 0, 8) : c(static_cast<unsigned char>(ch), 8);
    Handle chain = c(0, 64);
    bool symbolic = wanted != 0;
    for (size_t i = n; i-- > 0;) {
      Handle byte = symbolicByte(p + i);
      if (!byte && !wanted) {
        if (static_cast<unsigned char>(p[i]) == static_cast<unsigned char>(ch)) {
          chain = c(reinterpret_cast<uintptr_t>(p + i), 64);
          symbolic = false;
        }
        continue;
      }
      symbolic = true;
      Handle hit = arena().predicate(Kind::Equal, byteNode(p + i, byte), target);
      chain = arena().ite(hit, c(reinterpret_cast<uintptr_t>(p + i), 64), chain);
      if (!chain)
        break;
    }
    h = symbolic ? chain : 0;
  }
  setReturn(SELF(memchr), agreeing(h, reinterpret_cast<uintptr_t>(result), 64));
  return const_cast<void *>(result);
}

int __unitgen_sym_wrap_isdigit(int ch) {
  return ctypePredicate<isDigit, ::isdigit>(SELF(isdigit), ch, '0');
}
int __unitgen_sym_wrap_isalpha(int ch) {
  return ctypePredicate<isAlpha, ::isalpha>(SELF(isalpha), ch, 'a');
}
int __unitgen_sym_wrap_isalnum(int ch) {
  return ctypePredicate<isAlnum, ::isalnum>(SELF(isalnum), ch, 'a');
}
int __unitgen_sym_wrap_isspace(int ch) {
  return ctypePredicate<isSpace, ::isspace>(SELF(isspace), ch, ' ');
}
int __unitgen_sym_wrap_isupper(int ch) {
  return ctypePredicate<isUpper, ::isupper>(SELF(isupper), ch, 'A');
}
int __unitgen_sym_wrap_islower(int ch) {
  return ctypePredicate<isLower, ::islower>(SELF(islower), ch, 'a');
}

int __unitgen_sym_wrap_tolower(int ch) {
  Params<1> params(SELF(tolower));
  int result = ::tolower(ch);
  Handle h = 0;
  if (enabled())
    if (Handle x = checked(params.h[0], 32, false))
      h = arena().ite(isUpper(x), arena().binary(Kind::Add, 32, x, c(32, 32)), x);
  setReturn(SELF(tolower), agreeing(h, static_cast<uint32_t>(result), 32));
  return result;
}

int __unitgen_sym_wrap_toupper(int ch) {
  Params<1> params(SELF(toupper));
  int result = ::toupper(ch);
  Handle h = 0;
  if (enabled())
    if (Handle x = checked(params.h[0], 32, false))
      h = arena().ite(isLower(x), arena().binary(Kind::Sub, 32, x, c(32, 32)), x);
  setReturn(SELF(toupper), agreeing(h, static_cast<uint32_t>(result), 32));
  return result;
}

// --- std::string --------------------------------------------------------------------------

#define STRING_RELATION(Name, Expression, HandleExpression)                                        \
  bool __unitgen_sym_wrap_##Name(const std::string *a, const std::string *b) {                     \
    Params<2> params(SELF(Name));                                                                  \
    bool result = (Expression);                                                                    \
    Handle h = shadowed() ? (HandleExpression) : 0;                                                \
    setReturn(SELF(Name), agreeing(h, result, 1));                                                 \
    return result;                                                                                 \
  }

STRING_RELATION(string_eq, *a == *b, stringEqual(a->data(), a->size(), b->data(), b->size()))
STRING_RELATION(string_ne, *a != *b,
                arena().boolNot(stringEqual(a->data(), a->size(), b->data(), b->size())))
STRING_RELATION(string_lt, *a < *b,
                relation(Kind::Slt, stringCompare(a->data(), a->size(), b->data(), b->size())))
STRING_RELATION(string_gt, *a > *b,
                relation(Kind::Sgt, stringCompare(a->data(), a->size(), b->data(), b->size())))
STRING_RELATION(string_le, *a <= *b,
                relation(Kind::Sle, stringCompare(a->data(), a->size(), b->data(), b->size())))
STRING_RELATION(string_ge, *a >= *b,
                relation(Kind::Sge, stringCompare(a->data(), a->size(), b->data(), b->size())))

bool __unitgen_sym_wrap_string_eq_cstr(const std::string *a, const char *b) {
  Params<2> params(SELF(string_eq_cstr));
  bool result = *a == b;
  Handle h = shadowed() ? stringEqual(a->data(), a->size(), b, std::strlen(b)) : 0;
  setReturn(SELF(string_eq_cstr), agreeing(h, result, 1));
  return result;
}

bool __unitgen_sym_wrap_cstr_eq_string(const char *a, const std::string *b) {
  Params<2> params(SELF(cstr_eq_string));
  bool result = a == *b;
  Handle h = shadowed() ? stringEqual(a, std::strlen(a), b->data(), b->size()) : 0;
  setReturn(SELF(cstr_eq_string), agreeing(h, result, 1));
  return result;
}

bool __unitgen_sym_wrap_string_ne_cstr(const std::string *a, const char *b) {
  Params<2> params(SELF(string_ne_cstr));
  bool result = *a != b;
  Handle h = shadowed() ? arena().boolNot(stringEqual(a->data(), a->size(), b, std::strlen(b))) : 0;
  setReturn(SELF(string_ne_cstr), agreeing(h, result, 1));
  return result;
}

bool __unitgen_sym_wrap_cstr_ne_string(const char *a, const std::string *b) {
  Params<2> params(SELF(cstr_ne_string));
  bool result = a != *b;
  Handle h = shadowed() ? arena().boolNot(stringEqual(a, std::strlen(a), b->data(), b->size())) : 0;
  setReturn(SELF(cstr_ne_string), agreeing(h, result, 1));
  return result;
}

int __unitgen_sym_wrap_string_compare(const std::string *a, const std::string *b) {
  Params<2> params(SELF(string_compare));
  int result = a->compare(*b);
  Handle h = shadowed() ? stringCompare(a->data(), a->size(), b->data(), b->size()) : 0;
  setReturn(SELF(string_compare), agreeing(h, static_cast<uint32_t>(result), 32));
  return result;
}

int __unitgen_sym_wrap_string_compare_cstr(const std::string *a, const char *b) {
  Params<2> params(SELF(string_compare_cstr));
  int result = a->compare(b);
  Handle h = shadowed() ? stringCompare(a->data(), a->size(), b, std::strlen(b)) : 0;
  setReturn(SELF(string_compare_cstr), agreeing(h, static_cast<uint32_t>(result), 32));
  return result;
}

void __unitgen_sym_wrap_string_copy_ctor(std::string *self, const std::string *other) {
  new (self) std::string(*other);
  copyShadow(self->data(), other->data(), self->size());
}

void __unitgen_sym_wrap_string_copy_ctor2(std::string *self, const std::string *other) {
  new (self) std::string(*other);
  copyShadow(self->data(), other->data(), self->size());
}

/// A moved short string is copied out of the source's inline buffer, whose shadow entries are
/// still there (the source's bytes were overwritten by uninstrumented code, not its shadow).
void __unitgen_sym_wrap_string_move_ctor(std::string *self, std::string *other) {
  const char *from = other->data();
  new (self) std::string(std::move(*other));
  copyShadow(self->data(), from, self->size());
}

void __unitgen_sym_wrap_string_move_ctor2(std::string *self, std::string *other) {
  const char *from = other->data();
  new (self) std::string(std::move(*other));
  copyShadow(self->data(), from, self->size());
}

std::string *__unitgen_sym_wrap_string_copy_assign(std::string *self, const std::string *other) {
  *self = *other;
  copyShadow(self->data(), other->data(), self->size());
  return self;
}

std::string *__unitgen_sym_wrap_string_move_assign(std::string *self, std::string *other) {
  const char *from = other->data();
  *self = std::move(*other);
  copyShadow(self->data(), from, self->size());
  return self;
}

void __unitgen_sym_wrap_string_substr(std::string *result, const std::string *self, size_t pos,
                                      size_t n) {
  Params<4> params(SELF(string_substr));
  concretize(params.h[2], pos, 64);
  concretize(params.h[3], n, 64);
  new (result) std::string(self->substr(pos, n)); // throws std::out_of_range like substr
  copyShadow(result->data(), self->data() + pos, result->size());
}

} // extern "C"
