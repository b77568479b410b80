// Mapping clang types to TypeDesc (what unitgen can pass and print) and fields to walker shapes.
#include "frontend/TypeDescriber.h"

#include <clang/AST/DeclTemplate.h>
#include <clang/AST/QualTypeNames.h>
#include <llvm/ADT/StringSet.h>

#include <functional>

namespace unitgen {

namespace {

/// Why a container of objects (TypeDesc::holdsObjects) the call may fill is not supported.
std::string objectsReadOnly(const TypeDesc &container) {
  return "a container of " + container.className +
         " is supported only as an argument the call reads";
}

/// Library class templates that hold elements, for the reason a user meets when one is not
/// among those describeContainer supports (or has a custom comparator or allocator).
const llvm::StringSet<> kContainers = {"vector",        "deque",
                                       "list",          "forward_list",
                                       "map",           "multimap",
                                       "set",           "multiset",
                                       "unordered_map", "unordered_multimap",
                                       "unordered_set", "unordered_multiset",
                                       "array",         "stack",
                                       "queue",         "priority_queue",
                                       "span",          "valarray",
                                       "basic_string"};

bool isStdString(clang::QualType type) {
  const auto *string = stdSpecialization(type, "basic_string");
  return string && isPlainChar(string->getTemplateArgs()[0].getAsType().getCanonicalType());
}

bool isStdStringView(clang::QualType type) {
  const auto *view = stdSpecialization(type, "basic_string_view");
  return view && isPlainChar(view->getTemplateArgs()[0].getAsType().getCanonicalType());
}

/// `std::unique_ptr<T>` with the default deleter: T, else a null type.
clang::QualType uniquePointee(clang::QualType type) {
  const auto *pointer = stdSpecialization(type, "unique_ptr");
  if (!pointer)
    return {};
  const clang::TemplateArgumentList &args = pointer->getTemplateArgs();
  if (args.size() > 1 && !stdSpecialization(args[1].getAsType(), "default_delete"))
    return {};
  return args[0].getAsType();
}

/// `std::shared_ptr<T>`: T, else a null type.
clang::QualType sharedPointee(clang::QualType type) {
  const auto *pointer = stdSpecialization(type, "shared_ptr");
  return pointer ? pointer->getTemplateArgs()[0].getAsType() : clang::QualType();
}

/// Why a library type is out of scope, worded for `unitgen list`.
std::string libraryReason(clang::QualType type) {
  const clang::CXXRecordDecl *record = type.getCanonicalType()->getAsCXXRecordDecl();
  if (!record)
    return "this kind of type is not supported yet";
  llvm::StringRef name = record->getName();
  if (record->isInStdNamespace()) {
    if (kContainers.contains(name)) // those describeContainer takes are not here
      return "container std::" + name.str() + " is not supported yet";
    if (name == "basic_string_view")
      return "views of other characters than char are not supported";
    if (name == "shared_ptr")
      return "std::shared_ptr is supported only to classes of the project";
    if (name == "weak_ptr")
      return "std::weak_ptr is not supported yet";
    if (name == "unique_ptr")
      return "std::unique_ptr is supported only to classes of the project";
    return "library type std::" + name.str() + " is not supported yet";
  }
  if (record->isUnion())
    return "unions are not supported";
  if (llvm::isa<clang::ClassTemplateSpecializationDecl>(record))
    return "class template specializations are not supported yet";
  return "library types are not supported yet";
}

} // namespace

std::string applyPassing(const std::string &valueSpelling, Passing passing) {
  switch (passing) {
  case Passing::Value:
    return valueSpelling;
  case Passing::Reference:
    return valueSpelling + "&";
  case Passing::ConstReference:
    return "const " + valueSpelling + "&";
  case Passing::RvalueReference:
    return valueSpelling + "&&";
  case Passing::Pointer:
    return valueSpelling + "*";
  case Passing::ConstPointer:
    return "const " + valueSpelling + "*";
  case Passing::UniquePtr:
    return "std::unique_ptr<" + valueSpelling + ">";
  case Passing::SharedPtr:
    return "std::shared_ptr<" + valueSpelling + ">";
  case Passing::Buffer:
    return valueSpelling + "*";
  }
  return valueSpelling;
}

TypeDescriber::TypeDescriber(clang::ASTContext &context)
    : context_(context), policy_(context.getLangOpts()) {
  policy_.SuppressTagKeyword = true;
  policy_.SuppressScope = false;
  policy_.FullyQualifiedName = true;
  policy_.SuppressInlineNamespace = true;
  policy_.Bool = true;
}

std::string TypeDescriber::spell(clang::QualType type) const {
  if (type->isDependentType())
    return type.getAsString(policy_);
  return clang::TypeName::getFullyQualifiedType(type, context_, /*WithGlobalNsPrefix=*/false)
      .getAsString(policy_);
}

std::string TypeDescriber::qualifiedName(const clang::NamedDecl *decl) const {
  const auto *record = llvm::dyn_cast<clang::CXXRecordDecl>(decl);
  if (record && isConcreteSpecialization(record))
    return specializationName(llvm::cast<clang::ClassTemplateSpecializationDecl>(record));
  // A member of `Stack<int>` is `Stack<int>::push`, as the class is named.
  // A function template's specialization is named with its arguments, as a call spells it
  // (`json::Value::as<bool>`).
  const auto *function = llvm::dyn_cast<clang::FunctionDecl>(decl);
  const clang::TemplateArgumentList *arguments =
      function && !llvm::isa<clang::CXXConstructorDecl>(function)
          ? function->getTemplateSpecializationArgs()
          : nullptr;
  const std::string suffix = arguments ? templateArguments(arguments->asArray()) : "";
  const auto *parent = llvm::dyn_cast<clang::CXXRecordDecl>(decl->getDeclContext());
  if (parent && isConcreteSpecialization(parent) && decl->getDeclName().isIdentifier())
    return qualifiedName(parent) + "::" + decl->getNameAsString() + suffix;
  return templateName(decl) + suffix;
}

std::string TypeDescriber::templateName(const clang::NamedDecl *decl) const {
  std::string name;
  llvm::raw_string_ostream out(name);
  decl->printQualifiedName(out, policy_);
  return out.str();
}

std::string
TypeDescriber::specializationName(const clang::ClassTemplateSpecializationDecl *record) const {
  return templateName(record) + templateArguments(record->getTemplateArgs().asArray());
}

std::string
TypeDescriber::templateArguments(llvm::ArrayRef<clang::TemplateArgument> arguments) const {
  std::string name = "<";
  bool first = true;
  std::function<void(const clang::TemplateArgument &)> append =
      [&](const clang::TemplateArgument &argument) {
        if (argument.getKind() == clang::TemplateArgument::Pack) {
          for (const clang::TemplateArgument &element : argument.pack_elements())
            append(element);
          return;
        }
        name += first ? "" : ", ";
        first = false;
        if (argument.getKind() == clang::TemplateArgument::Type) {
          // As a parameter of that type is spelled: `std::string`, not `std::basic_string<char>`.
          TypeDesc described = describe(argument.getAsType(), true);
          name += described.isSupported() ? described.spelling : spell(argument.getAsType());
          return;
        }
        llvm::raw_string_ostream out(name);
        argument.print(policy_, out, /*IncludeType=*/false);
      };
  for (const clang::TemplateArgument &argument : arguments)
    append(argument);
  return name + ">";
}

bool TypeDescriber::spellable(llvm::ArrayRef<clang::TemplateArgument> arguments) const {
  for (const clang::TemplateArgument &argument : arguments) {
    switch (argument.getKind()) {
    case clang::TemplateArgument::Pack:
      if (!spellable(argument.pack_elements()))
        return false;
      break;
    case clang::TemplateArgument::Type: {
      // A lambda's or a local class's type has no name; a hidden one none a test may use.
      const clang::Type *type = argument.getAsType()->getPointeeOrArrayElementType();
      const clang::CXXRecordDecl *record = type->getAsCXXRecordDecl();
      if (record && (record->isLambda() || record->isLocalClass() || !hiddenReason(record).empty()))
        return false;
      break;
    }
    case clang::TemplateArgument::Integral:
      break;
    default: // templates, declarations, null pointers, expressions
      return false;
    }
  }
  return true;
}

TypeDesc TypeDescriber::describe(clang::QualType type, bool isReturn) const {
  auto unsupported = [&](const std::string &reason) {
    TypeDesc desc;
    desc.spelling = desc.valueSpelling = spell(type);
    desc.unsupportedReason = reason;
    return desc;
  };
  if (type->isDependentType())
    return unsupported("depends on a template parameter");
  clang::QualType canonical = type.getCanonicalType();

  if (const auto *reference = canonical->getAs<clang::ReferenceType>()) {
    clang::QualType pointee = reference->getPointeeType();
    if (std::optional<TypeDesc> stream = describeStream(type, pointee, isReturn))
      return *stream;
    if (!uniquePointee(pointee).isNull())
      return unsupported("references to std::unique_ptr are not supported yet");
    if (!sharedPointee(pointee).isNull()) { // `const std::shared_ptr<T>&` is passed as one
      if (!pointee.isConstQualified() || llvm::isa<clang::RValueReferenceType>(reference))
        return unsupported("a std::shared_ptr the call sets is not supported yet");
      return describeShared(type, sharedPointee(pointee), isReturn);
    }
    TypeDesc desc = describeValue(pointee.getUnqualifiedType(), isReturn);
    if (!desc.isSupported())
      return unsupported(desc.unsupportedReason);
    if (desc.kind == TypeKind::CString)
      return unsupported("references to C strings are not supported yet");
    if (desc.holdsObjects() && !pointee.isConstQualified()) // a result was refused already
      return unsupported(objectsReadOnly(desc));
    if (desc.kind == TypeKind::Callback && !pointee.isConstQualified())
      return unsupported("a std::function the call sets is not supported yet");
    if (desc.isStringView() && !pointee.isConstQualified())
      return unsupported("a std::string_view the call sets is not supported yet");
    if (llvm::isa<clang::RValueReferenceType>(reference)) {
      if (desc.kind != TypeKind::Class)
        return unsupported("rvalue references are supported only to classes of the project");
      desc.passing = Passing::RvalueReference;
    } else if (pointee.isConstQualified()) {
      desc.passing = Passing::ConstReference;
    } else {
      // A parameter `int&`, `std::string&`: an out-parameter (TypeDesc::isOutParameter).
      desc.passing = Passing::Reference;
    }
    desc.spelling = applyPassing(desc.valueSpelling, desc.passing);
    return desc;
  }

  if (const auto *pointer = canonical->getAs<clang::PointerType>()) {
    clang::QualType pointee = pointer->getPointeeType();
    if (isPlainChar(pointee)) {
      TypeDesc desc;
      if (!pointee.isConstQualified() && !isReturn) {
        // A buffer the call writes, when a length follows (ModelBuilder checks it).
        desc.kind = TypeKind::CString;
        desc.passing = Passing::Buffer;
        desc.valueSpelling = "char";
        desc.spelling = "char*";
        desc.bits = 8;
        return desc;
      }
      desc.kind = TypeKind::CString;
      desc.spelling = desc.valueSpelling = pointee.isConstQualified() ? "const char*" : "char*";
      desc.bits = 8;
      return desc;
    }
    if (pointee->isFunctionType())
      return describeCallback(type, pointee);
    if (pointee->isVoidType())
      return describeUserData(type, pointee, isReturn);
    if (namesStdioFile(type->getAs<clang::PointerType>()->getPointeeType()))
      return describeFile(type, pointee, isReturn);
    if (!projectRecord(pointee))
      return describeOutPointer(type, pointee, isReturn);
    TypeDesc desc = describeValue(pointee.getUnqualifiedType(), isReturn);
    if (!desc.isSupported())
      return unsupported(desc.unsupportedReason);
    desc.passing = pointee.isConstQualified() ? Passing::ConstPointer : Passing::Pointer;
    desc.spelling = applyPassing(desc.valueSpelling, desc.passing);
    return desc;
  }

  clang::QualType owned = uniquePointee(canonical);
  if (!owned.isNull()) {
    if (!projectRecord(owned) || owned.isConstQualified())
      return unsupported("std::unique_ptr is supported only to (non-const) classes of the project");
    TypeDesc desc = describeValue(owned, isReturn);
    if (!desc.isSupported())
      return unsupported(desc.unsupportedReason);
    desc.passing = Passing::UniquePtr;
    desc.spelling = applyPassing(desc.valueSpelling, desc.passing);
    return desc;
  }

  if (clang::QualType shared = sharedPointee(canonical); !shared.isNull())
    return describeShared(type, shared, isReturn);

  TypeDesc desc = describeValue(canonical.getUnqualifiedType(), isReturn);
  if (!desc.isSupported())
    return unsupported(desc.unsupportedReason);
  return desc;
}

TypeDesc TypeDescriber::describeShared(clang::QualType type, clang::QualType pointee,
                                       bool isReturn) const {
  if (!projectRecord(pointee) || pointee.isConstQualified()) {
    TypeDesc desc;
    desc.spelling = desc.valueSpelling = spell(type);
    desc.unsupportedReason =
        "std::shared_ptr is supported only to (non-const) classes of the project";
    return desc;
  }
  TypeDesc desc = describeValue(pointee.getUnqualifiedType(), isReturn);
  if (!desc.isSupported())
    return desc;
  desc.passing = Passing::SharedPtr;
  desc.spelling = applyPassing(desc.valueSpelling, desc.passing);
  return desc;
}

bool TypeDescriber::namesStdioFile(clang::QualType pointee) const {
  auto global = [](const clang::Decl *decl) {
    return decl->getDeclContext()->getRedeclContext()->isTranslationUnit();
  };
  // `FILE`, `std::FILE` or `::FILE` as written: the C library's typedef, whatever it names.
  for (clang::QualType sugared = pointee;;) {
    const auto *named = sugared->getAs<clang::TypedefType>();
    if (!named)
      break;
    if (named->getDecl()->getName() == "FILE" && global(named->getDecl()))
      return true;
    sugared = named->getDecl()->getUnderlyingType();
  }
  // glibc's record behind it, for code that names it without the typedef.
  const clang::RecordDecl *record = pointee.getCanonicalType()->getAsRecordDecl();
  return record && record->getName() == "_IO_FILE" && global(record);
}

TypeDesc TypeDescriber::describeFile(clang::QualType type, clang::QualType pointee,
                                     bool isReturn) const {
  TypeDesc desc;
  desc.spelling = desc.valueSpelling = spell(type);
  if (isReturn || pointee.isConstQualified()) {
    // A `FILE *` a function opens is the caller's to close: nothing a test could assert.
    desc.unsupportedReason = "FILE * is supported only as a parameter";
    return desc;
  }
  desc.kind = TypeKind::File;
  desc.passing = Passing::Pointer;
  desc.valueSpelling = "std::FILE";
  desc.spelling = "std::FILE*";
  return desc;
}

TypeDesc TypeDescriber::describeUserData(clang::QualType type, clang::QualType pointee,
                                         bool isReturn) const {
  TypeDesc desc;
  desc.spelling = desc.valueSpelling = pointee.isConstQualified() ? "const void *" : "void *";
  // A parameter `const void *` is bytes to read (with their length), not a token to keep.
  if (pointee.isConstQualified() && !isReturn) {
    desc.unsupportedReason = "input buffers (" + spell(type) + ") are not supported yet";
    return desc;
  }
  desc.kind = TypeKind::UserData;
  return desc;
}

TypeDesc TypeDescriber::describeCallback(clang::QualType type, clang::QualType function) const {
  TypeDesc desc;
  desc.spelling = desc.valueSpelling = spell(type);
  const auto *prototype = function->getAs<clang::FunctionProtoType>();
  if (!prototype || prototype->isVariadic()) {
    desc.unsupportedReason = "variadic function pointers are not supported";
    return desc;
  }
  desc.kind = TypeKind::Callback;
  TypeDesc result = describe(prototype->getReturnType(), true);
  result.spelling = spell(prototype->getReturnType());
  desc.elements.push_back(std::move(result));
  for (clang::QualType param : prototype->getParamTypes()) {
    // As a parameter of that type is spelled: `const std::string&`, not its template.
    TypeDesc described = describe(param, false);
    TypeDesc parameter;
    parameter.spelling = parameter.valueSpelling =
        described.isSupported() ? described.spelling : spell(param);
    desc.elements.push_back(std::move(parameter));
  }
  return desc;
}

TypeDesc TypeDescriber::describeOutPointer(clang::QualType type, clang::QualType pointee,
                                           bool isReturn) const {
  TypeDesc desc;
  desc.spelling = desc.valueSpelling = spell(type);
  auto unsupported = [&](const std::string &reason) {
    desc.unsupportedReason = reason;
    return desc;
  };
  if (isReturn)
    return unsupported("pointers are supported only to classes of the project");
  if (pointee.isConstQualified())
    return unsupported("pointers to const values (input arrays) are not supported yet");
  // `T **`: the call makes a T and stores its address (`DB::Open(..., DB **dbptr)`).
  if (const auto *inner = pointee->getAs<clang::PointerType>())
    if (projectRecord(inner->getPointeeType())) {
      TypeDesc made = describeValue(inner->getPointeeType().getUnqualifiedType(), false);
      if (!made.isSupported())
        return unsupported(made.unsupportedReason);
      if (inner->getPointeeType().isConstQualified())
        return unsupported("a const object made through a parameter is not supported yet");
      made.kind = TypeKind::MadeObject;
      made.passing = Passing::Pointer;
      made.spelling = made.valueSpelling + "**";
      return made;
    }
  // `const char**`: a C string the call points somewhere.
  if (const auto *inner = pointee->getAs<clang::PointerType>()) {
    clang::QualType character = inner->getPointeeType();
    if (isPlainChar(character) && character.isConstQualified()) {
      desc.kind = TypeKind::CString;
      desc.valueSpelling = "const char*";
      desc.spelling = "const char**";
      desc.bits = 8;
      desc.passing = Passing::Pointer;
      return desc;
    }
  }
  // `unsigned char*`, `uint8_t*`: bytes of a buffer far more often than one number.
  if (pointee->isCharType() ||
      (pointee->isIntegerType() && !pointee->isBooleanType() && context_.getTypeSize(pointee) == 8))
    return unsupported("byte buffers (" + spell(type) + ") are not supported yet");
  TypeDesc value = describeValue(pointee.getUnqualifiedType(), isReturn);
  if (!value.isSupported())
    return unsupported(value.kind == TypeKind::Class || value.unsupportedReason.empty()
                           ? "pointers are supported only to classes of the project"
                           : value.unsupportedReason);
  if (value.kind == TypeKind::Class)
    return unsupported("pointers are supported only to classes of the project");
  if (value.isStringView())
    return unsupported("a std::string_view the call sets is not supported yet");
  if (value.holdsObjects())
    return unsupported(objectsReadOnly(value));
  value.passing = Passing::Pointer;
  value.spelling = applyPassing(value.valueSpelling, value.passing);
  return value;
}

TypeDesc TypeDescriber::describeValue(clang::QualType type, bool isReturn) const {
  TypeDesc desc;
  auto unsupported = [&](const std::string &reason) {
    desc.kind = TypeKind::Unsupported;
    desc.spelling = desc.valueSpelling = spell(type);
    desc.unsupportedReason = reason;
    return desc;
  };
  if (type->isVoidType()) {
    desc.kind = TypeKind::Void;
    desc.spelling = desc.valueSpelling = "void";
    return desc;
  }
  if (const auto *builtin = type->getAs<clang::BuiltinType>()) {
    desc.spelling = desc.valueSpelling = type.getUnqualifiedType().getAsString(policy_);
    desc.bits = static_cast<int>(context_.getTypeSize(type));
    switch (builtin->getKind()) {
    case clang::BuiltinType::Bool:
      desc.kind = TypeKind::Bool;
      return desc;
    case clang::BuiltinType::Char_S:
    case clang::BuiltinType::Char_U:
      desc.kind = TypeKind::Char;
      desc.isSigned = builtin->getKind() == clang::BuiltinType::Char_S;
      return desc;
    case clang::BuiltinType::Float:
    case clang::BuiltinType::Double:
    case clang::BuiltinType::LongDouble:
      desc.kind = TypeKind::Floating;
      return desc;
    case clang::BuiltinType::Int128:
    case clang::BuiltinType::UInt128:
      return unsupported("128-bit integers are not supported yet");
    default:
      break;
    }
    if (builtin->isInteger()) {
      desc.kind = TypeKind::Integer;
      desc.isSigned = builtin->isSignedInteger();
      return desc;
    }
    return unsupported("type " + desc.spelling + " is not supported yet");
  }
  if (const auto *enumType = type->getAs<clang::EnumType>())
    return describeEnum(enumType->getDecl());
  if (isStdString(type)) {
    desc.kind = TypeKind::String;
    desc.spelling = desc.valueSpelling = "std::string";
    return desc;
  }
  if (isStdStringView(type)) {
    desc.kind = TypeKind::String;
    desc.spelling = desc.valueSpelling = "std::string_view";
    return desc;
  }
  if (const auto *optional = stdSpecialization(type, "optional")) {
    clang::QualType elementType = optional->getTemplateArgs()[0].getAsType();
    TypeDesc element = describe(elementType, isReturn);
    if (!element.isSupported())
      return unsupported(element.unsupportedReason);
    if (element.passing != Passing::Value || element.kind == TypeKind::Class ||
        element.kind == TypeKind::CString || element.kind == TypeKind::Optional ||
        element.holdsObjects())
      return unsupported("std::optional is supported only of primitives, enums and std::string");
    desc.kind = TypeKind::Optional;
    desc.spelling = desc.valueSpelling = "std::optional<" + element.valueSpelling + ">";
    desc.elements.push_back(std::move(element));
    return desc;
  }
  if (std::optional<TypeDesc> container = describeContainer(type, isReturn))
    return *container;
  // `std::function<bool(int)>`: a callback as a function pointer is, given the same counting
  // lambda (it converts to either).
  if (const auto *function = stdSpecialization(type, "function"))
    if (function->getTemplateArgs().size() == 1 &&
        function->getTemplateArgs()[0].getKind() == clang::TemplateArgument::Type &&
        function->getTemplateArgs()[0].getAsType()->isFunctionProtoType()) {
      TypeDesc callback = describeCallback(type, function->getTemplateArgs()[0].getAsType());
      callback.spelling = callback.valueSpelling = spell(type);
      return callback;
    }
  if (const clang::CXXRecordDecl *record = projectRecord(type)) {
    std::string name = qualifiedName(record);
    std::string hidden = hiddenReason(record);
    if (!hidden.empty())
      return unsupported(name + " " + hidden);
    desc.kind = TypeKind::Class;
    desc.className = desc.spelling = desc.valueSpelling = name;
    return desc;
  }
  if (type->isRecordType())
    return unsupported(libraryReason(type));
  if (type->isArrayType())
    return unsupported("arrays are not supported yet");
  if (type->isMemberPointerType())
    return unsupported("pointers to members are not supported");
  return unsupported("this kind of type is not supported yet");
}

std::optional<TypeDesc> TypeDescriber::describeStream(clang::QualType type,
                                                      clang::QualType referenced,
                                                      bool isReturn) const {
  const bool input = stdSpecialization(referenced, "basic_istream") != nullptr;
  if (!input && !stdSpecialization(referenced, "basic_ostream"))
    return std::nullopt;
  TypeDesc desc;
  desc.spelling = desc.valueSpelling = spell(type);
  const auto *stream = stdSpecialization(referenced, input ? "basic_istream" : "basic_ostream");
  if (!isPlainChar(stream->getTemplateArgs()[0].getAsType().getCanonicalType())) {
    desc.unsupportedReason = "streams of other characters than char are not supported";
    return desc;
  }
  if (isReturn || referenced.isConstQualified() ||
      !llvm::isa<clang::LValueReferenceType>(type.getCanonicalType())) {
    // `std::ostream &print(std::ostream &out)` returns its argument: nothing to assert.
    desc.unsupportedReason = "streams are supported only as non-const reference parameters";
    return desc;
  }
  desc.kind = input ? TypeKind::InputStream : TypeKind::OutputStream;
  desc.passing = Passing::Reference;
  desc.valueSpelling = input ? "std::istream" : "std::ostream";
  desc.spelling = desc.valueSpelling + "&";
  return desc;
}

TypeDesc TypeDescriber::describeEnum(const clang::EnumDecl *decl, bool privateAccess) const {
  TypeDesc desc;
  if (const clang::EnumDecl *definition = decl->getDefinition())
    decl = definition;
  std::string name = qualifiedName(decl);
  std::string hidden = privateAccess ? "" : hiddenReason(decl);
  if (!hidden.empty() || !decl->isComplete()) {
    desc.spelling = desc.valueSpelling = name;
    desc.unsupportedReason =
        hidden.empty() ? "enum " + name + " is incomplete" : "enum " + name + " " + hidden;
    return desc;
  }
  desc.kind = TypeKind::Enum;
  desc.spelling = desc.valueSpelling = name;
  clang::QualType underlying = decl->getIntegerType();
  desc.bits = static_cast<int>(context_.getTypeSize(underlying));
  desc.isSigned = underlying->isSignedIntegerType();
  // Unscoped enumerators live in the enclosing scope: `ns::kRed`, not `ns::Color::kRed`.
  std::string prefix;
  if (decl->isScoped())
    prefix = name + "::";
  else if (const auto *outer = llvm::dyn_cast<clang::NamedDecl>(decl->getDeclContext()))
    prefix = qualifiedName(outer) + "::";
  for (const clang::EnumConstantDecl *constant : decl->enumerators())
    desc.enumerators.emplace_back(prefix + constant->getNameAsString(),
                                  constant->getInitVal().getExtValue());
  return desc;
}

FieldShape TypeDescriber::valueShape(clang::QualType type, std::string &recordName,
                                     std::string &note) const {
  type = type.getCanonicalType();
  if (const auto *builtin = type->getAs<clang::BuiltinType>()) {
    if (builtin->getKind() == clang::BuiltinType::Int128 ||
        builtin->getKind() == clang::BuiltinType::UInt128 || !builtin->isScalarType()) {
      note = "builtin type " + type.getAsString(policy_) + " is not walked";
      return FieldShape::Opaque;
    }
    if (builtin->isNullPtrType()) {
      note = "std::nullptr_t holds no state";
      return FieldShape::Opaque;
    }
    return FieldShape::Value;
  }
  if (type->isEnumeralType() || isStdString(type))
    return FieldShape::Value;
  auto elementShape = [&](clang::QualType element, const char *what) {
    std::string elementRecord, elementNote;
    if (valueShape(element, elementRecord, elementNote) == FieldShape::Value)
      return FieldShape::Value;
    note = std::string(what) + " of non-value elements (" + spell(element) + ") is not walked yet";
    return FieldShape::Opaque;
  };
  if (const auto *array = context_.getAsConstantArrayType(type))
    return elementShape(array->getElementType(), "array");
  for (const char *name : {"vector", "optional", "array"})
    if (const auto *holder = stdSpecialization(type, name))
      return elementShape(holder->getTemplateArgs()[0].getAsType(),
                          (std::string("std::") + name).c_str());
  if (const clang::CXXRecordDecl *record = projectRecord(type)) {
    recordName = qualifiedName(record);
    return FieldShape::Embedded;
  }
  if (type->isPointerType())
    note = "pointer inside a value is not walked";
  else if (type->isRecordType())
    note = "library type " + spell(type) + " is not walked";
  else
    note = "type " + spell(type) + " is not walked";
  return FieldShape::Opaque;
}

Field TypeDescriber::describeField(const clang::FieldDecl *decl) const {
  Field field;
  field.name = decl->getNameAsString();
  field.typeSpelling = spell(decl->getType());
  field.access = decl->getAccess() == clang::AS_public      ? Access::Public
                 : decl->getAccess() == clang::AS_protected ? Access::Protected
                                                            : Access::Private;
  clang::QualType type = decl->getType().getCanonicalType();
  if (field.name.empty()) {
    field.note = "anonymous struct or union";
    return field;
  }
  if (type->isReferenceType()) {
    field.note = "reference member";
    return field;
  }
  if (decl->isMutable()) { // a cache or a lock: a const method may change it, state it is not
    field.note = "mutable member";
    return field;
  }
  if (const auto *pointer = type->getAs<clang::PointerType>()) {
    clang::QualType pointee = pointer->getPointeeType();
    if (const clang::CXXRecordDecl *record = projectRecord(pointee)) {
      field.shape = FieldShape::Ref;
      field.recordName = qualifiedName(record);
      field.isPointer = true;
    } else if (pointee->isRecordType()) {
      field.note = "pointer to library type " + spell(pointee);
    } else if (pointee->isFunctionType()) {
      field.note = "function pointer";
    } else if ((pointee->isScalarType() || pointee->isEnumeralType()) &&
               !pointee->isPointerType() && !pointee->isMemberPointerType() &&
               !pointee->isNullPtrType()) {
      field.shape = FieldShape::HeapArray;
      field.isPointer = true;
    } else {
      field.note = "pointer to non-record type";
    }
    return field;
  }
  clang::QualType owned = uniquePointee(type);
  if (!owned.isNull()) {
    if (const clang::CXXRecordDecl *record = projectRecord(owned)) {
      field.shape = FieldShape::Ref;
      field.recordName = qualifiedName(record);
    } else {
      field.note = "std::unique_ptr to a non-project type";
    }
    return field;
  }
  field.shape = valueShape(type, field.recordName, field.note);
  if (const auto *enumType = type->getAs<clang::EnumType>())
    field.type = describeEnum(enumType->getDecl(), /*privateAccess=*/true);
  else if (field.shape == FieldShape::Value)
    field.type = describe(decl->getType(), false);
  return field;
}

} // namespace unitgen
