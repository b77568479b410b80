// ModelCache: models as JSON under CACHE/models/KEY.json, each with the manifest of its inputs.
#include "frontend/ModelCache.h"

#include "frontend/CompileDatabase.h"
#include "model/ModelJson.h"
#include "support/DependencyManifest.h"
#include "support/Hash.h"

#include <filesystem>
#include <system_error>
#include <unistd.h>

namespace fs = std::filesystem;

namespace unitgen {
namespace {

/// Bumped when the cached layout changes; the binary's identity covers changes to the model.
constexpr const char *kFormat = "unitgen-model-1";

fs::path entryPath(const std::string &cacheDir, const std::string &key) {
  return fs::path(cacheDir) / "models" / (key + ".json");
}

} // namespace

std::string modelCacheKey(const FrontendOptions &options, const std::string &target,
                          bool isFunction) {
  bool readOk = false;
  std::string database =
      readFile((fs::path(options.buildDir) / "compile_commands.json").string(), &readOk);
  std::string identity = executableIdentity();
  if (!readOk || identity.empty())
    return "";
  Hasher key;
  key.add(kFormat).add(identity).add(fs::absolute(options.buildDir).string()).add(database);
  key.add(target).add(isFunction ? "function" : "class");
  key.add(options.invariantName).add(options.sourceFilter).add(clangResourceDir());
  return key.hex();
}

std::optional<ClassModel> loadCachedModel(const std::string &cacheDir, const std::string &key) {
  bool readOk = false;
  std::string text = readFile(entryPath(cacheDir, key).string(), &readOk);
  if (!readOk)
    return std::nullopt;
  nlohmann::json entry = nlohmann::json::parse(text, nullptr, false);
  if (entry.is_discarded() || !entry.is_object() || !entry.contains("inputs") ||
      !entry.contains("model"))
    return std::nullopt;
  try {
    if (!dependenciesUnchanged(entry.at("inputs").get<std::string>()))
      return std::nullopt;
    return entry.at("model").get<ClassModel>();
  } catch (const nlohmann::json::exception &) {
    return std::nullopt; // an entry of another layout: parse again and overwrite it
  }
}

void storeCachedModel(const std::string &cacheDir, const std::string &key, const ClassModel &model,
                      const std::vector<std::string> &inputs) {
  fs::path path = entryPath(cacheDir, key);
  std::error_code error;
  fs::create_directories(path.parent_path(), error);
  nlohmann::json entry = {{"inputs", dependencyManifest(inputs)}, {"model", model}};
  // Written aside and renamed, so a run beside this one never reads half an entry.
  fs::path scratch = path;
  scratch += "." + std::to_string(getpid()) + ".tmp";
  if (!writeFile(scratch.string(), entry.dump())) {
    fs::remove(scratch, error);
    return;
  }
  fs::rename(scratch, path, error);
  if (error)
    fs::remove(scratch, error);
}

} // namespace unitgen
