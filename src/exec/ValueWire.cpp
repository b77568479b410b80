// ValueWire: a Value in the driver protocol's encoding, both ways.
#include "exec/ValueWire.h"

namespace unitgen {

using namespace unitgen_protocol;

void encodeValue(Writer &out, const Value &value) {
  switch (value.kind) {
  case Value::Kind::Null:
    out.put<uint8_t>(ArgNull);
    break;
  case Value::Kind::Bool:
    out.put<uint8_t>(ArgBool);
    out.put<int64_t>(value.i);
    break;
  case Value::Kind::Int:
    out.put<uint8_t>(ArgInt);
    out.put<int64_t>(value.i);
    break;
  case Value::Kind::UInt:
    out.put<uint8_t>(ArgUInt);
    out.put<uint64_t>(value.u);
    break;
  case Value::Kind::Float:
    out.put<uint8_t>(ArgFloat);
    out.put<double>(value.f);
    break;
  case Value::Kind::String:
    out.put<uint8_t>(ArgString);
    out.str(value.s);
    break;
  case Value::Kind::List:
    out.put<uint8_t>(ArgList);
    out.put<uint32_t>(static_cast<uint32_t>(value.items.size()));
    for (const Value &item : value.items)
      encodeValue(out, item);
    break;
  }
}

bool decodeValue(Reader &in, bool &has, Value &value, int depth) {
  uint8_t tag = 0;
  if (!in.get(tag))
    return false;
  has = tag != 0xff;
  switch (tag) {
  case 0xff:
    return true;
  case ArgList: {
    uint32_t count = 0;
    if (depth == 0 || !in.get(count) || count > (1u << 20))
      return false;
    value = Value::list(std::vector<Value>(count));
    bool element = false;
    for (Value &item : value.items)
      if (!decodeValue(in, element, item, depth - 1) || !element)
        return false;
    return true;
  }
  case ArgNull:
    value = Value::null();
    return true;
  case ArgBool:
    value.kind = Value::Kind::Bool;
    return in.get(value.i);
  case ArgInt:
    value.kind = Value::Kind::Int;
    return in.get(value.i);
  case ArgUInt:
    value.kind = Value::Kind::UInt;
    return in.get(value.u);
  case ArgFloat:
    value.kind = Value::Kind::Float;
    return in.get(value.f);
  case ArgString:
    value.kind = Value::Kind::String;
    return in.str(value.s);
  default:
    return false;
  }
}

} // namespace unitgen
