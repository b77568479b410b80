// Writing and checking dependency manifests (content hashes, not timestamps: a checkout or a
// copy that rewrites a file with the same bytes keeps the cache).
#include "support/DependencyManifest.h"

#include "support/Hash.h"

#include <sstream>

namespace unitgen {

std::string dependencyManifest(const std::vector<std::string> &files) {
  std::string manifest;
  for (const std::string &file : files)
    manifest += Hasher().add(readFile(file)).hex() + " " + file + "\n";
  return manifest;
}

bool dependenciesUnchanged(const std::string &manifest) {
  std::istringstream in(manifest);
  std::string hash, path;
  while (in >> hash && std::getline(in >> std::ws, path)) {
    bool readOk = false;
    std::string content = readFile(path, &readOk);
    if (!readOk || Hasher().add(content).hex() != hash)
      return false;
  }
  return true;
}

} // namespace unitgen
