// Value selection per type: a mix of small values, type boundaries, harvested literals,
// compared operands, returned values and strings grown token by token from successful ones.
#include "explore/ValuePool.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace unitgen {
namespace {

constexpr size_t kMaxLearned = 512;
/// Most values of each kind kept of what the project's tests passed (learnObserved).
constexpr size_t kMaxObserved = kMaxLearned / 4;

/// The range of an integer type from its width and signedness.
void rangeOf(const TypeDesc &type, int64_t &lo, uint64_t &hi) {
  int bits = type.kind == TypeKind::Char ? 8 : type.bits > 0 ? type.bits : 32;
  bool isSigned = type.kind == TypeKind::Char ? type.isSigned : type.isSigned;
  if (bits >= 64) {
    lo = isSigned ? std::numeric_limits<int64_t>::min() : 0;
    hi = isSigned ? static_cast<uint64_t>(std::numeric_limits<int64_t>::max())
                  : std::numeric_limits<uint64_t>::max();
    return;
  }
  if (isSigned) {
    lo = -(int64_t(1) << (bits - 1));
    hi = (uint64_t(1) << (bits - 1)) - 1;
  } else {
    lo = 0;
    hi = (uint64_t(1) << bits) - 1;
  }
}

template <typename T> const T &choose(const std::vector<T> &items, std::mt19937_64 &rng) {
  return items[std::uniform_int_distribution<size_t>(0, items.size() - 1)(rng)];
}

} // namespace

ValuePool::ValuePool(const ClassModel &model) {
  literalIntegers_ = model.literals.integers;
  floats_ = {0.0, 1.0, -1.0, 0.5, 2.0, 10.0, 100.0, 1e-9};
  for (double f : model.literals.floats) {
    floats_.push_back(f);
    floats_.push_back(-f);
  }
  for (int64_t i : model.literals.integers)
    floats_.push_back(static_cast<double>(i));
  for (const std::string &s : model.literals.strings) {
    if (stringSet_.insert(s).second)
      strings_.push_back(s);
    // Single-word literals are the vocabulary of the code (keywords, names, separators);
    // sentences are messages, whose words would only dilute it.
    if (!s.empty() && s.size() <= 32 && s.find_first_of(" \t\n") == std::string::npos)
      tokens_.push_back(s);
  }
  for (int64_t i : model.literals.integers)
    numberTokens_.push_back(std::to_string(i));
  for (const Callable &callable : model.callables)
    for (size_t i = 0; i < callable.params.size(); ++i)
      if (isOutputBufferLength(callable, i))
        bufferLengths_.insert({callable.id, i});
  for (const char *s : {"", "a", "abc", " ", "0"})
    if (stringSet_.insert(s).second)
      strings_.push_back(s);
}

std::vector<std::string> ValuePool::vocabulary() const {
  std::vector<std::string> words = tokens_;
  words.insert(words.end(), numberTokens_.begin(), numberTokens_.end());
  return words;
}

void ValuePool::learnCompared(const std::vector<int64_t> &values) {
  for (int64_t v : values) {
    for (int64_t candidate : {v, v + 1, v - 1}) {
      if (learnedIntegers_.size() >= kMaxLearned)
        return;
      if (learnedIntegerSet_.insert(candidate).second)
        learnedIntegers_.push_back(candidate);
    }
  }
}

void ValuePool::learn(const Value &value) {
  switch (value.kind) {
  case Value::Kind::Int:
    if (learnedIntegers_.size() < kMaxLearned && learnedIntegerSet_.insert(value.i).second)
      learnedIntegers_.push_back(value.i);
    break;
  case Value::Kind::UInt:
    if (value.u <= static_cast<uint64_t>(INT64_MAX))
      learn(Value::integer(static_cast<int64_t>(value.u)));
    break;
  case Value::Kind::String:
    if (strings_.size() < 4 * kMaxLearned && stringSet_.insert(value.s).second) {
      strings_.push_back(value.s);
      recentStrings_.push_back(value.s);
      if (recentStrings_.size() > 16)
        recentStrings_.erase(recentStrings_.begin());
    }
    break;
  case Value::Kind::Float:
    if (floats_.size() < kMaxLearned)
      floats_.push_back(value.f);
    break;
  case Value::Kind::List: // a container's elements, as if each were returned
    for (const Value &item : value.items)
      learn(item);
    break;
  default:
    break;
  }
}

void ValuePool::learnArgument(const Value &value, const ParameterSlot &slot) {
  if (value.kind != Value::Kind::String) {
    learn(value);
    return;
  }
  if (strings_.size() < 4 * kMaxLearned && stringSet_.insert(value.s).second)
    strings_.push_back(value.s);
  addToFrontier(value.s, slot);
}

void ValuePool::addToFrontier(const std::string &text, const ParameterSlot &slot) {
  std::vector<std::string> &recent = recentBySlot_[slot];
  if (std::find(recent.begin(), recent.end(), text) != recent.end())
    return;
  recent.push_back(text);
  if (recent.size() > 16)
    recent.erase(recent.begin());
}

void ValuePool::learnObserved(const Value &value, const ParameterSlot &slot) {
  switch (value.kind) {
  case Value::Kind::Int:
  case Value::Kind::UInt: {
    if (value.kind == Value::Kind::UInt && value.u > static_cast<uint64_t>(INT64_MAX))
      break;
    const int64_t number = value.kind == Value::Kind::Int ? value.i : static_cast<int64_t>(value.u);
    if (observedIntegers_.size() < kMaxObserved && learnedIntegerSet_.insert(number).second)
      observedIntegers_.push_back(number);
    break;
  }
  case Value::Kind::String:
    addToFrontier(value.s, slot);
    if (observedStrings_.size() < kMaxObserved && stringSet_.insert(value.s).second)
      observedStrings_.push_back(value.s);
    break;
  case Value::Kind::Float:
    if (observedFloats_.size() < kMaxObserved)
      observedFloats_.push_back(value.f);
    break;
  case Value::Kind::List:
    for (const Value &item : value.items)
      learnObserved(item, slot);
    break;
  default:
    break;
  }
}

Value ValuePool::pick(const TypeDesc &type, std::mt19937_64 &rng, const ParameterSlot *slot) {
  std::uniform_real_distribution<double> coin(0, 1);
  if (type.passing == Passing::Buffer)
    return emptyValue(type);
  // A buffer's length: mostly one a person declares (none, one char, a few, plenty), sometimes
  // any integer (a negative or huge one is never run).
  if (slot && bufferLengths_.count(*slot) && coin(rng) < 0.8) {
    static const int64_t kSizes[] = {0, 1, 2, 3, 4, 8, 16, 32, 64, 200};
    const int64_t size = kSizes[std::uniform_int_distribution<size_t>(0, 9)(rng)];
    return type.isSigned ? Value::integer(size) : Value::unsignedInteger(size);
  }
  // A stream the call writes starts empty: text in it would be overwritten, not appended to.
  if (type.kind == TypeKind::OutputStream)
    return emptyValue(type);
  // An out-parameter mostly starts empty, as a person declares one (`std::string value;`);
  // sometimes from another value, for the calls that read it first (an in-out parameter).
  if (type.isOutParameter() && type.kind != TypeKind::Array && coin(rng) < 0.75)
    return emptyValue(type);
  switch (type.kind) {
  case TypeKind::Bool:
    return Value::boolean(coin(rng) < 0.5);
  case TypeKind::Enum: {
    if (type.enumerators.empty())
      return pickInteger(type, rng);
    if (coin(rng) < 0.95)
      return Value::integer(choose(type.enumerators, rng).second);
    // Another value, but one the enum can hold: for an enum without a fixed underlying type,
    // the values of the smallest bit-field that holds its enumerators ([dcl.enum]); beyond it a
    // value is undefined behaviour of the test, not of the code.
    int64_t least = 0, most = 0;
    for (const auto &[name, value] : type.enumerators) {
      least = std::min(least, value);
      most = std::max(most, value);
    }
    int64_t lo = 0, hi = 1;
    while (hi < most || (least < 0 && -hi - 1 > least))
      hi = hi * 2 + 1;
    lo = least < 0 ? -hi - 1 : 0;
    return Value::integer(std::uniform_int_distribution<int64_t>(lo, hi)(rng));
  }
  case TypeKind::Char:
  case TypeKind::Integer:
    return pickInteger(type, rng);
  case TypeKind::Floating:
    return pickFloating(type, rng);
  case TypeKind::String:
  case TypeKind::InputStream: // the text the stream holds
    return Value::string(pickString(rng, slot));
  case TypeKind::CString:
    return coin(rng) < 0.03 ? Value::null() : Value::string(pickString(rng, slot));
  case TypeKind::File: // no file now and then (`XMLPrinter(FILE *file = 0)` prints to memory)
    return coin(rng) < 0.2 ? Value::null() : Value::string(pickString(rng, slot));
  case TypeKind::Optional:
    if (type.elements.empty() || coin(rng) < 0.15)
      return Value::null();
    return pick(type.elements.front(), rng, slot);
  case TypeKind::UserData: // a few tokens, so that what comes back can be told apart
    return coin(rng) < 0.1 ? Value::null()
                           : Value::integer(std::uniform_int_distribution<int>(1, 3)(rng));
  case TypeKind::Callback: // the counting lambda: code calls what it is given, null or not
    return Value::integer(1);
  case TypeKind::Container:
    return pickContainer(type, rng, false);
  case TypeKind::Array: {
    Value array = pickContainer(type, rng, false);
    // One the call writes mostly starts zeroed, as a person declares a buffer to fill.
    if (type.passing == Passing::Pointer && !type.elements.empty() && coin(rng) < 0.6)
      for (Value &item : array.items)
        item = emptyValue(type.elements.front());
    return array;
  }
  default: // an ArraySize is the array's: its value is unused
    return Value::null();
  }
}

Value ValuePool::pickContainer(const TypeDesc &type, std::mt19937_64 &rng, bool nested) {
  // Mostly empty or a few elements, as a person writes them; now and then enough to grow past
  // a small buffer or a rehash.
  std::uniform_real_distribution<double> coin(0, 1);
  const double roll = coin(rng);
  auto between = [&](size_t lo, size_t hi) {
    return std::uniform_int_distribution<size_t>(lo, hi)(rng);
  };
  // Inner containers stay small: their sizes multiply.
  const size_t size = roll < 0.2              ? 0
                      : roll < 0.75 || nested ? between(1, 3)
                      : roll < 0.95           ? between(4, 8)
                                              : between(9, 32);
  std::vector<Value> items;
  if (type.elements.empty())
    return Value::list(items);
  auto element = [&](const TypeDesc &elementType) {
    if (elementType.kind == TypeKind::Container)
      return pickContainer(elementType, rng, true);
    // An object made from a C string is never null (`const Slice keys[] = {"a"}`), and ends at
    // its first NUL as the C string does.
    if (type.holdsObjects() && elementType.kind == TypeKind::CString) {
      std::string text = pickString(rng, nullptr);
      return Value::string(text.substr(0, text.find('\0')));
    }
    return pick(elementType, rng);
  };
  if (type.isVariant()) { // one of the alternatives, and its value
    const size_t index = between(0, type.elements.size() - 1);
    return Value::list({Value::unsignedInteger(index), element(type.elements[index])});
  }
  if (type.isProduct()) { // one value of each type
    for (const TypeDesc &elementType : type.elements)
      items.push_back(element(elementType));
    return Value::list(std::move(items));
  }
  if (type.isFixedArray()) { // exactly its elements
    for (int64_t k = 0; k < type.length; ++k)
      items.push_back(element(type.elements[0]));
    return Value::list(std::move(items));
  }
  for (size_t k = 0; k < size; ++k) {
    if (type.elements.size() == 2) // a map's entry: key and mapped value
      items.push_back(Value::list({element(type.elements[0]), element(type.elements[1])}));
    else
      items.push_back(element(type.elements[0]));
  }
  return Value::list(std::move(items));
}

Value ValuePool::emptyValue(const TypeDesc &type) {
  switch (type.kind) {
  case TypeKind::Bool:
    return Value::boolean(false);
  case TypeKind::Enum:
    return Value::integer(type.enumerators.empty() ? 0 : type.enumerators.front().second);
  case TypeKind::Char:
  case TypeKind::Integer:
    return type.isSigned ? Value::integer(0) : Value::unsignedInteger(0);
  case TypeKind::Floating:
    return Value::floating(0);
  case TypeKind::String:
  case TypeKind::InputStream:
  case TypeKind::OutputStream:
  case TypeKind::File:
    return Value::string("");
  case TypeKind::CString:
    return type.passing == Passing::Buffer ? Value::string("") : Value::null();
  case TypeKind::Container:
    if (type.isVariant() && !type.elements.empty()) // its first alternative's empty value
      return Value::list({Value::unsignedInteger(0), emptyValue(type.elements.front())});
    if (type.isFixedArray() && !type.elements.empty()) // `std::array<int, 3> values = {0, 0, 0};`
      return Value::list(
          std::vector<Value>(static_cast<size_t>(type.length), emptyValue(type.elements.front())));
    return Value::list({});
  case TypeKind::Array:
    return Value::list({});
  default: // an optional, a token, a callback: none
    return Value::null();
  }
}

Value ValuePool::pickInteger(const TypeDesc &type, std::mt19937_64 &rng) {
  int64_t lo;
  uint64_t hi;
  rangeOf(type, lo, hi);
  bool isUnsigned = lo == 0 && type.kind != TypeKind::Enum;
  std::uniform_real_distribution<double> coin(0, 1);
  double roll = coin(rng);
  int64_t candidate;
  if (type.kind == TypeKind::Char && roll < 0.6) {
    static const std::string printable = "abcxyzABZ019 _-+=,.;:'\"\\\n\t";
    candidate = static_cast<unsigned char>(
        printable[std::uniform_int_distribution<size_t>(0, printable.size() - 1)(rng)]);
  } else if (roll < 0.45) {
    candidate = std::uniform_int_distribution<int64_t>(isUnsigned ? 0 : -2, 10)(rng);
  } else if (roll < 0.65 && !literalIntegers_.empty()) {
    candidate = choose(literalIntegers_, rng) + std::uniform_int_distribution<int>(-1, 1)(rng);
  } else if (roll < 0.72 && !observedIntegers_.empty()) {
    candidate = choose(observedIntegers_, rng);
  } else if (roll < 0.8 && !learnedIntegers_.empty()) {
    candidate = choose(learnedIntegers_, rng);
  } else if (roll < 0.92) {
    // Type boundaries: where overflow and off-by-one bugs live.
    int64_t hiSigned = hi > static_cast<uint64_t>(std::numeric_limits<int64_t>::max())
                           ? std::numeric_limits<int64_t>::max()
                           : static_cast<int64_t>(hi);
    std::vector<int64_t> edges = {lo, lo + 1, hiSigned, hiSigned - 1, 0, 1};
    if (!isUnsigned)
      edges.push_back(-1);
    if (hi > static_cast<uint64_t>(std::numeric_limits<int64_t>::max()) && coin(rng) < 0.3)
      return Value::unsignedInteger(hi);
    candidate = choose(edges, rng);
  } else {
    candidate = std::uniform_int_distribution<int64_t>(-1000, 1000)(rng);
  }
  // Keep the value inside the parameter's type so the literal in a test means the same.
  if (candidate < lo)
    candidate = lo;
  if (candidate >= 0 && static_cast<uint64_t>(candidate) > hi)
    candidate = static_cast<int64_t>(hi);
  if (isUnsigned)
    return Value::unsignedInteger(static_cast<uint64_t>(candidate));
  return Value::integer(candidate);
}

Value ValuePool::pickFloating(const TypeDesc &type, std::mt19937_64 &rng) {
  std::uniform_real_distribution<double> coin(0, 1);
  double roll = coin(rng);
  double value;
  if (roll < 0.15 && !observedFloats_.empty()) {
    value = choose(observedFloats_, rng);
  } else if (roll < 0.5) {
    value = choose(floats_, rng);
  } else if (roll < 0.6) {
    static const double specials[] = {
        std::numeric_limits<double>::infinity(),  -std::numeric_limits<double>::infinity(),
        std::numeric_limits<double>::quiet_NaN(), std::numeric_limits<double>::max(),
        std::numeric_limits<double>::min(),       -0.0};
    value = specials[std::uniform_int_distribution<int>(0, 5)(rng)];
  } else if (roll < 0.8) {
    // Small numbers with one decimal read well in a test.
    value = std::round(std::uniform_real_distribution<double>(0, 200)(rng) * 10) / 10;
  } else {
    value = std::uniform_int_distribution<int>(-10, 300)(rng);
  }
  if (type.bits == 32 && std::isfinite(value))
    value = static_cast<float>(value);
  return Value::floating(value);
}

const std::string &ValuePool::wholeString(std::mt19937_64 &rng) {
  // A quarter: enough that a parameter the tests never called still meets their documents and
  // keys, few enough that the code's literals and what its runs returned keep most picks.
  if (!observedStrings_.empty() && std::uniform_real_distribution<double>(0, 1)(rng) < 0.25)
    return choose(observedStrings_, rng);
  return choose(strings_, rng);
}

std::string ValuePool::pickString(std::mt19937_64 &rng, const ParameterSlot *slot) {
  std::uniform_real_distribution<double> coin(0, 1);
  double roll = coin(rng);
  if (roll < 0.3 || tokens_.empty())
    return wholeString(rng);
  if (roll < 0.9) {
    // Edit a string that already led somewhere, one token at a time: how the inputs of a
    // parser are found when every step (keyword, name, separator) reaches new code.
    std::vector<std::string> words;
    // The newest strings are the frontier of what has been reached: grow them most often,
    // this parameter's own first.
    auto own = slot ? recentBySlot_.find(*slot) : recentBySlot_.end();
    const std::vector<std::string> &recent =
        own != recentBySlot_.end() && !own->second.empty() ? own->second : recentStrings_;
    const std::string &base =
        !recent.empty() && coin(rng) < 0.5 ? choose(recent, rng) : wholeString(rng);
    size_t start = 0;
    while (start <= base.size()) {
      size_t end = base.find(' ', start);
      if (end == std::string::npos)
        end = base.size();
      if (end > start)
        words.push_back(base.substr(start, end - start));
      start = end + 1;
    }
    const std::string &token = !numberTokens_.empty() && coin(rng) < 0.2
                                   ? choose(numberTokens_, rng)
                                   : choose(tokens_, rng);
    double edit = coin(rng);
    std::uniform_int_distribution<size_t> position(0, words.size());
    if (words.empty() || edit < 0.45) {
      words.push_back(token);
    } else if (edit < 0.7) {
      words[position(rng) % words.size()] = token;
    } else if (edit < 0.85) {
      words.insert(words.begin() + static_cast<long>(position(rng)), token);
    } else if (edit < 0.95) {
      words.erase(words.begin() + static_cast<long>(position(rng) % words.size()));
    } else {
      return base + token; // glued, for formats without spaces
    }
    std::string text;
    for (size_t i = 0; i < words.size(); ++i)
      text += (i ? " " : "") + words[i];
    return text;
  }
  std::string text;
  int count = std::uniform_int_distribution<int>(1, 4)(rng);
  for (int i = 0; i < count; ++i)
    text += (i ? " " : "") + choose(tokens_, rng);
  return text;
}

} // namespace unitgen
