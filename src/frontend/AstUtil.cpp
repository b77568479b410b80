// Project membership, locations, visibility to tests and USRs of clang declarations.
#include "frontend/AstUtil.h"

#include <clang/AST/ASTContext.h>
#include <clang/AST/DeclTemplate.h>
#include <clang/Basic/FileManager.h>
#include <clang/Index/USRGeneration.h>
#include <llvm/Support/Path.h>

namespace unitgen {

/// The absolute path of the file holding `location` (a file location), empty for buffers such as
/// <built-in> or <scratch space>.
static std::string fileOf(const clang::SourceManager &sources, clang::SourceLocation location) {
  const clang::FileEntry *entry = sources.getFileEntryForID(sources.getFileID(location));
  if (!entry)
    return "";
  llvm::SmallString<256> name(entry->getName());
  sources.getFileManager().makeAbsolutePath(name);
  llvm::sys::path::remove_dots(name, /*remove_dot_dot=*/true);
  return std::string(name);
}

bool isProjectLocation(const clang::SourceManager &sources, clang::SourceLocation location) {
  if (location.isInvalid() || sources.isInSystemHeader(location))
    return false;
  std::string file = fileOf(sources, location);
  return !file.empty() && !llvm::StringRef(file).startswith("/usr/");
}

bool isProjectDecl(const clang::Decl *decl) {
  const clang::SourceManager &sources = decl->getASTContext().getSourceManager();
  return isProjectLocation(sources, sources.getExpansionLoc(decl->getLocation()));
}

SourceLocation locationOf(const clang::SourceManager &sources, clang::SourceLocation location) {
  clang::SourceLocation expansion = sources.getExpansionLoc(location);
  if (expansion.isInvalid())
    return {};
  return {fileOf(sources, expansion), static_cast<int>(sources.getExpansionLineNumber(expansion))};
}

std::string hiddenReason(const clang::NamedDecl *decl) {
  if (decl->getName().empty())
    return "has no name";
  if (decl->isInAnonymousNamespace())
    return "is in an anonymous namespace, so only its own source file can use it";
  for (const clang::Decl *inner = decl; inner;) {
    const clang::DeclContext *context = inner->getDeclContext();
    if (context->isFunctionOrMethod())
      return "is local to a function";
    const auto *outer = llvm::dyn_cast<clang::CXXRecordDecl>(context);
    if (!outer)
      break;
    if (inner->getAccess() != clang::AS_public)
      return "is a " +
             std::string(inner->getAccess() == clang::AS_private ? "private" : "protected") +
             " nested type of " + outer->getQualifiedNameAsString();
    inner = outer;
  }
  return "";
}

const clang::CXXRecordDecl *projectRecord(clang::QualType type) {
  const clang::CXXRecordDecl *record = type.getCanonicalType()->getAsCXXRecordDecl();
  if (!record || record->isUnion() || record->isLambda() ||
      llvm::isa<clang::ClassTemplateSpecializationDecl>(record) ||
      record->getDescribedClassTemplate() || !isProjectDecl(record))
    return nullptr;
  if (const clang::CXXRecordDecl *definition = record->getDefinition())
    return definition;
  return record;
}

const clang::ClassTemplateSpecializationDecl *stdSpecialization(clang::QualType type,
                                                                llvm::StringRef name) {
  const auto *specialization = llvm::dyn_cast_or_null<clang::ClassTemplateSpecializationDecl>(
      type.getCanonicalType()->getAsCXXRecordDecl());
  if (!specialization || !specialization->isInStdNamespace() || specialization->getName() != name)
    return nullptr;
  return specialization;
}

std::string usrOf(const clang::FunctionDecl *function) {
  if (const clang::FunctionDecl *pattern = function->getTemplateInstantiationPattern())
    function = pattern;
  llvm::SmallString<128> usr;
  if (clang::index::generateUSRForDecl(function, usr))
    return "";
  return std::string(usr);
}

} // namespace unitgen
