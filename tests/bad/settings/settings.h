// cfg::Settings: key-value settings parsed from a signed text — a header `cfg <lines> <sum>`
// whose sum is the body's bytes modulo 997, which no random text has — and merged.
#pragma once

#include <map>
#include <string>

namespace cfg {

class Settings {
public:
  /// Parses `text`: the header line, then `key=value` lines; false (and nothing kept) unless
  /// the header counts the lines and sums the body.
  bool load(const std::string &text);
  bool loaded() const { return loaded_; }
  bool has(const std::string &key) const;
  /// The value of `key` as a number: 0 when it has none, -1 before a text was loaded.
  int number(const std::string &key) const;
  std::string text(const std::string &key) const;
  void set(const std::string &key, const std::string &value);
  bool erase(const std::string &key);
  /// Takes the keys of a loaded `other`: a key both have gets both values, comma-separated.
  int merge(const Settings &other);
  /// The body, without the header: `key=value` lines.
  std::string body() const;
  int size() const { return static_cast<int>(values_.size()); }

private:
  std::map<std::string, std::string> values_;
  bool loaded_ = false;
};

} // namespace cfg
