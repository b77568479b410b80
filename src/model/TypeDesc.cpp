// TypeDesc predicates and enum names.
#include "model/TypeDesc.h"

namespace unitgen {

bool TypeDesc::isSupported() const {
  if (kind == TypeKind::Unsupported)
    return false;
  if (kind == TypeKind::Callback) // its types are only spelled, in the lambda a test passes
    return true;
  for (const TypeDesc &element : elements)
    if (!element.isSupported())
      return false;
  return true;
}

bool TypeDesc::isStringView() const {
  return kind == TypeKind::String && valueSpelling == "std::string_view";
}

bool TypeDesc::isProduct() const {
  return kind == TypeKind::Container && (container == "pair" || container == "tuple");
}

bool TypeDesc::holdsObjects() const {
  return (kind == TypeKind::Array || kind == TypeKind::Container) && !className.empty();
}

bool TypeDesc::isVariant() const { return kind == TypeKind::Container && container == "variant"; }

bool TypeDesc::isFixedArray() const { return kind == TypeKind::Container && container == "array"; }

bool TypeDesc::isIntegral() const {
  return kind == TypeKind::Bool || kind == TypeKind::Char || kind == TypeKind::Integer ||
         kind == TypeKind::Enum;
}

bool TypeDesc::isOutParameter() const {
  return kind != TypeKind::Class && kind != TypeKind::Unsupported && kind != TypeKind::Void &&
         kind != TypeKind::UserData && kind != TypeKind::Callback &&
         kind != TypeKind::InputStream && kind != TypeKind::MadeObject &&
         (passing == Passing::Pointer || passing == Passing::Reference ||
          passing == Passing::Buffer);
}

std::string TypeDesc::callbackResult() const {
  return elements.empty() ? "void" : elements.front().spelling;
}

std::string TypeDesc::callbackParameters() const {
  std::string list;
  for (size_t i = 1; i < elements.size(); ++i)
    list += (i > 1 ? ", " : "") + elements[i].spelling;
  return list;
}

bool TypeDesc::isPrintable() const {
  switch (kind) {
  case TypeKind::Bool:
  case TypeKind::Char:
  case TypeKind::Integer:
  case TypeKind::Enum:
  case TypeKind::Floating:
  case TypeKind::String:
    return passing != Passing::Pointer && passing != Passing::UniquePtr &&
           passing != Passing::SharedPtr;
  case TypeKind::CString:
    // A `char*` (not const) is a buffer the caller may fill, not a string: what it holds may
    // be uninitialised memory with no terminator (an arena's Allocate).
    return passing != Passing::Pointer && passing != Passing::UniquePtr &&
           passing != Passing::SharedPtr && passing != Passing::Buffer && valueSpelling != "char*";
  case TypeKind::Optional:
    return !elements.empty() && elements.front().isPrintable();
  case TypeKind::Container:
    if (passing == Passing::Pointer || passing == Passing::UniquePtr ||
        passing == Passing::SharedPtr || elements.empty())
      return false;
    for (const TypeDesc &element : elements)
      if (!element.isPrintable())
        return false;
    return true;
  case TypeKind::UserData:
    return passing == Passing::Value;
  default:
    return false;
  }
}

const char *toString(TypeKind kind) {
  switch (kind) {
  case TypeKind::Void:
    return "void";
  case TypeKind::Bool:
    return "bool";
  case TypeKind::Char:
    return "char";
  case TypeKind::Integer:
    return "integer";
  case TypeKind::Enum:
    return "enum";
  case TypeKind::Floating:
    return "floating";
  case TypeKind::String:
    return "string";
  case TypeKind::CString:
    return "cstring";
  case TypeKind::Optional:
    return "optional";
  case TypeKind::Container:
    return "container";
  case TypeKind::InputStream:
    return "input-stream";
  case TypeKind::OutputStream:
    return "output-stream";
  case TypeKind::File:
    return "file";
  case TypeKind::Class:
    return "class";
  case TypeKind::UserData:
    return "user-data";
  case TypeKind::Callback:
    return "callback";
  case TypeKind::MadeObject:
    return "made-object";
  case TypeKind::Array:
    return "array";
  case TypeKind::ArraySize:
    return "array-size";
  case TypeKind::Unsupported:
    return "unsupported";
  }
  return "unsupported";
}

const char *toString(Passing passing) {
  switch (passing) {
  case Passing::Value:
    return "value";
  case Passing::Reference:
    return "reference";
  case Passing::ConstReference:
    return "const-reference";
  case Passing::RvalueReference:
    return "rvalue-reference";
  case Passing::Pointer:
    return "pointer";
  case Passing::ConstPointer:
    return "const-pointer";
  case Passing::UniquePtr:
    return "unique-ptr";
  case Passing::SharedPtr:
    return "shared-ptr";
  case Passing::Buffer:
    return "buffer";
  }
  return "value";
}

} // namespace unitgen
