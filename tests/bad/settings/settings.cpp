// cfg::Settings: the signed text's parser and the merge.
#include "settings.h"

#include <cstdlib>
#include <sstream>

namespace cfg {

bool Settings::load(const std::string &text) {
  std::istringstream in(text);
  std::string magic;
  int lines = -1, sum = -1;
  if (!(in >> magic >> lines >> sum) || magic != "cfg" || lines < 0)
    return false;
  in.ignore(1);
  std::map<std::string, std::string> parsed;
  int bodySum = 0;
  std::string line;
  for (int i = 0; i < lines; ++i) {
    if (!std::getline(in, line))
      return false;
    for (char c : line + "\n")
      bodySum += static_cast<unsigned char>(c);
    const size_t equals = line.find('=');
    if (equals == std::string::npos || equals == 0)
      return false;
    parsed[line.substr(0, equals)] = line.substr(equals + 1);
  }
  if (bodySum % 997 != sum)
    return false;
  values_ = std::move(parsed);
  loaded_ = true;
  return true;
}

bool Settings::has(const std::string &key) const { return values_.count(key) > 0; }

int Settings::number(const std::string &key) const {
  if (!loaded_)
    return -1;
  auto found = values_.find(key);
  if (found == values_.end())
    return 0;
  return std::atoi(found->second.c_str());
}

std::string Settings::text(const std::string &key) const {
  auto found = values_.find(key);
  return found == values_.end() ? "" : found->second;
}

void Settings::set(const std::string &key, const std::string &value) { values_[key] = value; }

bool Settings::erase(const std::string &key) { return values_.erase(key) > 0; }

int Settings::merge(const Settings &other) {
  if (!other.loaded_)
    return 0;
  int conflicts = 0;
  for (const auto &[key, value] : other.values_) {
    auto mine = values_.find(key);
    if (mine == values_.end()) {
      values_[key] = value;
    } else if (mine->second != value) {
      mine->second += "," + value;
      ++conflicts;
    }
  }
  return conflicts;
}

std::string Settings::body() const {
  std::ostringstream out;
  for (const auto &[key, value] : values_)
    out << key << '=' << value << '\n';
  return out.str();
}

} // namespace cfg
