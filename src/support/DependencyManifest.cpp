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

std::vector<std::string> parseDepFile(const std::string &text) {
  std::vector<std::string> deps;
  size_t colon = text.find(": ");
  std::string body = colon == std::string::npos ? text : text.substr(colon + 2);
  std::string current;
  for (size_t i = 0; i < body.size(); ++i) {
    char c = body[i];
    if (c == '\\' && i + 1 < body.size() && (body[i + 1] == '\n' || body[i + 1] == '\r')) {
      ++i;
      continue;
    }
    if (c == '\\' && i + 1 < body.size() && body[i + 1] == ' ') {
      current += ' ';
      ++i;
      continue;
    }
    if (c == ' ' || c == '\n' || c == '\t' || c == '\r') {
      if (!current.empty())
        deps.push_back(current);
      current.clear();
      continue;
    }
    current += c;
  }
  if (!current.empty())
    deps.push_back(current);
  return deps;
}

} // namespace unitgen
