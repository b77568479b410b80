// TypeDescriber: clang types → TypeDesc (parameters, returns) and Field (heap-walker shapes).
#pragma once

#include <optional>

#include "frontend/AstUtil.h"
#include "model/ClassModel.h"
#include "model/TypeDesc.h"

#include <clang/AST/ASTContext.h>
#include <clang/AST/TemplateBase.h>
#include <clang/AST/Type.h>

#include <string>

namespace unitgen {

/// The longest `std::array` unitgen passes: what a test asserts whole (the driver records 64
/// elements at most).
constexpr int64_t kMaxFixedArray = 64;

class TypeDescriber {
public:
  explicit TypeDescriber(clang::ASTContext &context);

  /// How a parameter (`isReturn` false) or a return value of this type reaches unitgen.
  TypeDesc describe(clang::QualType type, bool isReturn) const;
  /// A pointer parameter followed by its length (`const uint8_t *data, size_t n`) as the array
  /// it points to (TypeKind::Array), or Unsupported with why; null when the pointer is no
  /// array but what the parameter alone says (`char *` buffers and `const char *` strings,
  /// `std::string *` outputs, one object of the project to change).
  std::optional<TypeDesc> describeArray(clang::QualType type) const;
  /// The field with its heap-walker shape.
  Field describeField(const clang::FieldDecl *field) const;
  /// The type as written, fully qualified (`std::map<int, int>`, `ds::TreeMap::Node *`).
  std::string spell(clang::QualType type) const;
  /// Qualified name of a declaration as a test spells it (inline namespaces dropped), with the
  /// template arguments of a class template's specialization (`ds::Stack<std::string>`) and of
  /// the specialization a member belongs to (`ds::Stack<int>::push`), and a function template's
  /// specialization with its own (`json::Value::as<bool>`).
  std::string qualifiedName(const clang::NamedDecl *decl) const;
  /// Qualified name without template arguments: the template a specialization instantiates
  /// (`ds::Stack`), as the bodies of the template's members name their fields.
  std::string templateName(const clang::NamedDecl *decl) const;

  /// Template arguments as a test spells them: `<int, std::string>`.
  std::string templateArguments(llvm::ArrayRef<clang::TemplateArgument> arguments) const;
  /// Whether a test can spell every one of `arguments`: types it can name (no lambda, local
  /// class or hidden type) and numbers.
  bool spellable(llvm::ArrayRef<clang::TemplateArgument> arguments) const;

private:
  std::string specializationName(const clang::ClassTemplateSpecializationDecl *record) const;
  TypeDesc describeValue(clang::QualType type, bool isReturn) const;
  /// A standard container, or a `std::pair`, of numbers, enums, strings or such containers
  /// (TypeKind::Container), with its default comparator, hash and allocator; null when `type`
  /// is neither.
  std::optional<TypeDesc> describeContainer(clang::QualType type, bool isReturn) const;
  /// `std::vector<T>`, `std::deque<T>` or `std::list<T>` of a class T of the project a test
  /// writes from what a non-explicit constructor converts (TypeDesc::holdsObjects; a parameter
  /// the call reads, never a result); Unsupported with why for another container of T or a T
  /// that cannot be written so; null when T is no class of the project.
  std::optional<TypeDesc> describeObjects(const std::string &container,
                                          const std::vector<clang::TemplateArgument> &elementArgs,
                                          bool isReturn) const;
  /// An element of a container, pair, tuple or std::array: a number, enum, string or such a
  /// container by value; Unsupported with why otherwise.
  TypeDesc describeElement(clang::QualType type, bool isReturn) const;
  /// `std::array<T, N>` of what a container may hold, N up to kMaxFixedArray: a Container of
  /// exactly N elements (TypeDesc::isFixedArray).
  TypeDesc describeFixedArray(clang::QualType type,
                              const clang::ClassTemplateSpecializationDecl *specialization,
                              bool isReturn) const;
  /// A reference `type` to `referenced`, `std::istream` or `std::ostream` (TypeKind::InputStream,
  /// OutputStream); null when it refers to no stream.
  std::optional<TypeDesc> describeStream(clang::QualType type, clang::QualType referenced,
                                         bool isReturn) const;
  /// A parameter `T*` to a type not of the project: an out-parameter when T is a number, bool,
  /// enum, std::string or `const char*`.
  TypeDesc describeOutPointer(clang::QualType type, clang::QualType pointee, bool isReturn) const;
  /// What a test writes for each element of an array of `record`: the value a public,
  /// non-explicit constructor taking one converts (`"abc"` for a `leveldb::Slice`); Unsupported
  /// when there is none, or when the class cannot be default-constructed (an empty array).
  TypeDesc convertedElement(const clang::CXXRecordDecl *record) const;
  /// `std::shared_ptr<T>` (by value or `const&`, `type` as written) to `pointee`, a class of the
  /// project: Passing::SharedPtr.
  TypeDesc describeShared(clang::QualType type, clang::QualType pointee, bool isReturn) const;
  /// Whether `pointee`, as written, is the C library's `FILE`.
  bool namesStdioFile(clang::QualType pointee) const;
  /// `FILE *`: a parameter the test gives a file of its own folder (TypeKind::File).
  TypeDesc describeFile(clang::QualType type, clang::QualType pointee, bool isReturn) const;
  /// `void *`: user data (TypeKind::UserData); `const void *` only as a result.
  TypeDesc describeUserData(clang::QualType type, clang::QualType pointee, bool isReturn) const;
  /// A pointer to a function: TypeKind::Callback with its return and parameter types.
  TypeDesc describeCallback(clang::QualType type, clang::QualType function) const;
  /// `privateAccess`: described even when a test could not name it (a private member enum),
  /// for code with private access such as the exhaustive driver's field setters.
  TypeDesc describeEnum(const clang::EnumDecl *decl, bool privateAccess = false) const;
  /// Heap-walker shape of a type held by value: Value, Embedded or Opaque (with `note`).
  FieldShape valueShape(clang::QualType type, std::string &recordName, std::string &note) const;

  clang::ASTContext &context_;
  clang::PrintingPolicy policy_;
};

/// Applies `passing` to a value spelling: `const std::string&`, `std::unique_ptr<T>`.
std::string applyPassing(const std::string &valueSpelling, Passing passing);

} // namespace unitgen
