// Identifier spelling for emitted tests: camel and snake case, keywords, unique local names.
#include "emit/Identifiers.h"

#include <cctype>
#include <utility>
#include <vector>

namespace unitgen {
namespace {

bool isUpper(char c) { return std::isupper(static_cast<unsigned char>(c)) != 0; }
bool isLower(char c) { return std::islower(static_cast<unsigned char>(c)) != 0; }
bool isAlnum(char c) { return std::isalnum(static_cast<unsigned char>(c)) != 0; }
char toLower(char c) { return static_cast<char>(std::tolower(static_cast<unsigned char>(c))); }
char toUpper(char c) { return static_cast<char>(std::toupper(static_cast<unsigned char>(c))); }

/// Splits on everything that is not a letter or digit: `out_of_range` → out, of, range.
std::vector<std::string> words(const std::string &text) {
  std::vector<std::string> result(1);
  for (char c : text) {
    if (isAlnum(c))
      result.back() += c;
    else if (!result.back().empty())
      result.emplace_back();
  }
  if (result.back().empty())
    result.pop_back();
  return result;
}

/// Lowers the leading acronym of one word: `UBStack` → `ubStack`, `URL` → `url`.
std::string lowerFirstWord(const std::string &word) {
  size_t run = 0;
  while (run < word.size() && isUpper(word[run]))
    ++run;
  size_t lowered = run;
  if (run > 1 && run < word.size() && isLower(word[run]))
    lowered = run - 1;
  std::string result = word;
  for (size_t i = 0; i < lowered; ++i)
    result[i] = toLower(result[i]);
  return result;
}

} // namespace

std::string unqualifiedName(const std::string &qualifiedName) {
  // Template arguments may themselves be qualified (`Stack<ds::Key>`): drop them first.
  std::string name;
  int depth = 0;
  for (char c : qualifiedName) {
    if (c == '<')
      ++depth;
    else if (c == '>')
      --depth;
    else if (depth == 0)
      name += c;
  }
  size_t colon = name.rfind("::");
  return colon == std::string::npos ? name : name.substr(colon + 2);
}

std::string lowerCamel(const std::string &name) {
  std::vector<std::string> parts = words(name);
  if (parts.empty())
    return "";
  std::string result = lowerFirstWord(parts[0]);
  for (size_t i = 1; i < parts.size(); ++i) {
    std::string part = parts[i];
    part[0] = toUpper(part[0]);
    result += part;
  }
  return result;
}

std::string upperCamel(const std::string &text) {
  std::string result;
  for (std::string part : words(text)) {
    part[0] = toUpper(part[0]);
    result += part;
  }
  return result;
}

std::string snakeCase(const std::string &name) {
  std::string camel = lowerCamel(name);
  std::string result;
  for (size_t i = 0; i < camel.size(); ++i) {
    char c = camel[i];
    if (isUpper(c)) {
      // A capital starts a word unless it continues an acronym (`HTTPServer` → http_server).
      bool afterLower = i > 0 && !isUpper(camel[i - 1]);
      bool beforeLower = i + 1 < camel.size() && isLower(camel[i + 1]);
      if (i > 0 && (afterLower || beforeLower))
        result += '_';
      result += toLower(c);
    } else {
      result += c;
    }
  }
  return result;
}

bool isCppKeyword(const std::string &word) {
  static const std::set<std::string> keywords = {"alignas",       "alignof",     "and",
                                                 "and_eq",        "asm",         "auto",
                                                 "bitand",        "bitor",       "bool",
                                                 "break",         "case",        "catch",
                                                 "char",          "char16_t",    "char32_t",
                                                 "char8_t",       "class",       "compl",
                                                 "concept",       "const",       "consteval",
                                                 "constexpr",     "constinit",   "const_cast",
                                                 "continue",      "co_await",    "co_return",
                                                 "co_yield",      "decltype",    "default",
                                                 "delete",        "do",          "double",
                                                 "dynamic_cast",  "else",        "enum",
                                                 "explicit",      "export",      "extern",
                                                 "false",         "float",       "for",
                                                 "friend",        "goto",        "if",
                                                 "inline",        "int",         "long",
                                                 "mutable",       "namespace",   "new",
                                                 "noexcept",      "not",         "not_eq",
                                                 "nullptr",       "operator",    "or",
                                                 "or_eq",         "private",     "protected",
                                                 "public",        "register",    "reinterpret_cast",
                                                 "requires",      "return",      "short",
                                                 "signed",        "sizeof",      "static",
                                                 "static_assert", "static_cast", "struct",
                                                 "switch",        "template",    "this",
                                                 "thread_local",  "throw",       "true",
                                                 "try",           "typedef",     "typeid",
                                                 "typename",      "union",       "unsigned",
                                                 "using",         "virtual",     "void",
                                                 "volatile",      "wchar_t",     "while",
                                                 "xor",           "xor_eq"};
  return keywords.count(word) != 0;
}

bool isIdentifier(const std::string &word) {
  if (word.empty() || std::isdigit(static_cast<unsigned char>(word[0])))
    return false;
  for (char c : word)
    if (!isAlnum(c) && c != '_')
      return false;
  return true;
}

NameScope::NameScope(std::set<std::string> reserved) : reserved_(std::move(reserved)) {
  // Names the GoogleTest macros and our own expressions rely on.
  reserved_.insert({"std", "testing"});
}

std::string NameScope::peek(const std::string &base) const {
  std::string stem = isIdentifier(base) ? base : "value";
  if (isCppKeyword(stem) || reserved_.count(stem))
    stem += "Object";
  if (!taken_.count(stem))
    return stem;
  for (int n = 2;; ++n) {
    std::string candidate = stem + std::to_string(n);
    if (!taken_.count(candidate) && !reserved_.count(candidate))
      return candidate;
  }
}

std::string NameScope::declare(const std::string &base) {
  std::string name = peek(base);
  taken_.insert(name);
  return name;
}

} // namespace unitgen
