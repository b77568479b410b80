// Hex rendering of hashes and whole-file reads/writes.
#include "support/Hash.h"

#include <cstdio>
#include <filesystem>
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

std::string executableIdentity() {
  namespace fs = std::filesystem;
  std::error_code error;
  fs::path self = fs::read_symlink("/proc/self/exe", error);
  if (error)
    return "";
  auto size = fs::file_size(self, error);
  auto written = fs::last_write_time(self, error);
  if (error)
    return "";
  return self.string() + " " + std::to_string(size) + " " +
         std::to_string(written.time_since_epoch().count());
}

} // namespace unitgen
