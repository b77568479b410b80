// SymWrappers: models of the library functions the code under test calls whose results depend
// on symbolic bytes (memcmp, strcmp, ctype, std::string comparisons and copies); comparisons of
// strings of different lengths leave splices for the engine. The real
// function still runs (same result, side effects and coverage); its wrapper runs just before it
// with the same arguments and returns the expression of the result — only when that
// expression's value agrees with the real result, which it computes too.
#include "symbolic/SymState.h"

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

/// The source of the string copy the next wrapped call makes (CopiesString wrappers).
struct PendingCopy {
  const char *from = nullptr;
  size_t size = 0;
};
PendingCopy gPending;

Handle noteCopy(const char *from, size_t size) {
  gPending = {enabled() ? from : nullptr, size};
  return 0;
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

/// The one input byte an expression depends on (the byte itself, or a function of it such as
/// tolower's), or -1: none, several, or too large to tell cheaply.
int64_t singleInput(Handle h) {
  constexpr int kMaxNodes = 32;
  Handle work[kMaxNodes];
  int size = 0, visited = 0;
  int64_t input = -1;
  work[size++] = h;
  while (size > 0) {
    if (++visited > kMaxNodes)
      return -1;
    const Node &n = arena().node(work[--size]);
    if (n.kind == Kind::InputByte) {
      if (input >= 0 && static_cast<uint64_t>(input) != n.value)
        return -1;
      input = static_cast<int64_t>(n.value);
      continue;
    }
    for (int k = 0; k < arityOf(n.kind); ++k) {
      if (size == kMaxNodes)
        return -1;
      work[size++] = n.ops[k];
    }
  }
  return input;
}

/// When p[0..np) is made of consecutive input bytes and q[0..nq) is of another length: the
/// engine may splice q's bytes of this execution in where those bytes are (SymPathLog.h). q may
/// come from inputs too (a column name the query chose, looked up by a later call's argument):
/// the splice changes p's argument only, so q keeps these bytes.
void noteSplice(const char *p, size_t np, const char *q, size_t nq) {
  if (np == 0 || np == nq || np > kMaxSymbolicBytes)
    return;
  int64_t first = -1;
  for (size_t i = 0; i < np; ++i) {
    Handle byte = symbolicByte(p + i);
    int64_t input = byte ? singleInput(byte) : -1;
    if (input < 0 || (i > 0 && input != first + static_cast<int64_t>(i)))
      return;
    if (i == 0)
      first = input;
  }
  gState.log.addSplice(static_cast<uint32_t>(first), static_cast<uint32_t>(np), q, nq);
}

void noteSplices(const char *p, size_t np, const char *q, size_t nq) {
  noteSplice(p, np, q, nq);
  noteSplice(q, nq, p, np);
}

/// basic_string::compare's expression: bytes of the common prefix, then the length difference.
Handle stringCompare(const char *p, size_t np, const char *q, size_t nq) {
  noteSplices(p, np, q, nq);
  Handle tail = c(static_cast<uint32_t>(clampedDifference(np, nq)), 32);
  return compareChain(p, q, np < nq ? np : nq, tail, false);
}

/// Equality of two byte strings of known lengths (different lengths: concretely false, and a
/// splice for the engine).
Handle stringEqual(const char *p, size_t np, const char *q, size_t nq) {
  if (np != nq) {
    noteSplices(p, np, q, nq);
    return 0;
  }
  return equalChain(p, q, np);
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

/// A ctype predicate: `cond ? <the nonzero result a true example gives> : 0`.
template <Handle (*Cond)(Handle), int (*Real)(int)>
Handle ctypePredicate(const void *self, int ch, int trueExample) {
  Params<1> params(self);
  Handle x = enabled() ? checked(params.h[0], 32, false) : 0;
  if (!x)
    return 0;
  Handle h = arena().ite(Cond(x), c(static_cast<uint32_t>(Real(trueExample)), 32), c(0, 32));
  return agreeing(h, static_cast<uint32_t>(Real(ch)), 32);
}

Handle isAlnum(Handle x) { return arena().predicate(Kind::BoolOr, isAlpha(x), isDigit(x)); }

} // namespace

#define SELF(Name) reinterpret_cast<const void *>(&__unitgen_sym_wrap_##Name)

extern "C" {

uint32_t __unitgen_sym_wrap_memcmp(const void *a, const void *b, size_t n) {
  Params<3> params(SELF(memcmp));
  if (!shadowed())
    return 0;
  concretize(params.h[2], n, 64);
  Handle h =
      compareChain(static_cast<const char *>(a), static_cast<const char *>(b), n, c(0, 32), false);
  return agreeing(h, static_cast<uint32_t>(std::memcmp(a, b, n)), 32);
}

/// bcmp only promises zero or nonzero: its expression is memcmp's unless that disagrees.
uint32_t __unitgen_sym_wrap_bcmp(const void *a, const void *b, size_t n) {
  Params<3> params(SELF(bcmp));
  if (!shadowed())
    return 0;
  concretize(params.h[2], n, 64);
  Handle h =
      compareChain(static_cast<const char *>(a), static_cast<const char *>(b), n, c(0, 32), false);
  return agreeing(h, static_cast<uint32_t>(bcmp(a, b, n)), 32);
}

uint32_t __unitgen_sym_wrap_strcmp(const char *a, const char *b) {
  Params<2> params(SELF(strcmp));
  if (!shadowed())
    return 0;
  size_t la = std::strlen(a), lb = std::strlen(b);
  Handle h = compareChain(a, b, (la < lb ? la : lb) + 1, c(0, 32), true);
  return agreeing(h, static_cast<uint32_t>(std::strcmp(a, b)), 32);
}

uint32_t __unitgen_sym_wrap_strncmp(const char *a, const char *b, size_t n) {
  Params<3> params(SELF(strncmp));
  if (!shadowed())
    return 0;
  concretize(params.h[2], n, 64);
  size_t la = strnlen(a, n), lb = strnlen(b, n);
  size_t length = (la < lb ? la : lb) + 1;
  Handle h = compareChain(a, b, length < n ? length : n, c(0, 32), true);
  return agreeing(h, static_cast<uint32_t>(std::strncmp(a, b, n)), 32);
}

/// The length stays concrete; what keeps it so (no symbolic byte before the end is NUL, the
/// end is) is recorded as a concretization.
uint32_t __unitgen_sym_wrap_strlen(const char *s) {
  Params<1> params(SELF(strlen));
  if (!shadowed())
    return 0;
  size_t length = std::strlen(s);
  if (length >= kMaxSymbolicBytes)
    return 0;
  Handle condition = 0;
  for (size_t i = 0; i <= length; ++i) {
    Handle byte = symbolicByte(s + i);
    if (!byte)
      continue;
    Handle keep = arena().predicate(i < length ? Kind::Distinct : Kind::Equal, byte, c(0, 8));
    condition = condition ? arena().predicate(Kind::BoolAnd, condition, keep) : keep;
  }
  if (condition)
    recordBranch(__unitgen_sym_site, condition, true, true);
  return 0;
}

uint32_t __unitgen_sym_wrap_memchr(const void *s, int ch, size_t n) {
  Params<3> params(SELF(memchr));
  if (!enabled() || (!params.h[1] && gState.shadow.empty()) || n > kMaxSymbolicBytes)
    return 0;
  concretize(params.h[2], n, 64);
  const char *p = static_cast<const char *>(s);
  Handle wanted = checked(params.h[1], 32, false);
  Handle target = wanted ? arena().extract(wanted, 0, 8) : c(static_cast<unsigned char>(ch), 8);
  Handle chain = c(0, 64);
  bool symbolic = wanted != 0;
  for (size_t i = n; i-- > 0 && chain;) {
    Handle byte = symbolicByte(p + i);
    if (!byte && !wanted) {
      if (static_cast<unsigned char>(p[i]) == static_cast<unsigned char>(ch)) {
        chain = c(reinterpret_cast<uintptr_t>(p + i), 64);
        symbolic = false; // later bytes are never reached
      }
      continue;
    }
    symbolic = true;
    Handle hit = arena().predicate(Kind::Equal, byteNode(p + i, byte), target);
    chain = arena().ite(hit, c(reinterpret_cast<uintptr_t>(p + i), 64), chain);
  }
  return symbolic ? agreeing(chain, reinterpret_cast<uintptr_t>(std::memchr(s, ch, n)), 64) : 0;
}

uint32_t __unitgen_sym_wrap_isdigit(int ch) {
  return ctypePredicate<isDigit, ::isdigit>(SELF(isdigit), ch, '0');
}
uint32_t __unitgen_sym_wrap_isalpha(int ch) {
  return ctypePredicate<isAlpha, ::isalpha>(SELF(isalpha), ch, 'a');
}
uint32_t __unitgen_sym_wrap_isalnum(int ch) {
  return ctypePredicate<isAlnum, ::isalnum>(SELF(isalnum), ch, 'a');
}
uint32_t __unitgen_sym_wrap_isspace(int ch) {
  return ctypePredicate<isSpace, ::isspace>(SELF(isspace), ch, ' ');
}
uint32_t __unitgen_sym_wrap_isupper(int ch) {
  return ctypePredicate<isUpper, ::isupper>(SELF(isupper), ch, 'A');
}
uint32_t __unitgen_sym_wrap_islower(int ch) {
  return ctypePredicate<isLower, ::islower>(SELF(islower), ch, 'a');
}

uint32_t __unitgen_sym_wrap_tolower(int ch) {
  Params<1> params(SELF(tolower));
  Handle x = enabled() ? checked(params.h[0], 32, false) : 0;
  if (!x)
    return 0;
  Handle h = arena().ite(isUpper(x), arena().binary(Kind::Add, 32, x, c(32, 32)), x);
  return agreeing(h, static_cast<uint32_t>(::tolower(ch)), 32);
}

uint32_t __unitgen_sym_wrap_toupper(int ch) {
  Params<1> params(SELF(toupper));
  Handle x = enabled() ? checked(params.h[0], 32, false) : 0;
  if (!x)
    return 0;
  Handle h = arena().ite(isLower(x), arena().binary(Kind::Sub, 32, x, c(32, 32)), x);
  return agreeing(h, static_cast<uint32_t>(::toupper(ch)), 32);
}

// --- std::string --------------------------------------------------------------------------

#define STRING_RELATION(Name, Expression, HandleExpression)                                        \
  uint32_t __unitgen_sym_wrap_##Name(const std::string *a, const std::string *b) {                 \
    Params<2> params(SELF(Name));                                                                  \
    if (!shadowed())                                                                               \
      return 0;                                                                                    \
    return agreeing(HandleExpression, Expression, 1);                                              \
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

uint32_t __unitgen_sym_wrap_string_eq_cstr(const std::string *a, const char *b) {
  Params<2> params(SELF(string_eq_cstr));
  if (!shadowed())
    return 0;
  return agreeing(stringEqual(a->data(), a->size(), b, std::strlen(b)), *a == b, 1);
}

uint32_t __unitgen_sym_wrap_cstr_eq_string(const char *a, const std::string *b) {
  Params<2> params(SELF(cstr_eq_string));
  if (!shadowed())
    return 0;
  return agreeing(stringEqual(a, std::strlen(a), b->data(), b->size()), a == *b, 1);
}

uint32_t __unitgen_sym_wrap_string_ne_cstr(const std::string *a, const char *b) {
  Params<2> params(SELF(string_ne_cstr));
  if (!shadowed())
    return 0;
  return agreeing(arena().boolNot(stringEqual(a->data(), a->size(), b, std::strlen(b))), *a != b,
                  1);
}

uint32_t __unitgen_sym_wrap_cstr_ne_string(const char *a, const std::string *b) {
  Params<2> params(SELF(cstr_ne_string));
  if (!shadowed())
    return 0;
  return agreeing(arena().boolNot(stringEqual(a, std::strlen(a), b->data(), b->size())), a != *b,
                  1);
}

uint32_t __unitgen_sym_wrap_string_compare(const std::string *a, const std::string *b) {
  Params<2> params(SELF(string_compare));
  if (!shadowed())
    return 0;
  Handle h = stringCompare(a->data(), a->size(), b->data(), b->size());
  return agreeing(h, static_cast<uint32_t>(a->compare(*b)), 32);
}

uint32_t __unitgen_sym_wrap_string_compare_cstr(const std::string *a, const char *b) {
  Params<2> params(SELF(string_compare_cstr));
  if (!shadowed())
    return 0;
  Handle h = stringCompare(a->data(), a->size(), b, std::strlen(b));
  return agreeing(h, static_cast<uint32_t>(a->compare(b)), 32);
}

// Copies: the wrapper notes where the bytes come from before the real call (a move empties its
// source; a short string's bytes then live on only in the shadow of the source's inline
// buffer, which uninstrumented code did not touch), string_copied moves their shadow after.
uint32_t __unitgen_sym_wrap_string_copy_ctor(std::string *, const std::string *other) {
  return noteCopy(other->data(), other->size());
}
uint32_t __unitgen_sym_wrap_string_copy_ctor2(std::string *, const std::string *other) {
  return noteCopy(other->data(), other->size());
}
uint32_t __unitgen_sym_wrap_string_move_ctor(std::string *, std::string *other) {
  return noteCopy(other->data(), other->size());
}
uint32_t __unitgen_sym_wrap_string_move_ctor2(std::string *, std::string *other) {
  return noteCopy(other->data(), other->size());
}
uint32_t __unitgen_sym_wrap_string_copy_assign(std::string *, const std::string *other) {
  return noteCopy(other->data(), other->size());
}
uint32_t __unitgen_sym_wrap_string_move_assign(std::string *, std::string *other) {
  return noteCopy(other->data(), other->size());
}

uint32_t __unitgen_sym_wrap_string_substr(std::string *, const std::string *self, size_t pos,
                                          size_t n) {
  Params<4> params(SELF(string_substr));
  concretize(params.h[2], pos, 64);
  concretize(params.h[3], n, 64);
  if (pos > self->size())
    return noteCopy(nullptr, 0); // substr throws std::out_of_range
  size_t available = self->size() - pos;
  return noteCopy(self->data() + pos, n < available ? n : available);
}

void __unitgen_sym_string_copied(void *target) {
  PendingCopy pending = gPending;
  gPending = {};
  if (!pending.from || !shadowed())
    return;
  auto *s = static_cast<const std::string *>(target);
  copyShadow(s->data(), pending.from, pending.size < s->size() ? pending.size : s->size());
}

} // extern "C"
