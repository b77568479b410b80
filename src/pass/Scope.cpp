// Scope: parses the scope file and matches a function's defining file against it.
#include "Scope.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/IR/DebugInfoMetadata.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"

#include <cstdlib>

namespace unitgen {
namespace {

std::string normalized(llvm::StringRef Directory, llvm::StringRef File) {
  llvm::SmallString<256> Path;
  if (llvm::sys::path::is_absolute(File))
    Path = File;
  else
    llvm::sys::path::append(Path, Directory, File);
  llvm::sys::path::remove_dots(Path, /*remove_dot_dot=*/true);
  return std::string(Path.str());
}

} // namespace

Scope Scope::fromEnvironment(std::string &Error) {
  Scope S;
  const char *Path = std::getenv("UNITGEN_SYM_SCOPE");
  if (!Path || !*Path)
    return S;
  S.Everything = false;
  auto Buffer = llvm::MemoryBuffer::getFile(Path);
  if (!Buffer) {
    Error = std::string("cannot read the scope file '") + Path + "'";
    return S;
  }
  llvm::SmallVector<llvm::StringRef, 16> Lines;
  (*Buffer)->getBuffer().split(Lines, '\n', -1, false);
  for (llvm::StringRef Line : Lines) {
    Line = Line.trim();
    if (Line.empty() || Line.startswith("#"))
      continue;
    auto [Kind, Rest] = Line.split(' ');
    std::string Entry = normalized("/", Rest.trim());
    if (Kind == "dir")
      S.Directories.push_back(Entry.back() == '/' ? Entry : Entry + "/");
    else if (Kind == "file")
      S.Files.push_back(Entry);
    else
      Error = "malformed line in the scope file '" + std::string(Path) + "': " + Line.str();
  }
  return S;
}

bool Scope::contains(const llvm::Function &F) const {
  if (F.isDeclaration())
    return false;
  if (Everything)
    return true;
  const llvm::DISubprogram *SP = F.getSubprogram();
  if (!SP || !SP->getFile())
    return false;
  std::string File = normalized(SP->getFile()->getDirectory(), SP->getFile()->getFilename());
  for (const std::string &Dir : Directories)
    if (llvm::StringRef(File).startswith(Dir))
      return true;
  for (const std::string &Exact : Files)
    if (File == Exact)
      return true;
  return false;
}

} // namespace unitgen
