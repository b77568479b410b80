// Summing llvm-cov's per-function rows of one class's members.
#include "harness/MemberCoverage.h"

#include <regex>
#include <sstream>

namespace unitgen {
namespace {

/// `_ZN[VKRO]*8tinyxml27XMLUtil`: the start the Itanium ABI gives a member of `qualified`
/// (`ns::Outer::Inner<int>` → `2ns5Outer5Inner`, its template arguments dropped).
std::string memberPrefix(const std::string &qualified) {
  std::string plain;
  int depth = 0;
  for (char c : qualified) { // drop template arguments
    depth += c == '<' ? 1 : c == '>' ? -1 : 0;
    if (depth == 0 && c != '>')
      plain += c;
  }
  std::string prefix;
  size_t start = 0;
  while (start <= plain.size()) {
    size_t end = plain.find("::", start);
    const std::string component = plain.substr(start, end - start);
    if (!component.empty())
      prefix += std::to_string(component.size()) + component;
    if (end == std::string::npos)
      break;
    start = end + 2;
  }
  return prefix;
}

} // namespace

MemberCoverage memberCoverageOf(const std::string &functionReport,
                                const std::string &qualifiedClass) {
  MemberCoverage total;
  const std::string prefix = memberPrefix(qualifiedClass);
  if (prefix.empty())
    return total;
  // The rows: name, regions, missed, cover, lines, missed, cover, branches, missed, cover.
  static const std::regex row(
      R"(^(\S+)\s+\d+\s+\d+\s+\S+\s+(\d+)\s+(\d+)\s+\S+\s+(\d+)\s+(\d+)\s+\S+\s*$)");
  // The lengths make the prefix exact: `7XMLUtil` is no start of `8XMLUtils`.
  const std::regex member("^_ZN[VKRO]*" + prefix);
  std::istringstream lines(functionReport);
  std::string line;
  std::smatch match;
  while (std::getline(lines, line)) {
    if (!std::regex_match(line, match, row))
      continue;
    std::string name = match[1].str();
    if (!std::regex_search(name, member))
      continue;
    ++total.functions;
    const int lineCount = std::stoi(match[2].str()), linesMissed = std::stoi(match[3].str());
    const int branchCount = std::stoi(match[4].str()), branchesMissed = std::stoi(match[5].str());
    total.lines.total += lineCount;
    total.lines.covered += lineCount - linesMissed;
    total.branches.total += branchCount;
    total.branches.covered += branchCount - branchesMissed;
  }
  return total;
}

} // namespace unitgen
