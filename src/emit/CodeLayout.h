// CodeLayout: C++ expressions as small trees, laid out in LLVM style within the column limit.
#pragma once

#include <string>
#include <vector>

namespace unitgen {

/// LLVM style as the project's .clang-format configures it.
constexpr size_t kColumnLimit = 100;
constexpr size_t kIndentWidth = 2;
constexpr size_t kContinuationIndent = 4;

/// An expression to lay out: a leaf (`treeMap`, `5`, `a == b`) or a call whose arguments may wrap
/// (`EXPECT_EQ(treeMap.get(3), std::nullopt)`, `UBStack ubStack(3)`).
struct Code {
  std::string head; ///< the leaf's text, or the call up to its `(`
  std::vector<Code> args;
  bool isCall = false;

  static Code leaf(std::string text);
  static Code call(std::string head, std::vector<Code> args);
  /// Everything on one line.
  std::string flat() const;
};

/// Lines at one indentation, each laid out as it is added. Long calls wrap the way clang-format
/// does for LLVM style: arguments bin-packed and aligned after the `(`, or continued on the next
/// line four columns in when that takes fewer lines; an argument spanning lines ends its line.
class CodeBlock {
public:
  explicit CodeBlock(size_t indent = 0) : indent_(indent) {}

  /// `code` followed by `trailer` (`;` for a statement, ` {` for a TEST line).
  void statement(const Code &code, const std::string &trailer = ";");
  /// `code` then `member` (`.Times(2)`) and `;`: on one line when they fit, else `member` on a
  /// line of its own, continued (`EXPECT_CALL(...)\n    .Times(2);`).
  void chainedStatement(const Code &code, const std::string &member);
  /// `lhs = rhs;`, broken after the `=` unless that takes more lines.
  void assignment(const std::string &lhs, const Code &rhs);
  /// `for (declaration : {elements...})` with `body` on the next line, indented; the elements
  /// bin-packed and aligned after the `{` when they do not fit on one line.
  void rangeFor(const std::string &declaration, const std::vector<std::string> &elements,
                const Code &body);
  /// `for (header)` with `body` on the next line, indented.
  void countedFor(const std::string &header, const Code &body);
  /// `// text`, wrapped at word boundaries.
  void comment(const std::string &text);
  /// One line as given (closing braces, preprocessor lines).
  void line(const std::string &text);
  void blank();
  /// The lines of `other`, which carries its own indentation.
  void append(const CodeBlock &other);

  bool empty() const { return lines_.empty(); }
  const std::vector<std::string> &lines() const { return lines_; }
  /// The lines joined, each ending in a newline.
  std::string text() const;

private:
  /// Adds laid-out lines: the first after `column` spaces and `lead`, `trailer` after the last.
  void add(const std::vector<std::string> &lines, size_t column, const std::string &lead,
           const std::string &trailer);

  size_t indent_;
  std::vector<std::string> lines_;
};

} // namespace unitgen
