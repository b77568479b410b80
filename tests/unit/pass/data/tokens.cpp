// Pass test subject: words cut out of a string (substr, moved into a vector, copied out)
// compared with names of another length, as a query parser's lookup does; and a later
// argument looked up among the words an earlier one chose.
#include <cctype>
#include <string>
#include <vector>

namespace {

std::vector<std::string> words(const std::string &text) {
  std::vector<std::string> result;
  size_t i = 0;
  while (i < text.size()) {
    if (std::isspace(static_cast<unsigned char>(text[i]))) {
      ++i;
      continue;
    }
    size_t start = i;
    while (i < text.size() && !std::isspace(static_cast<unsigned char>(text[i])))
      ++i;
    result.push_back(text.substr(start, i - start));
  }
  return result;
}

int indexOf(const std::vector<std::string> &names, const std::string &name) {
  for (size_t i = 0; i < names.size(); ++i)
    if (names[i] == name)
      return static_cast<int>(i);
  return -1;
}

} // namespace

extern "C" int pass_tokens(const std::string &s) {
  std::vector<std::string> found = words(s);
  if (found.size() < 2)
    return -2;
  std::string column = found[1]; // a copy out of the vector
  std::vector<std::string> columns = {"id", "age", "score"};
  return indexOf(columns, column);
}

/// Whether `word` is one of the words of `query` after the first (its "columns").
extern "C" int pass_word_of(const std::string &query, const std::string &word) {
  std::vector<std::string> found = words(query);
  for (size_t i = 1; i < found.size(); ++i)
    if (found[i] == word)
      return static_cast<int>(i);
  return 0;
}
