// kit::Gadget: every parameter and result kind the emitter prints, for the compile test.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <istream>
#include <map>
#include <memory>
#include <optional>
#include <ostream>
#include <string>
#include <tuple>
#include <utility>
#include <variant>
#include <vector>

namespace kit {

enum class Mode { kIdle, kBusy };

class Part {
public:
  explicit Part(int weight) : weight_(weight) {}
  int weight() const { return weight_; }
  int tag = 0; ///< set by assignment
  bool operator==(const Part &other) const { return weight_ == other.weight_; }

private:
  int weight_;
};

/// A Part a test passes where a Part is taken: by the object itself, no cast written.
class HeavyPart : public Part {
public:
  HeavyPart() : Part(100) {}
};

/// A view of text, made from a C string: an array of them is a braced list of literals.
struct Label {
  Label() = default;
  Label(const char *text) : text(text) {}
  const char *text = "";
};

class Gadget;

/// An interface nothing in the project implements: a test passes a mock.
class Listener {
public:
  virtual ~Listener() = default;
  virtual void onTotal(int total) = 0;
  virtual bool wantsMore() const = 0;
  /// A gadget, read by its labels(); a note, read as text; a pointer, not read.
  virtual void onChange(const Gadget &gadget, const char *note, int *spare) = 0;
};

class Gadget {
public:
  Gadget() = default;
  explicit Gadget(int64_t seed); ///< std::invalid_argument when seed < 0

  static int64_t lowest();

  int64_t echo(int64_t x) const { return x; }
  uint64_t echoUnsigned64(uint64_t x) const { return x; }
  unsigned echoUnsigned(unsigned x) const { return x; }
  char echoChar(char c) const { return c; }
  double echoDouble(double d) const { return d; }
  float echoFloat(float f) const { return f; }
  std::string echoString(const std::string &s) const { return s; }
  const char *name() const { return "gadget"; }

  Mode mode() const { return mode_; }
  void setMode(Mode mode) { mode_ = mode; }

  /// key * 2 for positive keys.
  std::optional<int> find(int key) const;
  std::optional<double> ratio(double d) const { return d; }

  /// Overloads: add(int) adds x, add(long) adds 1000 * x.
  void add(int x) {
    total_ += x;
    if (log_)
      std::fprintf(log_, "%d ", total_);
    if (echo_)
      *echo_ << total_ << ' ';
  }
  void add(long x) { total_ += 1000 * static_cast<int>(x); }
  int total() const { return total_; }
  /// Adds `times` * `x` to total(); false, changing nothing, when `times` is negative.
  bool addTimes(int x, int times) {
    if (times < 0)
      return false;
    total_ += times * x;
    return true;
  }

  bool isPositive(int x) const { return x > 0; }

  /// Adds 1 to total() and returns the new total.
  int next() { return ++total_; }

  /// Stores total() in `out` and returns 7.
  int take(int &out) const;
  /// Out-parameters of every kind: false, writing nothing, while total() is 0; else appends
  /// labels() to `*text`, points `*name` at "gadget", sets `mode` to mode(), `*half` to total()/2.
  bool describe(std::string *text, const char **name, Mode &mode, double *half) const;
  /// Copies the labels into `buffer` as strncpy does (terminated only when there is room);
  /// returns their length.
  size_t copyLabels(char *buffer, size_t size) const;
  /// How often each word occurs.
  std::map<std::string, int> tally(const std::vector<std::string> &words) const {
    std::map<std::string, int> counts;
    for (const std::string &word : words)
      ++counts[word];
    return counts;
  }
  /// Adds each number `in` holds; returns how many it read.
  int load(std::istream &in) {
    int count = 0;
    for (int x; in >> x; ++count)
      total_ += x;
    return count;
  }
  /// Writes total().
  void save(std::ostream &out) const { out << total_; }
  /// Adds each number `file` holds, then appends total() to it; returns how many it read, or
  /// -1 for no file.
  int merge(std::FILE *file) {
    if (!file)
      return -1;
    int count = 0;
    for (int x; std::fscanf(file, "%d", &x) == 1; ++count)
      total_ += x;
    std::fseek(file, 0, SEEK_END);
    std::fprintf(file, " %d", total_);
    return count;
  }
  /// Keeps `file` and writes the total to it after each add(int).
  void logTo(std::FILE *file) { log_ = file; }
  /// Keeps `out` and writes the total to it after each add(int).
  void echoTo(std::ostream &out) { echo_ = &out; }
  /// total() and the labels ("none" while there are none).
  std::pair<int, std::string> summary() const {
    return {total_, labels_.empty() ? std::string("none") : labels_};
  }
  /// Appends total() + 3 and total() + 4 to `weights`.
  void weighAll(std::vector<int> &weights) const {
    weights.push_back(total_ + 3);
    weights.push_back(total_ + 4);
  }
  /// total(), the labels and whether total() is positive.
  std::tuple<int, std::string, bool> state() const { return {total_, labels_, total_ > 0}; }
  /// 0 and total().
  std::array<int, 2> bounds() const { return {0, total_}; }
  /// The distance from the first to the second.
  int spread(const std::array<int, 2> &range) const { return range[1] - range[0]; }
  /// The total, as a number or as text.
  std::variant<int, std::string> shown(bool asText) const {
    if (asText)
      return std::to_string(total_);
    return total_;
  }
  /// A number as itself, a text by its length.
  int measure(const std::variant<int, std::string> &value) const {
    return value.index() == 0 ? std::get<0>(value) : static_cast<int>(std::get<1>(value).size());
  }
  /// Two alternatives of one type, told apart by their index: the first counts down.
  int side(std::variant<int, int> value) const {
    return value.index() == 0 ? -std::get<0>(value) : std::get<1>(value);
  }
  /// total() * factor, in T.
  template <typename T> T scaled(T factor) const { return static_cast<T>(total_) * factor; }
  /// The sum of `n` bytes.
  int sumBytes(const uint8_t *data, size_t n) const {
    int sum = 0;
    for (size_t i = 0; i < n; ++i)
      sum += data[i];
    return sum;
  }
  /// Sorts `count` values in place.
  void sortValues(int *values, int count) const {
    for (int i = 1; i < count; ++i)
      for (int j = i; j > 0 && values[j - 1] > values[j]; --j)
        std::swap(values[j - 1], values[j]);
  }
  /// The length of `n` labels' texts together.
  size_t textLength(const Label *labels, int n) const {
    size_t length = 0;
    for (int i = 0; i < n; ++i)
      length += std::strlen(labels[i].text);
    return length;
  }
  /// The length of the labels' texts together.
  size_t allLength(const std::vector<Label> &labels) const {
    return labels.empty() ? 0 : textLength(labels.data(), static_cast<int>(labels.size()));
  }
  /// Calls `visit(i, context)` for i = 1..total(); returns how many calls it made.
  int forEach(void (*visit)(int i, void *context), void *context) const;
  /// Tells the listener total() once, and again while it wants more (at most twice more).
  void notify(Listener &listener) const {
    listener.onTotal(total_);
    for (int again = 0; again < 2 && listener.wantsMore(); ++again)
      listener.onTotal(total_);
  }
  /// Tells `listener` of the gadget twice, with `note`.
  void announce(Listener &listener, const char *note) const {
    listener.onChange(*this, note, nullptr);
    listener.onChange(*this, note, nullptr);
  }
  /// Keeps `data` (user data, never read) and returns what it kept before.
  void *keep(void *data) {
    void *before = kept_;
    kept_ = data;
    return before;
  }

  std::unique_ptr<Part> makePart(int weight) const { return std::make_unique<Part>(weight); }
  Part &firstPart() { return part_; }
  Part *partPointer() { return &part_; }
  int weigh(const Part &part) const { return part.weight(); }
  /// The weight of a shared part, -1 for none.
  int weighShared(std::shared_ptr<Part> part) const { return part ? part->weight() : -1; }
  int weighPointer(const Part *part) const { return part ? part->weight() : -1; }

  int operator[](int index) const { return index * 10; }
  bool operator==(const Gadget &other) const { return total_ == other.total_; }
  int operator()(int a, int b) const { return a + b; }
  int operator-() const { return -total_; }
  Gadget &operator++() {
    ++total_;
    return *this;
  }
  Gadget operator++(int) {
    Gadget before = *this;
    ++total_;
    return before;
  }
  explicit operator bool() const { return total_ != 0; }

  /// Appends `text` to labels().
  void label(const std::string &text) { labels_ += text; }
  std::string labels() const { return labels_; }

  /// std::out_of_range when total() is 0.
  void pop();
  bool isEmpty() const { return total_ == 0; }

private:
  /// A private overload: `merge(nullptr)` is ambiguous, though a test can call only the other.
  static int merge(const char *path);
  Mode mode_ = Mode::kIdle;
  int total_ = 0;
  std::FILE *log_ = nullptr;
  std::ostream *echo_ = nullptr;
  Part part_{9};
  std::string labels_;
  void *kept_ = nullptr;
};

/// A factory outside the class: the result is an object the test must name.
Gadget makeGadget(int64_t seed);
/// A new part the caller owns.
Part *newPart(int weight);
/// Makes a part of `weight` in `*part` (none for a negative weight); returns whether it did.
bool openPart(int weight, Part **part);
/// Makes half of `weight` in `*half`; returns the other half.
Part splitPart(int weight, Part **half);
/// A part of that weight, shared.
inline std::shared_ptr<Part> sharedPart(int weight) { return std::make_shared<Part>(weight); }

} // namespace kit
