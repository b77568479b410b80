// kv::Store: the recording hooks' test class (RecordingHooksTest compiles hooks against it).
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

namespace kv {

class Key {
public:
  Key(const char *text) : text_(text) {}
  const std::string &text() const { return text_; }

private:
  std::string text_;
};

class Base {
public:
  int size() const { return 0; }
};

class Store : public Base {
public:
  explicit Store(int capacity);
  void put(const std::string &name, const Key &key);
  int get(const char *name) const;
  void fill(const uint8_t *data, size_t n);
  bool read(std::string *out);
  void keep(std::vector<int> values);
  static Store *make();
  Key &first();
};

} // namespace kv
