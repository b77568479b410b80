// A shelf of up to four items with overloaded accessors and setters (see CMakeLists.txt).
#pragma once

#include <string>

class Item {
public:
  explicit Item(int value) : value_(value) {}
  int value() const { return value_; }
  void bump() { ++value_; }

private:
  int value_;
};

class Shelf {
public:
  Shelf() = default;
  ~Shelf();
  Shelf(const Shelf &) = delete;
  Shelf &operator=(const Shelf &) = delete;

  Item *first();
  const Item *first() const;
  Item &at(int index);
  const Item &at(int index) const;
  /// Adds an item (four at most): an int as it is, a long plus one, a double plus two.
  void put(int value);
  void put(long value);
  void put(double value);
  void name(const std::string &text);
  void name(const char *text);
  int count() const;
  std::string &label();
  const std::string &label() const;

private:
  Item *items_[4] = {};
  Item none_{0};
  int count_ = 0;
  std::string label_;
};
