// Line layout for emitted C++: bin-packed call arguments, breaks after `=`, wrapped comments.
#include "emit/CodeLayout.h"

#include <algorithm>
#include <sstream>
#include <utility>

namespace unitgen {

Code Code::leaf(std::string text) {
  Code code;
  code.head = std::move(text);
  return code;
}

Code Code::call(std::string head, std::vector<Code> args) {
  Code code;
  code.head = std::move(head);
  code.args = std::move(args);
  code.isCall = true;
  return code;
}

std::string Code::flat() const {
  if (!isCall)
    return head;
  std::string text = head + "(";
  for (size_t i = 0; i < args.size(); ++i) {
    if (i)
      text += ", ";
    text += args[i].flat();
  }
  return text + ")";
}

namespace {

/// Lines of a laid-out fragment: the first continues the line the fragment starts on, the
/// others are whole lines with their indentation.
using Lines = std::vector<std::string>;

/// What clang-format minimizes, roughly: line breaks, and lines over the limit far more.
size_t costOf(const Lines &lines, size_t column, size_t trailer) {
  const size_t overflowPenalty = 1000;
  size_t cost = lines.size() - 1;
  for (size_t i = 0; i < lines.size(); ++i) {
    size_t width = lines[i].size() + (i == 0 ? column : 0) + (i + 1 == lines.size() ? trailer : 0);
    if (width > kColumnLimit)
      cost += overflowPenalty;
  }
  return cost;
}

size_t endColumn(const Lines &lines, size_t column) {
  return lines.size() == 1 ? column + lines.front().size() : lines.back().size();
}

void appendLines(Lines &to, const Lines &from) {
  to.back() += from.front();
  to.insert(to.end(), from.begin() + 1, from.end());
}

/// A fragment laid out one way, with what clang-format's penalties weigh beyond the line count:
/// breaks right after a `(` (PenaltyBreakBeforeFirstCallParameter), dearer the deeper they are.
struct Layout {
  Lines lines;
  size_t nestedBreaks = 0;    ///< line breaks inside the arguments
  size_t parenBreaks = 0;     ///< breaks right after a `(`, at any depth
  size_t parenBreakDepth = 0; ///< those breaks weighted by one plus their depth
};

Layout layout(const Code &code, size_t column, size_t continuation, size_t trailer);

/// Whether the last argument `arg`, a call too long for the rest of the line, starts at `column`
/// rather than on a line of its own at `argColumn`: when it then takes no more lines and none
/// overflows, as clang-format keeps `EXPECT_CALL(mock, Put(a,\n b))`.
bool staysOnLine(const Code &arg, size_t column, size_t argColumn, bool last, size_t tail) {
  if (!last || !arg.isCall || arg.args.empty())
    return false;
  const Layout here = layout(arg, column, column + kContinuationIndent, tail);
  const Layout below = layout(arg, argColumn, argColumn + kContinuationIndent, tail);
  return costOf(here.lines, column, tail) < 1000 && here.lines.size() <= below.lines.size();
}

/// The arguments of `code` bin-packed from `argColumn`, after a break following the `(` when
/// `breakFirst`. An argument that spans lines ends its line, as in clang-format.
Layout packArguments(const Code &code, size_t column, size_t argColumn, bool breakFirst,
                     size_t trailer) {
  Layout packed;
  Lines &lines = packed.lines;
  lines = {code.head + "("};
  size_t current = column + lines.front().size();
  auto newLine = [&] {
    lines.emplace_back(argColumn, ' ');
    current = argColumn;
  };
  if (breakFirst) {
    newLine();
    packed.parenBreaks = packed.parenBreakDepth = 1;
  }
  bool brokeLast = false;
  for (size_t i = 0; i < code.args.size(); ++i) {
    const bool last = i + 1 == code.args.size();
    const size_t tail = last ? 1 + trailer : 1;
    if (i > 0) {
      if (!brokeLast && (current + 1 + code.args[i].flat().size() + tail <= kColumnLimit ||
                         staysOnLine(code.args[i], current + 1, argColumn, last, tail))) {
        lines.back() += ' ';
        ++current;
      } else {
        newLine();
      }
    }
    const Layout arg = layout(code.args[i], current, current + kContinuationIndent, tail);
    appendLines(lines, arg.lines);
    packed.nestedBreaks += arg.lines.size() - 1;
    packed.parenBreaks += arg.parenBreaks;
    packed.parenBreakDepth += arg.parenBreakDepth + arg.parenBreaks;
    brokeLast = arg.lines.size() > 1;
    current = endColumn(arg.lines, current);
    lines.back() += last ? ")" : ",";
    ++current;
  }
  return packed;
}

/// `code` from `column`, followed by `trailer` columns; `continuation` is where arguments go
/// when the call breaks right after its `(`.
Layout layout(const Code &code, size_t column, size_t continuation, size_t trailer) {
  const std::string flat = code.flat();
  if (!code.isCall || code.args.empty() || column + flat.size() + trailer <= kColumnLimit)
    return {{flat}};
  const size_t argColumn = column + code.head.size() + 1;
  Layout aligned = packArguments(code, column, argColumn, false, trailer);
  if (continuation >= argColumn)
    return aligned;
  // Fewer lines win. With as many lines, breaking after the `(` wins when it keeps every
  // argument on one line, or when it replaces a deeper break after a nested `(`.
  Layout broken = packArguments(code, column, continuation, true, trailer);
  const size_t alignedCost = costOf(aligned.lines, column, trailer);
  const size_t brokenCost = costOf(broken.lines, column, trailer);
  if (brokenCost != alignedCost)
    return brokenCost < alignedCost ? broken : aligned;
  if (aligned.nestedBreaks > 0 && broken.nestedBreaks == 0)
    return broken;
  return broken.parenBreakDepth < aligned.parenBreakDepth ? broken : aligned;
}

} // namespace

void CodeBlock::add(const Lines &lines, size_t column, const std::string &lead,
                    const std::string &trailer) {
  for (size_t i = 0; i < lines.size(); ++i) {
    std::string line = i == 0 ? std::string(column, ' ') + lead + lines[i] : lines[i];
    if (i + 1 == lines.size())
      line += trailer;
    while (!line.empty() && line.back() == ' ')
      line.pop_back();
    lines_.push_back(std::move(line));
  }
}

void CodeBlock::statement(const Code &code, const std::string &trailer) {
  add(layout(code, indent_, indent_ + kContinuationIndent, trailer.size()).lines, indent_, "",
      trailer);
}

void CodeBlock::chainedStatement(const Code &code, const std::string &member) {
  const std::string trailer = member + ";";
  if (member.empty() || indent_ + code.flat().size() + trailer.size() <= kColumnLimit) {
    statement(code, trailer);
    return;
  }
  statement(code, "");
  lines_.push_back(std::string(indent_ + kContinuationIndent, ' ') + trailer);
}

void CodeBlock::assignment(const std::string &lhs, const Code &rhs) {
  const size_t continuation = indent_ + kContinuationIndent;
  const size_t rhsColumn = indent_ + lhs.size() + 3;
  Lines sameLine = layout(rhs, rhsColumn, continuation, 1).lines;
  // Breaking after the `=` is cheap in LLVM style: taken unless it costs more lines.
  Lines broken = layout(rhs, continuation, continuation + kContinuationIndent, 1).lines;
  if (sameLine.size() > 1 &&
      costOf(broken, continuation, 1) + 1 <= costOf(sameLine, rhsColumn, 1)) {
    lines_.push_back(std::string(indent_, ' ') + lhs + " =");
    add(broken, continuation, "", ";");
    return;
  }
  add(sameLine, indent_, lhs + " = ", ";");
}

namespace {

/// `lead` then the elements (comma-separated, `close` after the last), bin-packed within the
/// column limit; continuation lines start at `column`.
std::vector<std::string> packElements(const std::string &lead,
                                      const std::vector<std::string> &elements, size_t column,
                                      const std::string &close) {
  if (elements.empty())
    return {lead + close};
  std::vector<std::string> lines;
  std::string line = lead;
  for (size_t i = 0; i < elements.size(); ++i) {
    std::string piece = elements[i] + (i + 1 < elements.size() ? "," : close);
    // `line` ends in the space after the previous element's comma.
    if (line.size() > lead.size() && line.size() + piece.size() > kColumnLimit) {
      line.pop_back(); // the space after the comma
      lines.push_back(line);
      line = std::string(column, ' ');
    }
    line += piece + " ";
  }
  line.pop_back();
  lines.push_back(line);
  return lines;
}

} // namespace

void CodeBlock::rangeFor(const std::string &declaration, const std::vector<std::string> &elements,
                         const Code &body) {
  const std::string indent(indent_, ' ');
  const std::string head = indent + "for (" + declaration + " : {";
  // Elements aligned after the `{`, or (as clang-format prefers when that is no longer) the
  // list on its own lines after `for (declaration :`.
  std::vector<std::string> sameLine = packElements(head, elements, head.size(), "})");
  const std::string listIndent(indent_ + 5, ' ');
  std::vector<std::string> ownLines =
      packElements(listIndent + "{", elements, listIndent.size() + 1, "})");
  ownLines.insert(ownLines.begin(), indent + "for (" + declaration + " :");
  const std::vector<std::string> &chosen =
      sameLine.size() == 1 || sameLine.size() < ownLines.size() ? sameLine : ownLines;
  lines_.insert(lines_.end(), chosen.begin(), chosen.end());
  CodeBlock inner(indent_ + kIndentWidth);
  inner.statement(body);
  append(inner);
}

void CodeBlock::countedFor(const std::string &header, const Code &body) {
  lines_.push_back(std::string(indent_, ' ') + "for (" + header + ")");
  CodeBlock inner(indent_ + kIndentWidth);
  inner.statement(body);
  append(inner);
}

void CodeBlock::comment(const std::string &text) {
  const std::string prefix = std::string(indent_, ' ') + "//";
  std::istringstream words(text);
  std::string line = prefix;
  for (std::string word; words >> word;) {
    if (line.size() > prefix.size() && line.size() + 1 + word.size() > kColumnLimit) {
      lines_.push_back(line);
      line = prefix;
    }
    line += ' ' + word;
  }
  lines_.push_back(line);
}

void CodeBlock::line(const std::string &text) {
  lines_.push_back(std::string(indent_, ' ') + text);
}

void CodeBlock::blank() { lines_.emplace_back(); }

void CodeBlock::append(const CodeBlock &other) {
  lines_.insert(lines_.end(), other.lines_.begin(), other.lines_.end());
}

std::string CodeBlock::text() const {
  std::string result;
  for (const std::string &line : lines_)
    result += line + "\n";
  return result;
}

} // namespace unitgen
