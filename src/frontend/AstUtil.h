// AstUtil: which declarations are the project's, where they are, whether tests can name them.
#pragma once

#include "frontend/Facts.h"

#include <clang/AST/Decl.h>
#include <clang/AST/DeclCXX.h>
#include <clang/AST/DeclTemplate.h>
#include <clang/AST/Type.h>
#include <clang/Basic/SourceManager.h>

#include <string>

namespace unitgen {

/// True for declarations a project wrote: not in a system header, not under /usr, not built in.
bool isProjectDecl(const clang::Decl *decl);
/// Same test for any location (literals spelled in project files, not in system macros).
bool isProjectLocation(const clang::SourceManager &sources, clang::SourceLocation location);

/// The absolute file and line of `location` (macro expansions resolved to where they expand).
SourceLocation locationOf(const clang::SourceManager &sources, clang::SourceLocation location);

/// Why a test cannot spell `decl` (anonymous namespace, private nested, local); empty if it can.
std::string hiddenReason(const clang::NamedDecl *decl);

/// A specialization of a class template with concrete arguments (`Stack<int>`, implicitly
/// instantiated or explicitly specialized), not a partial specialization.
bool isConcreteSpecialization(const clang::CXXRecordDecl *record);

/// The project class behind `type` (its definition when there is one): a class or a concrete
/// specialization of a class template, non-union, declared in a project file; null otherwise.
const clang::CXXRecordDecl *projectRecord(clang::QualType type);

/// `char` itself, not `signed char` or `unsigned char` (a string literal would not convert).
bool isPlainChar(clang::QualType type);

/// The library class template specialization `std::<name><...>` behind `type`, or null.
const clang::ClassTemplateSpecializationDecl *stdSpecialization(clang::QualType type,
                                                                llvm::StringRef name);

/// USR of a function (its template pattern for instantiations); empty if it has none.
std::string usrOf(const clang::FunctionDecl *function);

/// The text of the comment right above `decl` (`//` lines, or one `/* */` block, with no blank
/// line between), without the comment markers; empty if there is none. Plain `//` comments
/// count: clang attaches only documentation comments to declarations.
std::string commentAbove(const clang::Decl *decl);

/// Whether a comment marks what it documents as internal, not for callers: Doxygen's
/// `\internal` or `@internal`, "internal use", or a comment that says only `internal`.
bool marksInternal(const std::string &comment);

} // namespace unitgen
