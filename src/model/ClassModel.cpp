// ClassModel lookups and the human-readable signature of a callable.
#include "model/ClassModel.h"

#include <algorithm>
#include <cassert>
#include <cctype>
#include <cstring>

namespace unitgen {

std::string Callable::signature() const {
  std::string text = name + "(";
  for (size_t i = 0; i < params.size(); ++i) {
    if (i)
      text += ", ";
    text += params[i].type.spelling;
  }
  text += ")";
  if (isConst)
    text += " const";
  return text;
}

const ClassInfo *ClassModel::findClass(const std::string &qualifiedName) const {
  for (const ClassInfo &info : classes)
    if (info.qualifiedName == qualifiedName)
      return &info;
  return nullptr;
}

int ClassModel::classIndex(const std::string &qualifiedName) const {
  const ClassInfo *info = findClass(qualifiedName);
  return info ? static_cast<int>(info - classes.data()) : -1;
}

const ClassInfo &ClassModel::targetClass() const {
  assert(!targetIsFunction && !classes.empty());
  return classes.front();
}

std::vector<std::string> ClassModel::languageFlags() const {
  static const char *const kLanguageFlags[] = {
      "-fno-exceptions", "-fexceptions", "-fno-cxx-exceptions", "-fcxx-exceptions",
      "-fno-rtti",       "-frtti",       "-funsigned-char",     "-fsigned-char",
      "-fno-char8_t",    "-fchar8_t",    "-fshort-wchar",       "-fno-short-wchar"};
  std::vector<std::string> flags;
  for (const SourceFile &source : flagSources())
    for (const std::string &arg : source.arguments)
      for (const char *flag : kLanguageFlags)
        if (arg == flag && std::find(flags.begin(), flags.end(), arg) == flags.end())
          flags.push_back(arg);
  return flags;
}

std::vector<std::string> ClassModel::includeRoots() const {
  std::vector<std::string> roots;
  for (const ClassInfo &info : classes) {
    const std::string &header = info.header, &spelling = info.includeSpelling;
    if (spelling.empty() || header.size() <= spelling.size() + 1 ||
        header.compare(header.size() - spelling.size(), spelling.size(), spelling) != 0 ||
        header[header.size() - spelling.size() - 1] != '/')
      continue;
    std::string root = header.substr(0, header.size() - spelling.size() - 1);
    if (std::find(roots.begin(), roots.end(), root) == roots.end())
      roots.push_back(root);
  }
  return roots;
}

bool ClassModel::exceptionsEnabled() const {
  for (const SourceFile &source : flagSources()) {
    bool enabled = true; // the last flag of a command wins
    for (const std::string &arg : source.arguments)
      if (arg == "-fno-exceptions" || arg == "-fno-cxx-exceptions")
        enabled = false;
      else if (arg == "-fexceptions" || arg == "-fcxx-exceptions")
        enabled = true;
    if (!enabled)
      return false;
  }
  return true;
}

std::vector<CallbackSlot> callbackSlots(const ClassModel &model) {
  std::vector<CallbackSlot> slots;
  for (const Callable &callable : model.callables)
    if (callable.isSupported())
      for (size_t i = 0; i < callable.params.size(); ++i)
        if (callable.params[i].type.kind == TypeKind::Callback)
          slots.push_back({callable.id, static_cast<int>(i), -1, -1});
  for (size_t c = 0; c < model.classes.size(); ++c)
    for (size_t m = 0; m < model.classes[c].mockMethods.size(); ++m)
      slots.push_back({-1, -1, static_cast<int>(c), static_cast<int>(m)});
  return slots;
}

int callbackSlotOf(const ClassModel &model, int callable, int parameter) {
  const std::vector<CallbackSlot> slots = callbackSlots(model);
  for (size_t k = 0; k < slots.size(); ++k)
    if (slots[k].callable == callable && slots[k].parameter == parameter)
      return static_cast<int>(k);
  return -1;
}

bool isLengthName(const std::string &parameterName) {
  std::string name;
  for (char c : parameterName)
    if (c != '_')
      name += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  for (const char *whole : {"n", "num", "sz", "nbytes", "nchars"})
    if (name == whole)
      return true;
  for (const char *suffix : {"len", "length", "size", "count", "bytes"})
    if (name.size() >= std::strlen(suffix) &&
        name.compare(name.size() - std::strlen(suffix), std::string::npos, suffix) == 0)
      return true;
  return false;
}

bool isBufferLength(const Callable &callable, size_t index) {
  return index > 0 && index < callable.params.size() &&
         callable.params[index].type.kind == TypeKind::Integer &&
         !callable.params[index].type.isOutParameter() &&
         callable.params[index - 1].type.kind == TypeKind::CString &&
         callable.params[index - 1].type.passing == Passing::Value &&
         isLengthName(callable.params[index].name);
}

bool isOutputBufferLength(const Callable &callable, size_t index) {
  return index > 0 && index < callable.params.size() &&
         callable.params[index].type.kind == TypeKind::Integer &&
         callable.params[index].type.passing == Passing::Value &&
         callable.params[index - 1].type.passing == Passing::Buffer &&
         isLengthName(callable.params[index].name);
}

std::vector<int> assertedObservers(const ClassModel &model, const ClassInfo &info) {
  std::vector<int> asserted;
  for (int id : info.callables) {
    const Callable &callable = model.callables[id];
    if (callable.isSupported() && (callable.isObserver || callable.isInvariant))
      asserted.push_back(id);
  }
  return asserted;
}

int64_t outputBufferChars(const Callable &callable, size_t position, int64_t length) {
  if (!isOutputBufferLength(callable, position + 1))
    return kUnsizedOutputBuffer;
  return std::clamp<int64_t>(length, 1, kMaxOutputBuffer);
}

bool ClassModel::isUnderTest(const Callable &callable) const {
  if (targetIsFunction)
    return callable.qualifiedName == target;
  return callable.owner == target && !callable.isUpcast;
}

std::vector<int> ClassModel::callablesUnderTest() const {
  std::vector<int> ids;
  for (const Callable &callable : callables)
    if (callable.isSupported() && isUnderTest(callable))
      ids.push_back(callable.id);
  return ids;
}

bool isFinitizable(const Field &field) {
  if (field.shape == FieldShape::Ref || field.shape == FieldShape::HeapArray)
    return true;
  if (field.shape != FieldShape::Value)
    return false;
  TypeKind kind = field.type.kind;
  return kind == TypeKind::Integer || kind == TypeKind::Bool || kind == TypeKind::Char ||
         kind == TypeKind::Enum;
}

const char *toString(CallableKind kind) {
  switch (kind) {
  case CallableKind::Constructor:
    return "constructor";
  case CallableKind::Method:
    return "method";
  case CallableKind::StaticMethod:
    return "static-method";
  case CallableKind::Operator:
    return "operator";
  case CallableKind::FreeFunction:
    return "function";
  }
  return "method";
}

const char *toString(Access access) {
  switch (access) {
  case Access::Public:
    return "public";
  case Access::Protected:
    return "protected";
  case Access::Private:
    return "private";
  }
  return "private";
}

const char *toString(FieldShape shape) {
  switch (shape) {
  case FieldShape::Value:
    return "value";
  case FieldShape::Ref:
    return "ref";
  case FieldShape::Embedded:
    return "embedded";
  case FieldShape::HeapArray:
    return "heap array";
  case FieldShape::Opaque:
    return "opaque";
  }
  return "opaque";
}

bool callableWithoutArguments(const Callable &constructor) {
  return constructor.kind == CallableKind::Constructor && constructor.isSupported() &&
         std::all_of(constructor.params.begin(), constructor.params.end(),
                     [](const Parameter &p) { return p.hasDefault; });
}

} // namespace unitgen
