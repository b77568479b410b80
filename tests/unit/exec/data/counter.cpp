// Implementation of the executor test class.
#include "counter.h"

#include <cmath>

#include <cassert>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <stdexcept>
#include <thread>
#include <vector>

void Counter::add(int amount) {
  if (amount < 0)
    throw std::invalid_argument("negative amount");
  if (amount > 100)
    value_ += 2 * amount;
  else
    value_ += amount;
  if (log_)
    std::fprintf(log_, "%d ", value_);
  if (echo_)
    *echo_ << value_ << ' ';
}

// Out of line, so that its coverage (and the boundary of `>=` at 0) is the code under test's.
bool Counter::repOK() const { return value_ >= 0 && value_ != 13; }

namespace {
// A helper's check of what it was given, as real code's asserts often are.
void requireBelow(int value, int limit) { assert(value < limit); }
} // namespace

void Counter::poke(int code) {
  volatile int *null = nullptr;
  std::vector<std::unique_ptr<char[]>> hog;
  switch (code) {
  case 3:
    *null = 1;
    break;
  case 4:
    for (volatile int i = 0; i >= 0; i = 0) {
    }
    break;
  case 5:
    throw 5;
  case 6:
    std::abort();
  case 7:
    for (;;)
      hog.emplace_back(new char[1 << 24]);
    break;
  case 8:
    for (;;) {
      hog.emplace_back(new char[1 << 23]);
      std::memset(hog.back().get(), 1, 1 << 23);
      std::this_thread::sleep_for(std::chrono::milliseconds(10));
    }
    break;
  case 9:
    assert(code != 9); // a precondition on the argument
    break;
  case 10: {
    std::unique_ptr<volatile int[]> four(new volatile int[4]());
    value_ += four[code - 6]; // four[4]: within the heap block's slack, no crash
    value_ -= four[0];
    break;
  }
  case 11:
    requireBelow(value_, 100); // fails only once earlier calls made the value 100 or more
    break;
  case 12:
    requireBelow(code, 12); // fails for this argument on any counter
    break;
  default:
    break;
  }
}

std::string Counter::label() const {
  if (value_ > 10) // a branch, not a select: observer coverage must see which way it went
    return "big";
  return "small";
}

bool Counter::tagged(const std::string &text) const { return text.rfind("ok", 0) == 0; }

bool Counter::read(int *out, std::string &text, const char **name) const {
  if (value_ == 0)
    return false;
  *out = value_;
  text += label();
  *name = "Counter";
  return true;
}

int Counter::each(void (*visit)(int step, void *context), void *context) const {
  int visits = 0;
  for (int step = 5; step <= value_; step += 5, ++visits)
    visit(step, context);
  return visits;
}

int Counter::print(char *buffer, int size) const {
  return std::snprintf(buffer, static_cast<size_t>(size), "%d", value_);
}

void *Counter::swapContext(void *context) {
  void *previous = context_;
  context_ = context;
  return previous;
}

Visitor::~Visitor() = default;

int Counter::accept(Visitor *visitor) const {
  int visits = 0;
  for (int step = 5; step <= value_; step += 5, ++visits)
    visitor->visit(step);
  return visits + (visitor->wantsMore() ? 100 : 0);
}

std::map<std::string, int> Counter::countWords(const std::vector<std::string> &words) const {
  std::map<std::string, int> counts;
  for (const std::string &word : words)
    ++counts[word];
  return counts;
}

void Counter::multiples(std::vector<long> &out) const {
  for (int step = 5; step <= value_; step += 5)
    out.push_back(step);
}

std::unordered_set<int> Counter::digits() const {
  std::unordered_set<int> found;
  for (int rest = value_ < 0 ? -value_ : value_; rest > 0; rest /= 10)
    found.insert(rest % 10);
  return found;
}

std::vector<long> Counter::range() const {
  std::vector<long> values;
  for (int i = 0; i < value_; ++i)
    values.push_back(i);
  return values;
}

std::vector<double> Counter::halves() const {
  return {value_ / 2.0, value_ == 7 ? std::nan("") : 0.5};
}

size_t Counter::longest(const std::vector<std::vector<long>> &groups) const {
  size_t most = 0;
  for (const std::vector<long> &group : groups)
    most = group.size() > most ? group.size() : most;
  return most;
}

int Counter::addAll(std::istream &in) {
  int count = 0;
  for (int amount; in >> amount; ++count)
    value_ += amount;
  return count;
}

void Counter::describeTo(std::ostream &out) const { out << "Counter(" << value_ << ")"; }

int Counter::addFrom(std::FILE *file) {
  if (!file)
    return -1;
  int count = 0;
  for (int amount; std::fscanf(file, "%d", &amount) == 1; ++count)
    value_ += amount;
  std::fseek(file, 0, SEEK_END);
  std::fprintf(file, " = %d", value_);
  return count;
}

void Counter::pad(std::FILE *file, int kilobytes) const {
  static const std::string kilobyte(1024, ' ');
  for (int i = 0; i < kilobytes; ++i)
    std::fwrite(kilobyte.data(), 1, kilobyte.size(), file);
}

void Counter::spell(char *out, int times) const {
  for (int i = 0; i < times; ++i)
    out += std::sprintf(out, "Counter(%d)", value_);
}

int Counter::split(int part, Counter **made) {
  *made = nullptr;
  if (part < 0)
    return value_;
  value_ -= part;
  *made = this;
  return value_;
}

Counter Counter::fork(Counter **made) {
  *made = this;
  Counter copy = *this;
  copy.value_ += 1;
  return copy;
}

void Counter::background() const {
  std::thread([] { std::this_thread::sleep_for(std::chrono::seconds(1)); }).detach();
}

int Counter::takeNext() {
  int next = 0;
  if (source_ && *source_ >> next)
    value_ += next;
  return next;
}

int Counter::addBytes(const uint8_t *data, size_t n) {
  for (size_t i = 0; i < n; ++i)
    value_ += data[i];
  return value_;
}

void Counter::fill(int *values, int count) const {
  for (int i = 0; i < count; ++i)
    values[i] = value_ + i;
}

size_t Counter::chars(const Word *words, int n) const {
  size_t total = 0;
  for (int i = 0; i < n; ++i)
    total += std::strlen(words[i].text);
  return total;
}

int Counter::pastTheEnd(const int *values, int n) const { return values[n]; }
