// Project membership, locations, visibility to tests and USRs of clang declarations.
#include "frontend/AstUtil.h"

#include <clang/AST/ASTContext.h>
#include <clang/AST/DeclTemplate.h>
#include <clang/Basic/FileManager.h>
#include <clang/Index/USRGeneration.h>
#include <llvm/Support/Path.h>

#include <vector>

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
  // `Table<Key>` with a private `Key`: the instantiation is as hidden as its arguments.
  if (const auto *specialization = llvm::dyn_cast<clang::ClassTemplateSpecializationDecl>(decl))
    for (const clang::TemplateArgument &argument : specialization->getTemplateArgs().asArray()) {
      if (argument.getKind() != clang::TemplateArgument::Type)
        continue;
      const clang::TagDecl *tag = argument.getAsType()->getAsTagDecl();
      std::string reason = tag ? hiddenReason(tag) : "";
      if (!reason.empty())
        return "has a template argument, " + tag->getQualifiedNameAsString() + ", that " + reason;
    }
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

bool isConcreteSpecialization(const clang::CXXRecordDecl *record) {
  const auto *specialization = llvm::dyn_cast<clang::ClassTemplateSpecializationDecl>(record);
  if (!specialization || llvm::isa<clang::ClassTemplatePartialSpecializationDecl>(specialization) ||
      specialization->isDependentContext())
    return false;
  for (const clang::TemplateArgument &argument : specialization->getTemplateArgs().asArray())
    if (argument.isInstantiationDependent())
      return false;
  return true;
}

const clang::CXXRecordDecl *projectRecord(clang::QualType type) {
  const clang::CXXRecordDecl *record = type.getCanonicalType()->getAsCXXRecordDecl();
  if (!record || record->isUnion() || record->isLambda() ||
      (llvm::isa<clang::ClassTemplateSpecializationDecl>(record) &&
       !isConcreteSpecialization(record)) ||
      record->getDescribedClassTemplate() || !isProjectDecl(record))
    return nullptr;
  if (const clang::CXXRecordDecl *definition = record->getDefinition())
    return definition;
  return record;
}

bool isPlainChar(clang::QualType type) {
  return type->isSpecificBuiltinType(clang::BuiltinType::Char_S) ||
         type->isSpecificBuiltinType(clang::BuiltinType::Char_U);
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

namespace {

llvm::StringRef trimmed(llvm::StringRef text) { return text.trim(" \t\r\n"); }

} // namespace

std::string commentAbove(const clang::Decl *decl) {
  const clang::SourceManager &sources = decl->getASTContext().getSourceManager();
  const clang::SourceLocation begin = sources.getExpansionLoc(decl->getBeginLoc());
  if (begin.isInvalid())
    return "";
  const auto [file, offset] = sources.getDecomposedLoc(begin);
  bool invalid = false;
  const llvm::StringRef buffer = sources.getBufferData(file, &invalid);
  if (invalid || offset > buffer.size())
    return "";
  // What precedes the declaration on its own line must be indentation only.
  llvm::StringRef before = buffer.substr(0, offset);
  const size_t lineStart = before.find_last_of('\n') + 1; // npos + 1 == 0
  if (!trimmed(before.substr(lineStart)).empty())
    return "";
  before = before.substr(0, lineStart);
  if (trimmed(before).endswith("*/")) {
    const llvm::StringRef block = trimmed(before);
    const size_t open = block.rfind("/*");
    if (open == llvm::StringRef::npos)
      return "";
    return trimmed(block.substr(open + 2, block.size() - open - 4).ltrim('*')).str();
  }
  std::vector<std::string> lines; // bottom up
  while (!before.empty()) {
    const llvm::StringRef withoutNewline = before.drop_back();
    const size_t start = withoutNewline.find_last_of('\n') + 1;
    const llvm::StringRef line = trimmed(withoutNewline.substr(start));
    if (!line.startswith("//"))
      break;
    lines.push_back(trimmed(line.drop_while([](char c) { return c == '/' || c == '!'; })).str());
    before = before.substr(0, start);
  }
  std::string text;
  for (auto line = lines.rbegin(); line != lines.rend(); ++line)
    text += (text.empty() ? "" : " ") + *line;
  return text;
}

bool marksInternal(const std::string &comment) {
  const std::string lower = llvm::StringRef(comment).lower();
  if (lower.find("\\internal") != std::string::npos ||
      lower.find("@internal") != std::string::npos ||
      lower.find("internal use") != std::string::npos)
    return true;
  return trimmed(llvm::StringRef(lower).rtrim(".:")) == "internal";
}

} // namespace unitgen
