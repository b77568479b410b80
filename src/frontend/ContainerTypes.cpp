// Standard containers, pairs, tuples, variants and std::array as TypeKind::Container.
#include "frontend/TypeDescriber.h"

#include <clang/AST/DeclTemplate.h>
#include <llvm/ADT/StringSet.h>

namespace unitgen {
namespace {

/// The containers a test builds from a braced list and compares with `==`: each has
/// `insert(end(), element)`, which is how the driver fills one.
const llvm::StringSet<> kBracedContainers = {"vector",
                                             "deque",
                                             "list",
                                             "set",
                                             "multiset",
                                             "unordered_set",
                                             "unordered_multiset",
                                             "map",
                                             "multimap",
                                             "unordered_map",
                                             "unordered_multimap"};

/// The template arguments a container has by default: a test's braced literal spells only the
/// element types, so a custom comparator or allocator would make another type.
bool isDefaultPolicy(const clang::TemplateArgument &argument) {
  if (argument.getKind() != clang::TemplateArgument::Type)
    return false;
  for (const char *name : {"allocator", "less", "hash", "equal_to"})
    if (stdSpecialization(argument.getAsType(), name))
      return true;
  return false;
}

/// The containers whose elements may be objects of a class: a test lists them in order, and
/// they need no comparison or hash.
const llvm::StringSet<> kObjectContainers = {"vector", "deque", "list"};

} // namespace

std::optional<TypeDesc>
TypeDescriber::describeObjects(const std::string &container,
                               const std::vector<clang::TemplateArgument> &elementArgs,
                               bool isReturn) const {
  if (elementArgs.size() != 1 || elementArgs[0].getKind() != clang::TemplateArgument::Type)
    return std::nullopt;
  const clang::QualType elementType = elementArgs[0].getAsType();
  const clang::CXXRecordDecl *record = projectRecord(elementType);
  if (!record)
    return std::nullopt;
  TypeDesc desc;
  const std::string name = qualifiedName(record);
  desc.spelling = desc.valueSpelling = "std::" + container + "<" + name + ">";
  if (!kObjectContainers.contains(container) || isReturn || elementType.isConstQualified()) {
    desc.unsupportedReason = "a container of " + name +
                             " is supported only as a std::vector, std::deque or std::list the "
                             "call reads";
    return desc;
  }
  if (std::string hidden = hiddenReason(record); !hidden.empty()) {
    desc.unsupportedReason = name + " " + hidden;
    return desc;
  }
  TypeDesc from = record->hasDefinition() ? convertedElement(record) : TypeDesc{};
  if (!from.isSupported()) {
    desc.unsupportedReason =
        "a container of " + name + ": " +
        (record->hasDefinition() ? from.unsupportedReason : "its definition is not seen here");
    return desc;
  }
  desc.kind = TypeKind::Container;
  desc.container = container;
  desc.className = name;
  desc.elements.push_back(std::move(from));
  return desc;
}

TypeDesc TypeDescriber::describeElement(clang::QualType type, bool isReturn) const {
  TypeDesc element = describe(type, isReturn);
  const bool valueKind = element.passing == Passing::Value &&
                         (element.isIntegral() || element.kind == TypeKind::Floating ||
                          (element.kind == TypeKind::String && !element.isStringView()) ||
                          element.kind == TypeKind::Container);
  if (element.isSupported() && valueKind && !element.isVariant() && !element.holdsObjects())
    return element;
  TypeDesc unsupported;
  unsupported.spelling = unsupported.valueSpelling = spell(type);
  unsupported.unsupportedReason =
      element.isVariant() || element.holdsObjects()
          ? spell(type) + " is supported as a parameter, not inside a container or a variant"
          : "containers are supported only of numbers, enums, strings and containers of them "
            "(not " +
                spell(type) + ")";
  return unsupported;
}

TypeDesc
TypeDescriber::describeFixedArray(clang::QualType type,
                                  const clang::ClassTemplateSpecializationDecl *specialization,
                                  bool isReturn) const {
  TypeDesc desc;
  desc.spelling = desc.valueSpelling = spell(type);
  const clang::TemplateArgumentList &args = specialization->getTemplateArgs();
  if (args.size() != 2 || args[0].getKind() != clang::TemplateArgument::Type ||
      args[1].getKind() != clang::TemplateArgument::Integral) {
    desc.unsupportedReason = "this std::array is not supported";
    return desc;
  }
  const int64_t length = args[1].getAsIntegral().getExtValue();
  if (length > kMaxFixedArray) {
    desc.unsupportedReason =
        "std::array of more than " + std::to_string(kMaxFixedArray) + " elements is not supported";
    return desc;
  }
  TypeDesc element = describeElement(args[0].getAsType(), isReturn);
  if (!element.isSupported()) {
    desc.unsupportedReason = element.unsupportedReason;
    return desc;
  }
  desc.kind = TypeKind::Container;
  desc.container = "array";
  desc.length = length;
  desc.spelling = desc.valueSpelling =
      "std::array<" + element.valueSpelling + ", " + std::to_string(length) + ">";
  desc.elements.push_back(std::move(element));
  return desc;
}

std::optional<TypeDesc> TypeDescriber::describeContainer(clang::QualType type,
                                                         bool isReturn) const {
  const auto *specialization = llvm::dyn_cast_or_null<clang::ClassTemplateSpecializationDecl>(
      type.getCanonicalType()->getAsCXXRecordDecl());
  if (specialization && specialization->isInStdNamespace() && specialization->getName() == "array")
    return describeFixedArray(type, specialization, isReturn);
  if (!specialization || !specialization->isInStdNamespace() ||
      (!kBracedContainers.contains(specialization->getName()) &&
       specialization->getName() != "pair" && specialization->getName() != "tuple" &&
       specialization->getName() != "variant"))
    return std::nullopt;
  TypeDesc desc;
  desc.spelling = desc.valueSpelling = spell(type);
  const std::string name = specialization->getName().str();
  const clang::TemplateArgumentList &args = specialization->getTemplateArgs();
  // A tuple's types or a variant's alternatives, a map's key and mapped type, a pair's first and
  // second; other containers have one.
  std::vector<clang::TemplateArgument> elementArgs;
  if (name == "tuple" || name == "variant") {
    if (args.size() == 1 && args[0].getKind() == clang::TemplateArgument::Pack)
      elementArgs.assign(args[0].pack_begin(), args[0].pack_end());
    if (elementArgs.empty()) {
      desc.unsupportedReason = "an empty std::" + name + " is not supported";
      return desc;
    }
  } else {
    const bool twoElementTypes = llvm::StringRef(name).endswith("map") || name == "pair";
    const size_t elementCount = twoElementTypes ? 2 : 1;
    for (size_t i = elementCount; i < args.size(); ++i)
      if (!isDefaultPolicy(args[i])) {
        desc.unsupportedReason =
            "containers with their own comparator, hash or allocator are not supported yet";
        return desc;
      }
    for (size_t i = 0; i < elementCount && i < args.size(); ++i)
      elementArgs.push_back(args[i]);
  }
  // `std::vector<leveldb::Slice>`: objects a test writes as the values they convert from.
  if (std::optional<TypeDesc> objects = describeObjects(name, elementArgs, isReturn))
    return objects;
  std::string spelledElements;
  for (size_t i = 0; i < elementArgs.size(); ++i) {
    if (elementArgs[i].getKind() != clang::TemplateArgument::Type)
      return std::nullopt;
    TypeDesc element = describeElement(elementArgs[i].getAsType(), isReturn);
    if (!element.isSupported()) {
      desc.unsupportedReason = element.unsupportedReason;
      return desc;
    }
    spelledElements += (i ? ", " : "") + element.valueSpelling;
    desc.elements.push_back(std::move(element));
  }
  desc.kind = TypeKind::Container;
  desc.container = name;
  desc.spelling = desc.valueSpelling = "std::" + name + "<" + spelledElements + ">";
  return desc;
}

} // namespace unitgen
