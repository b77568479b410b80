// ClassModel lookups and the human-readable signature of a callable.
#include "model/ClassModel.h"

#include <algorithm>
#include <cassert>

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

const ClassInfo &ClassModel::targetClass() const {
  assert(!targetIsFunction && !classes.empty());
  return classes.front();
}

std::vector<int> ClassModel::callablesUnderTest() const {
  std::vector<int> ids;
  for (const Callable &callable : callables) {
    if (!callable.isSupported())
      continue;
    if (targetIsFunction ? callable.qualifiedName == target : callable.owner == target)
      ids.push_back(callable.id);
  }
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
