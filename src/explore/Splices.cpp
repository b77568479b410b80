// SpliceFinder: a trace's string comparisons of another length as sequences to run.
#include "explore/Splices.h"

#include <functional>
#include <string>

namespace unitgen {

std::vector<Sequence> SpliceFinder::newSplices(const Sequence &sequence,
                                               const SymbolicTrace &trace) {
  std::vector<Sequence> result;
  for (const StringSplice &splice : trace.splices) {
    if (splice.length == 0 || splice.firstInput + uint64_t{splice.length} > trace.inputs.size())
      continue;
    const InputOrigin &first = trace.inputs[splice.firstInput];
    if (first.statement < 0 || static_cast<size_t>(first.statement) >= sequence.size())
      continue;
    // Only bytes of one argument, in order, can be replaced as a whole.
    bool contiguous = true;
    for (uint32_t i = 1; i < splice.length && contiguous; ++i) {
      const InputOrigin &next = trace.inputs[splice.firstInput + i];
      contiguous = next.statement == first.statement && next.argument == first.argument &&
                   next.offset == first.offset + i;
    }
    const Statement &statement = sequence.statements[first.statement];
    if (!contiguous || first.argument < 0 ||
        static_cast<size_t>(first.argument) >= statement.args.size())
      continue;
    const Argument &arg = statement.args[first.argument];
    if (arg.kind != Argument::Kind::Literal || arg.literal.kind != Value::Kind::String ||
        first.offset + uint64_t{splice.length} > arg.literal.s.size())
      continue;
    std::string text = arg.literal.s;
    text.replace(first.offset, splice.length, splice.text);
    if (!fresh(sequence, first.statement, first.argument, text))
      continue;
    Sequence spliced = sequence;
    spliced.statements[first.statement].args[first.argument].literal.s = std::move(text);
    result.push_back(std::move(spliced));
  }
  return result;
}

std::vector<Sequence> SpliceFinder::newAppends(const Sequence &sequence,
                                               const std::vector<std::string> &vocabulary) {
  std::vector<Sequence> result;
  if (sequence.statements.empty())
    return result;
  size_t last = sequence.size() - 1;
  const Statement &statement = sequence.statements[last];
  for (size_t argument = 0; argument < statement.args.size(); ++argument) {
    const Argument &arg = statement.args[argument];
    if (arg.kind != Argument::Kind::Literal || arg.literal.kind != Value::Kind::String)
      continue;
    const std::string &base = arg.literal.s;
    bool separated = base.empty() || base.back() == ' ';
    for (const std::string &word : vocabulary) {
      std::string text = separated ? base + word : base + ' ' + word;
      if (!fresh(sequence, last, argument, text))
        continue;
      Sequence appended = sequence;
      appended.statements[last].args[argument].literal.s = std::move(text);
      result.push_back(std::move(appended));
    }
  }
  return result;
}

bool SpliceFinder::fresh(const Sequence &sequence, size_t statement, size_t argument,
                         const std::string &text) {
  uint64_t key = std::hash<std::string>()(text) * 31 +
                 (uint64_t(statement) << 40 |
                  uint64_t(sequence.statements[statement].callable) << 8 | uint64_t(argument));
  if (produced_.insert(key).second)
    return true;
  ++repeats_;
  return false;
}

} // namespace unitgen
