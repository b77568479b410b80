// SymbolicInputs: groups input bytes by argument and rebuilds each literal from them.
#include "exec/SymbolicInputs.h"

#include <cstring>

namespace unitgen {

Sequence substituteInputs(const Sequence &sequence, const SymbolicTrace &trace,
                          const std::map<uint32_t, uint8_t> &bytes) {
  Sequence result = sequence;
  // The bytes of each (statement, argument), in offset order.
  std::map<std::pair<int32_t, int32_t>, std::vector<uint8_t>> arguments;
  for (uint32_t i = 0; i < trace.inputs.size(); ++i) {
    const InputOrigin &input = trace.inputs[i];
    std::vector<uint8_t> &value = arguments[{input.statement, input.argument}];
    if (value.size() <= input.offset)
      value.resize(input.offset + 1, 0);
    auto found = bytes.find(i);
    value[input.offset] = found == bytes.end() ? input.value : found->second;
  }
  for (const auto &[where, value] : arguments) {
    auto [statement, argument] = where;
    if (statement < 0 || static_cast<size_t>(statement) >= result.size())
      continue;
    std::vector<Argument> &args = result.statements[statement].args;
    if (argument < 0 || static_cast<size_t>(argument) >= args.size() ||
        args[argument].kind != Argument::Kind::Literal)
      continue;
    Value &literal = args[argument].literal;
    uint64_t bits = 0;
    for (size_t k = 0; k < value.size() && k < 8; ++k)
      bits |= static_cast<uint64_t>(value[k]) << (8 * k);
    size_t width = 8 * value.size();
    switch (literal.kind) {
    case Value::Kind::Bool:
      literal.i = bits != 0;
      break;
    case Value::Kind::Int:
      if (width > 0 && width < 64) {
        uint64_t sign = uint64_t(1) << (width - 1);
        bits = ((bits & ((sign << 1) - 1)) ^ sign) - sign;
      }
      literal.i = static_cast<int64_t>(bits);
      break;
    case Value::Kind::UInt:
      literal.u = bits;
      break;
    case Value::Kind::Float:
      if (value.size() == 4) {
        float f;
        uint32_t b = static_cast<uint32_t>(bits);
        std::memcpy(&f, &b, sizeof f);
        literal.f = f;
      } else if (value.size() == 8) {
        std::memcpy(&literal.f, &bits, sizeof literal.f);
      }
      break;
    case Value::Kind::String:
      for (size_t k = 0; k < value.size() && k < literal.s.size(); ++k)
        literal.s[k] = static_cast<char>(value[k]);
      break;
    case Value::Kind::Null:
    case Value::Kind::List: // a container's elements are never symbolic inputs
      break;
    }
  }
  return result;
}

} // namespace unitgen
