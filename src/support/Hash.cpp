// Hex rendering of hashes and whole-file reads/writes.
#include "support/Hash.h"

#include <cstdio>
#include <fstream>
#include <sstream>

namespace unitgen {

std::string Hasher::hex() const {
  char buffer[17];
  std::snprintf(buffer, sizeof buffer, "%016llx", static_cast<unsigned long long>(hash_));
  return buffer;
}

std::string readFile(const std::string &path, bool *ok) {
  std::ifstream in(path, std::ios::binary);
  if (ok)
    *ok = static_cast<bool>(in);
  if (!in)
    return "";
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

bool writeFile(const std::string &path, const std::string &content) {
  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  out << content;
  return static_cast<bool>(out);
}

} // namespace unitgen
