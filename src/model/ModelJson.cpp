// JSON mapping of the model types; field names match the C++ members so dumps read like the code.
#include "model/ModelJson.h"

namespace unitgen {

NLOHMANN_JSON_SERIALIZE_ENUM(TypeKind, {{TypeKind::Void, "void"},
                                        {TypeKind::Bool, "bool"},
                                        {TypeKind::Char, "char"},
                                        {TypeKind::Integer, "integer"},
                                        {TypeKind::Enum, "enum"},
                                        {TypeKind::Floating, "floating"},
                                        {TypeKind::String, "string"},
                                        {TypeKind::CString, "cstring"},
                                        {TypeKind::Optional, "optional"},
                                        {TypeKind::Container, "container"},
                                        {TypeKind::InputStream, "input-stream"},
                                        {TypeKind::OutputStream, "output-stream"},
                                        {TypeKind::File, "file"},
                                        {TypeKind::Class, "class"},
                                        {TypeKind::UserData, "user-data"},
                                        {TypeKind::Callback, "callback"},
                                        {TypeKind::MadeObject, "made-object"},
                                        {TypeKind::Array, "array"},
                                        {TypeKind::ArraySize, "array-size"},
                                        {TypeKind::Unsupported, "unsupported"}})
NLOHMANN_JSON_SERIALIZE_ENUM(Passing, {{Passing::Value, "value"},
                                       {Passing::Reference, "reference"},
                                       {Passing::ConstReference, "const-reference"},
                                       {Passing::RvalueReference, "rvalue-reference"},
                                       {Passing::Pointer, "pointer"},
                                       {Passing::ConstPointer, "const-pointer"},
                                       {Passing::UniquePtr, "unique-ptr"},
                                       {Passing::SharedPtr, "shared-ptr"},
                                       {Passing::Buffer, "buffer"}})
NLOHMANN_JSON_SERIALIZE_ENUM(Access, {{Access::Public, "public"},
                                      {Access::Protected, "protected"},
                                      {Access::Private, "private"}})
NLOHMANN_JSON_SERIALIZE_ENUM(FieldShape, {{FieldShape::Value, "value"},
                                          {FieldShape::Ref, "ref"},
                                          {FieldShape::Embedded, "embedded"},
                                          {FieldShape::HeapArray, "heapArray"},
                                          {FieldShape::Opaque, "opaque"}})
NLOHMANN_JSON_SERIALIZE_ENUM(CallableKind, {{CallableKind::Constructor, "constructor"},
                                            {CallableKind::Method, "method"},
                                            {CallableKind::StaticMethod, "static-method"},
                                            {CallableKind::Operator, "operator"},
                                            {CallableKind::FreeFunction, "function"}})
NLOHMANN_JSON_SERIALIZE_ENUM(Value::Kind, {{Value::Kind::Null, "null"},
                                           {Value::Kind::Bool, "bool"},
                                           {Value::Kind::Int, "int"},
                                           {Value::Kind::UInt, "uint"},
                                           {Value::Kind::Float, "float"},
                                           {Value::Kind::String, "string"},
                                           {Value::Kind::List, "list"}})

void to_json(nlohmann::json &j, const TypeDesc &t) {
  j = {{"kind", t.kind},           {"passing", t.passing},
       {"spelling", t.spelling},   {"valueSpelling", t.valueSpelling},
       {"bits", t.bits},           {"isSigned", t.isSigned},
       {"className", t.className}, {"enumerators", t.enumerators},
       {"elements", t.elements},   {"unsupportedReason", t.unsupportedReason}};
  if (t.kind == TypeKind::Container)
    j["container"] = t.container;
  if (t.isFixedArray())
    j["length"] = t.length;
}

void from_json(const nlohmann::json &j, TypeDesc &t) {
  j.at("kind").get_to(t.kind);
  j.at("passing").get_to(t.passing);
  j.at("spelling").get_to(t.spelling);
  j.at("valueSpelling").get_to(t.valueSpelling);
  j.at("bits").get_to(t.bits);
  j.at("isSigned").get_to(t.isSigned);
  j.at("className").get_to(t.className);
  j.at("enumerators").get_to(t.enumerators);
  j.at("elements").get_to(t.elements);
  j.at("unsupportedReason").get_to(t.unsupportedReason);
  t.container = j.value("container", "");
  t.length = j.value("length", int64_t{0});
}

NLOHMANN_DEFINE_TYPE_NON_INTRUSIVE(Field, name, typeSpelling, access, shape, recordName, isPointer,
                                   note, countField, capacityField, type)
NLOHMANN_DEFINE_TYPE_NON_INTRUSIVE(Effects, reads, writes, readsStoredData)
NLOHMANN_DEFINE_TYPE_NON_INTRUSIVE(Parameter, name, type, hasDefault)
NLOHMANN_DEFINE_TYPE_NON_INTRUSIVE(Callable, id, kind, owner, name, qualifiedName, params,
                                   returnType, isConst, isNoexcept, isInvariant, isObserver, isMock,
                                   returnsOwned, isFieldSetter, isUpcast, onlyGuided, madeThrough,
                                   madeReturn, effects, sourceFile, line, forwardsTo,
                                   symbols, unsupportedReason)
NLOHMANN_DEFINE_TYPE_NON_INTRUSIVE(MockMethod, name, returnSpelling, paramSpellings, isConst,
                                   isNoexcept, resultParameter, result, params)
NLOHMANN_DEFINE_TYPE_NON_INTRUSIVE(HiddenOverload, name, minParams, maxParams)
NLOHMANN_DEFINE_TYPE_NON_INTRUSIVE(ClassInfo, qualifiedName, header, includeSpelling, isApi,
                                   copyable, movable, destructible, abstract, fields, callables,
                                   invariant, unsupportedReason, mockMethods, hiddenOverloads)
NLOHMANN_DEFINE_TYPE_NON_INTRUSIVE(Literals, strings, integers, floats)
NLOHMANN_DEFINE_TYPE_NON_INTRUSIVE(SourceFile, path, directory, arguments)

void to_json(nlohmann::json &j, const ClassModel &m) {
  j = {{"target", m.target},    {"targetIsFunction", m.targetIsFunction},
       {"classes", m.classes},  {"callables", m.callables},
       {"sources", m.sources},  {"includeSpellings", m.includeSpellings},
       {"literals", m.literals}};
  if (!m.librarySources.empty()) // models of a single TU read as they did before
    j["librarySources"] = m.librarySources;
  if (!m.theories.empty())
    j["theories"] = m.theories;
}

void from_json(const nlohmann::json &j, ClassModel &m) {
  j.at("target").get_to(m.target);
  j.at("targetIsFunction").get_to(m.targetIsFunction);
  j.at("classes").get_to(m.classes);
  j.at("callables").get_to(m.callables);
  j.at("sources").get_to(m.sources);
  if (j.contains("librarySources"))
    j.at("librarySources").get_to(m.librarySources);
  if (j.contains("theories"))
    j.at("theories").get_to(m.theories);
  j.at("includeSpellings").get_to(m.includeSpellings);
  j.at("literals").get_to(m.literals);
}

namespace {

bool validUtf8(const std::string &text) {
  for (size_t i = 0; i < text.size();) {
    const auto lead = static_cast<unsigned char>(text[i]);
    const size_t length = lead < 0x80         ? 1
                          : (lead >> 5) == 6  ? 2
                          : (lead >> 4) == 14 ? 3
                          : (lead >> 3) == 30 ? 4
                                              : 0;
    if (length == 0 || i + length > text.size())
      return false;
    for (size_t k = 1; k < length; ++k)
      if ((static_cast<unsigned char>(text[i + k]) >> 6) != 2)
        return false;
    i += length;
  }
  return true;
}

std::string hexOf(const std::string &bytes) {
  static const char *digits = "0123456789abcdef";
  std::string hex;
  for (unsigned char c : bytes)
    hex += {digits[c >> 4], digits[c & 15]};
  return hex;
}

std::string bytesOf(const std::string &hex) {
  std::string bytes;
  for (size_t i = 0; i + 1 < hex.size(); i += 2)
    bytes += static_cast<char>(std::stoi(hex.substr(i, 2), nullptr, 16));
  return bytes;
}

} // namespace

void to_json(nlohmann::json &j, const Value &v) {
  j = {{"kind", v.kind}};
  switch (v.kind) {
  case Value::Kind::Null:
    break;
  case Value::Kind::Bool:
    j["value"] = v.i != 0;
    break;
  case Value::Kind::Int:
    j["value"] = v.i;
    break;
  case Value::Kind::UInt:
    j["value"] = v.u;
    break;
  case Value::Kind::Float:
    j["value"] = v.f;
    break;
  case Value::Kind::String:
    // JSON holds text: bytes that are not UTF-8 (a recorded key, an encoded number) as hex.
    if (validUtf8(v.s))
      j["value"] = v.s;
    else
      j["bytes"] = hexOf(v.s);
    break;
  case Value::Kind::List:
    j["value"] = v.items;
    break;
  }
}

void from_json(const nlohmann::json &j, Value &v) {
  j.at("kind").get_to(v.kind);
  switch (v.kind) {
  case Value::Kind::Null:
    break;
  case Value::Kind::Bool:
    v.i = j.at("value").get<bool>();
    break;
  case Value::Kind::Int:
    v.i = j.at("value").get<int64_t>();
    break;
  case Value::Kind::UInt:
    v.u = j.at("value").get<uint64_t>();
    break;
  case Value::Kind::Float:
    v.f = j.at("value").get<double>();
    break;
  case Value::Kind::String:
    v.s = j.contains("bytes") ? bytesOf(j.at("bytes").get<std::string>())
                              : j.at("value").get<std::string>();
    break;
  case Value::Kind::List:
    v.items = j.at("value").get<std::vector<Value>>();
    break;
  }
}

void to_json(nlohmann::json &j, const Sequence &s) {
  j = nlohmann::json::array();
  for (const Statement &statement : s.statements) {
    nlohmann::json args = nlohmann::json::array();
    for (const Argument &arg : statement.args) {
      if (arg.kind == Argument::Kind::Variable)
        args.push_back({{"var", arg.variable}});
      else
        args.push_back({{"literal", arg.literal}});
    }
    j.push_back(
        {{"callable", statement.callable}, {"receiver", statement.receiver}, {"args", args}});
  }
}

void from_json(const nlohmann::json &j, Sequence &s) {
  s.statements.clear();
  for (const nlohmann::json &item : j) {
    Statement statement;
    statement.callable = item.at("callable").get<int>();
    statement.receiver = item.at("receiver").get<int>();
    for (const nlohmann::json &arg : item.at("args")) {
      if (arg.contains("var"))
        statement.args.push_back(Argument::var(arg.at("var").get<int>()));
      else
        statement.args.push_back(Argument::of(arg.at("literal").get<Value>()));
    }
    s.statements.push_back(std::move(statement));
  }
}

void to_json(nlohmann::json &j, const Outcome &o) {
  nlohmann::json calls = nlohmann::json::array();
  for (const CallOutcome &call : o.calls) {
    nlohmann::json c = {{"status", toString(call.status)}};
    if (call.hasValue)
      c["value"] = call.value;
    for (const OutputValue &output : call.outputs)
      c["outputs"].push_back({{"parameter", output.parameter}, {"value", output.value}});
    for (const CallbackCalls &counted : call.callbacks) {
      nlohmann::json entry = {
          {"slot", counted.slot}, {"object", counted.object}, {"calls", counted.calls}};
      for (const auto &arguments : counted.arguments) {
        nlohmann::json values = nlohmann::json::array();
        for (const std::optional<Value> &argument : arguments)
          values.push_back(argument ? nlohmann::json(*argument) : nlohmann::json()); // null: unread
        entry["arguments"].push_back(values);
      }
      c["callbacks"].push_back(entry);
    }
    if (call.status == CallStatus::Threw)
      c["exception"] = {{"type", call.exceptionType}, {"message", call.exceptionMessage}};
    calls.push_back(c);
  }
  j = {{"calls", calls},
       {"failure",
        {{"kind", toString(o.failure.kind)},
         {"statement", o.failure.statement},
         {"detail", o.failure.detail}}},
       {"edges", o.edges.size()}};
}

} // namespace unitgen
