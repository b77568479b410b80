// A small class for executor tests: misbehaves on chosen arguments.
#pragma once

#include <array>
#include <cstddef>
#include <functional>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <istream>
#include <map>
#include <memory>
#include <ostream>
#include <string>
#include <string_view>
#include <tuple>
#include <unordered_set>
#include <utility>
#include <variant>
#include <vector>

/// An interface nothing in the project implements: tests get a mock of it.
class Visitor {
public:
  virtual ~Visitor();
  virtual void visit(int step) = 0;
  virtual bool wantsMore() const = 0;
  virtual void note(const char *text) = 0;
};

/// A view of text, made from a C string.
struct Word {
  Word() = default;
  Word(const char *text) : text(text) {}
  const char *text = "";
};

class Counter {
public:
  Counter() = default;
  void add(int amount);
  int value() const { return value_; }
  bool repOK() const;
  /// Throws std::invalid_argument for negative amounts; other magic values misbehave:
  /// 3 segfaults, 4 loops forever, 5 throws an int, 6 aborts, 7 allocates without bound,
  /// 8 fills memory slower than the call time-out (8 MB every 10 ms), 9 fails an assert on it,
  /// 10 reads one element past a heap array (only a sanitizer notices), 11 fails a helper's
  /// assert once the value is 100 or more, 12 fails a helper's assert on the argument.
  void poke(int code);
  std::string label() const;
  /// Out-parameters: false, writing nothing, while the value is 0; else the value into `*out`,
  /// the label appended to `text`, and `*name` pointed at the class's name.
  bool read(int *out, std::string &text, const char **name) const;
  /// Calls `visit(step, context)` for each multiple of 5 up to the value; returns how many.
  int each(void (*visit)(int step, void *context), void *context) const;
  /// Visits each multiple of 5 up to the value while the visitor wants more; returns how many.
  int accept(Visitor *visitor) const;
  /// The value as text in `buffer` (snprintf: cut to `size - 1` chars and terminated); returns
  /// the length of the whole text.
  int print(char *buffer, int size) const;
  /// Keeps `context` (user data, never read) and returns the one kept before.
  void *swapContext(void *context);
  /// True for a text that starts with "ok" (whatever follows).
  bool tagged(const std::string &text) const;
  /// Containers (of `long`, a type the driver runtime does not use itself: the runtime would
  /// otherwise share libstdc++'s instrumented instances with the code under test and add edges
  /// to the first request): how often each word occurs; the multiples of 5 up to the value appended
  /// to `out`; the value's decimal digits; 0 .. value - 1; {value / 2, 0.5, or NaN at value 7}; the
  /// length of the longest group.
  std::map<std::string, int> countWords(const std::vector<std::string> &words) const;
  void multiples(std::vector<long> &out) const;
  std::unordered_set<int> digits() const;
  std::vector<long> range() const;
  std::vector<double> halves() const;
  size_t longest(const std::vector<std::vector<long>> &groups) const;
  /// Streams: adds every number `in` holds, returns how many; writes `Counter(value)` to `out`.
  int addAll(std::istream &in);
  void describeTo(std::ostream &out) const;
  /// A view kept, not copied: the caller's text must outlive the counter.
  void nickname(std::string_view name) { nickname_ = name; }
  std::string_view nickname() const { return nickname_; }
  /// Pairs: the value and the label; the value clamped into [first, second].
  std::pair<int, std::string> summary() const { return {value_, label()}; }
  /// Tuples: the value, the label and whether it is positive; the sum of the three.
  std::tuple<int, std::string, bool> state() const { return {value_, label(), value_ > 0}; }
  long total(const std::tuple<int, long, short> &three) const {
    return std::get<0>(three) + std::get<1>(three) + std::get<2>(three);
  }
  int clamped(const std::pair<int, int> &bounds) const {
    return value_ < bounds.first ? bounds.first : value_ > bounds.second ? bounds.second : value_;
  }
  /// Const, but adds its value to another counter: given itself, its own value doubles.
  void giveTo(Counter *other) const { other->add(value_); }
  /// Const, yet it changes the value: a broken promise.
  void bump() const { ++const_cast<Counter *>(this)->value_; }
  /// A file: adds every number it holds from its position on, then appends ` = value` to it;
  /// returns how many it added, or -1 for no file.
  int addFrom(std::FILE *file);
  /// Keeps `file` and writes the value to it after each add.
  void logTo(std::FILE *file) { log_ = file; }
  /// Writes `kilobytes` KiB of spaces to `file`.
  void pad(std::FILE *file, int kilobytes) const;
  /// Writes `Counter(value)` `times` times into `out`, whose size it takes for granted.
  void spell(char *out, int times) const;
  /// Streams kept: each later add writes the value to `out`; takeNext adds the next number
  /// `in` holds and returns it (0 when there is none).
  void echoTo(std::ostream &out) { echo_ = &out; }
  void source(std::istream &in) { source_ = &in; }
  int takeNext();
  /// Takes `part` off the value and points `*made` at this counter (at none for a negative
  /// part: no `new` here, whose inline constructor the fixture's builds would link apart);
  /// returns what is left.
  int split(int part, Counter **made);
  /// Points `*made` at this counter; returns a copy one more.
  Counter fork(Counter **made);
  /// Starts a thread that sleeps a second and returns: left running when the call returns.
  void background() const;
  /// Adds `n` bytes to the value; returns it.
  int addBytes(const uint8_t *data, size_t n);
  /// Sets `values[i]` to value() + i.
  void fill(int *values, int count) const;
  /// The chars of `n` words together.
  size_t chars(const Word *words, int n) const;
  /// values[n]: one past the last.
  int pastTheEnd(const int *values, int n) const;
  /// A shared copy of this counter.
  std::shared_ptr<Counter> share() const { return std::make_shared<Counter>(*this); }
  /// value(), value() + 1, value() + 2.
  std::array<int, 3> triple() const { return {value_, value_ + 1, value_ + 2}; }
  /// The sum of the three.
  int sumOf(const std::array<int, 3> &three) const { return three[0] + three[1] + three[2]; }
  /// The value, or its label when it is above 10.
  std::variant<int, std::string> shown() const {
    if (value_ > 10)
      return label();
    return value_;
  }
  /// Gives the visitor a note that points at no text.
  int scribble(Visitor *visitor) const {
    visitor->note(reinterpret_cast<const char *>(16));
    return 1;
  }
  /// The chars of the words' texts.
  size_t letters(const std::vector<Word> &words) const {
    size_t count = 0;
    for (const Word &word : words)
      count += std::strlen(word.text);
    return count;
  }
  /// A number as itself, a text by its length; the second of two ints counts down.
  int measure(const std::variant<int, std::string, int> &value) const {
    if (value.index() == 1)
      return static_cast<int>(std::get<1>(value).size());
    return value.index() == 0 ? std::get<0>(value) : -std::get<2>(value);
  }
  /// Calls `keep` with each multiple of 5 up to the value while it returns true; how many.
  int keepWhile(const std::function<bool(int)> &keep) const {
    int calls = 0;
    for (int step = 5; step <= value_ && keep(step); step += 5)
      ++calls;
    return calls;
  }
  /// other's value.
  int valueOf(std::shared_ptr<Counter> other) const { return other ? other->value() : -1; }

private:
  int value_ = 0;
  int *unused_ = nullptr;
  void *context_ = nullptr;
  std::string_view nickname_;
  std::FILE *log_ = nullptr;
  std::ostream *echo_ = nullptr;
  std::istream *source_ = nullptr;
};
