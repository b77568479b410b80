// Pass test subject: std::string and C-string arguments as symbolic bytes of concrete length,
// compared through the runtime's wrappers, copied, moved and cut.
#include <cctype>
#include <cstring>
#include <string>

extern "C" int pass_strings(const std::string &s, const char *cs) {
  int hits = 0;
  if (s == "hello") // operator==(const string &, const char *)
    hits |= 1 << 0;
  std::string copy = s; // copy constructor: the shadow follows the bytes
  if (copy == std::string("world"))
    hits |= 1 << 1;
  if (s < std::string("m"))
    hits |= 1 << 2;
  if (s.compare("abc") > 0)
    hits |= 1 << 3;
  if (std::memcmp(cs, "ab", 2) == 0)
    hits |= 1 << 4;
  if (std::strcmp(cs, "xyz") == 0)
    hits |= 1 << 5;
  if (std::strncmp(cs, "xy", 2) == 0)
    hits |= 1 << 6;
  if (std::strlen(cs) == 3) // concrete length: recorded as a concretization
    hits |= 1 << 7;
  if (std::memchr(cs, 'q', std::strlen(cs)) != nullptr)
    hits |= 1 << 8;
  if (!s.empty() && std::isdigit(static_cast<unsigned char>(s[0])))
    hits |= 1 << 9;
  if (s.size() > 1 && std::tolower(static_cast<unsigned char>(s[1])) == 'e')
    hits |= 1 << 10;
  if (s.size() > 3 && s.substr(1, 3) == "ell")
    hits |= 1 << 11;
  std::string moved = std::move(copy);
  if (!moved.empty() && moved[0] == 'h') // a byte load through operator[]'s reference
    hits |= 1 << 12;
  return hits;
}
