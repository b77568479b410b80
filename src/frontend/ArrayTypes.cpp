// Arrays with their length: `const uint8_t *data, size_t n` and the like as TypeKind::Array.
#include "frontend/TypeDescriber.h"

#include <clang/AST/DeclCXX.h>

namespace unitgen {
namespace {

/// A value a literal converts to without another user-defined conversion, so that the test's
/// `{"a", "b"}` or `{std::string("a")}` makes each element as the driver does.
bool isConvertible(const TypeDesc &type) {
  switch (type.kind) {
  case TypeKind::CString:
    return type.passing == Passing::Value && type.valueSpelling == "const char*";
  case TypeKind::String: // a view would see the literal's text up to a NUL only
    return !type.isStringView() &&
           (type.passing == Passing::Value || type.passing == Passing::ConstReference);
  default:
    return type.isIntegral() || type.kind == TypeKind::Floating
               ? type.passing == Passing::Value || type.passing == Passing::ConstReference
               : false;
  }
}

/// Lower is preferred: text first (what view classes are made of), then numbers.
int preference(const TypeDesc &type) {
  return type.kind == TypeKind::CString ? 0 : type.kind == TypeKind::String ? 1 : 2;
}

} // namespace

std::optional<TypeDesc> TypeDescriber::describeArray(clang::QualType type) const {
  const auto *pointer = type->getAs<clang::PointerType>();
  if (!pointer)
    return std::nullopt;
  clang::QualType pointee = pointer->getPointeeType();
  if (isPlainChar(pointee) || pointee->isFunctionType() || pointee->isPointerType() ||
      namesStdioFile(pointee))
    return std::nullopt;
  const bool readOnly = pointee.isConstQualified();
  TypeDesc desc;
  desc.kind = TypeKind::Array;
  desc.passing = readOnly ? Passing::ConstPointer : Passing::Pointer;
  desc.spelling = spell(type);
  auto unsupported = [&](const std::string &reason) {
    desc.kind = TypeKind::Unsupported;
    desc.valueSpelling = desc.spelling;
    desc.unsupportedReason = reason;
    return desc;
  };
  TypeDesc element;
  if (pointee->isVoidType()) { // bytes
    element = describeValue(context_.UnsignedCharTy, false);
  } else if (const clang::CXXRecordDecl *record = projectRecord(pointee)) {
    // A mutable object with a number (`SetCount(WriteBatch *batch, int n)`) is one object.
    if (!readOnly)
      return std::nullopt;
    const std::string name = qualifiedName(record);
    if (std::string hidden = hiddenReason(record); !hidden.empty())
      return unsupported(name + " " + hidden);
    if (!record->hasDefinition())
      return unsupported("an array of " + name + ", whose definition this file does not see");
    element = convertedElement(record);
    if (!element.isSupported())
      return unsupported("an array of " + name + ": " + element.unsupportedReason);
    desc.className = name;
    desc.valueSpelling = name;
    desc.elements.push_back(std::move(element));
    return desc;
  } else {
    element = describeValue(pointee.getUnqualifiedType(), false);
    // `std::string *out, uint64_t num` is one string to write, not an array of them.
    if (!element.isSupported() || (!element.isIntegral() && element.kind != TypeKind::Floating))
      return std::nullopt;
  }
  desc.valueSpelling = element.valueSpelling;
  desc.elements.push_back(std::move(element));
  return desc;
}

TypeDesc TypeDescriber::convertedElement(const clang::CXXRecordDecl *record) const {
  TypeDesc best;
  best.unsupportedReason = "it has no public non-explicit constructor from one number or string";
  bool defaultConstructible = record->needsImplicitDefaultConstructor();
  for (const clang::CXXConstructorDecl *constructor : record->ctors()) {
    if (constructor->isDeleted() || constructor->getAccess() != clang::AS_public)
      continue;
    if (constructor->getMinRequiredArguments() == 0)
      defaultConstructible = true;
    if (constructor->isExplicit() || constructor->isCopyOrMoveConstructor() ||
        constructor->getNumParams() == 0 || constructor->getMinRequiredArguments() > 1)
      continue;
    TypeDesc from = describe(constructor->getParamDecl(0)->getType(), false);
    if (!isConvertible(from) || (best.isSupported() && preference(best) <= preference(from)))
      continue;
    from.passing = Passing::Value;
    from.spelling = from.valueSpelling;
    best = std::move(from);
  }
  if (best.isSupported() && !defaultConstructible) {
    // An empty array is one element the test value-initializes.
    best = TypeDesc{};
    best.unsupportedReason = "it has no public default constructor";
  }
  return best;
}

} // namespace unitgen
