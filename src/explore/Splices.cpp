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
    uint64_t key = std::hash<std::string>()(text) * 31 +
                   (uint64_t(first.statement) << 40 | uint64_t(statement.callable) << 8 |
                    uint64_t(first.argument));
    if (!produced_.insert(key).second) {
      ++repeats_;
      continue;
    }
    Sequence spliced = sequence;
    spliced.statements[first.statement].args[first.argument].literal.s = std::move(text);
    result.push_back(std::move(spliced));
  }
  return result;
}

} // namespace unitgen
