// RuntimeObjectCache: compiled runtime sources by compiler, flags and content, checked against a
// manifest of every file their compile read.
#include "harness/RuntimeObjectCache.h"

#include "support/DependencyManifest.h"
#include "support/Hash.h"
#include "support/Subprocess.h"

#include <filesystem>
#include <unistd.h>

namespace fs = std::filesystem;

namespace unitgen {
namespace {

/// The compiler's identity: its binary after symbolic links (an upgrade replaces it), with its
/// size and time of change; a bare name on PATH is searched for.
std::string compilerIdentity(const std::string &compiler) {
  std::error_code error;
  std::string found = findProgram({compiler});
  fs::path path = found.empty() ? compiler : found;
  fs::path resolved = fs::canonical(path, error);
  if (error)
    return compiler;
  auto size = fs::file_size(resolved, error);
  auto changed = fs::last_write_time(resolved, error).time_since_epoch().count();
  return resolved.string() + " " + std::to_string(size) + " " + std::to_string(changed);
}

/// Writes `content` or copies `from` to `to` through a file of this process, renamed into place.
bool placeAtomically(const fs::path &to, const std::string *content, const fs::path *from) {
  std::error_code error;
  fs::path partial = to.string() + ".part-" + std::to_string(getpid());
  bool written = content
                     ? writeFile(partial.string(), *content)
                     : fs::copy_file(*from, partial, fs::copy_options::overwrite_existing, error);
  if (written)
    fs::rename(partial, to, error);
  if (!written || error) {
    fs::remove(partial, error);
    return false;
  }
  return true;
}

} // namespace

RuntimeObjectCache::RuntimeObjectCache(std::string cacheDir)
    : dir_((fs::path(std::move(cacheDir)) / "runtime-objects").string()) {}

std::string RuntimeObjectCache::keyOf(const std::vector<std::string> &command,
                                      const std::string &source) const {
  Hasher key;
  if (!command.empty())
    key.add(compilerIdentity(command.front()));
  for (const std::string &argument : command)
    key.add(argument);
  return key.add(source).add(readFile(source)).hex();
}

std::optional<CachedObject> RuntimeObjectCache::find(const std::string &key) const {
  fs::path entry = fs::path(dir_) / key;
  CachedObject cached{(entry / "object.o").string(), (entry / "object.d").string()};
  bool manifestRead = false;
  std::string manifest = readFile((entry / "deps.txt").string(), &manifestRead);
  std::error_code error;
  if (!manifestRead || !fs::exists(cached.object, error) || !fs::exists(cached.depFile, error) ||
      !dependenciesUnchanged(manifest))
    return std::nullopt;
  return cached;
}

bool RuntimeObjectCache::store(const std::string &key, const std::string &object,
                               const std::string &depFile) const {
  fs::path entry = fs::path(dir_) / key;
  std::error_code error;
  fs::create_directories(entry, error);
  if (error)
    return false;
  std::string manifest = dependencyManifest(parseDepFile(readFile(depFile)));
  fs::path objectFrom = object, depFrom = depFile;
  // The manifest goes last: find() takes an entry only once it is there.
  return placeAtomically(entry / "object.o", nullptr, &objectFrom) &&
         placeAtomically(entry / "object.d", nullptr, &depFrom) &&
         placeAtomically(entry / "deps.txt", &manifest, nullptr);
}

} // namespace unitgen
