// The frontend's entry points: parse the project once, then model one target or list them all.
#include "frontend/Frontend.h"

#include "frontend/CompileDatabase.h"
#include "frontend/ModelBuilder.h"
#include "frontend/ModelCache.h"
#include "frontend/ProjectParser.h"

#include <fmt/format.h>

#include <algorithm>
#include <tuple>

namespace unitgen {

Expected<ClassModel> buildModel(const FrontendOptions &options, const std::string &target,
                                bool isFunction) {
  std::string key = options.cacheDir.empty() ? "" : modelCacheKey(options, target, isFunction);
  if (!key.empty())
    if (std::optional<ClassModel> cached = loadCachedModel(options.cacheDir, key))
      return std::move(*cached);
  Expected<ProjectFacts> project = parseProject(options.buildDir);
  if (!project)
    return project.error();
  // A specialization of a class template that no TU instantiated (or spelled otherwise):
  // instantiate it now.
  std::string name = target.rfind("::", 0) == 0 ? target.substr(2) : target;
  if (!isFunction && name.find('<') != std::string::npos && project->findRecords(name).empty()) {
    Expected<std::string> instantiated = instantiateClass(*project, name);
    if (!instantiated)
      return instantiated.error();
    name = std::move(*instantiated);
  }
  Expected<ClassModel> model = buildModelFromFacts(*project, options, name, isFunction);
  // Only a project that parsed cleanly: a TU's error may be a header not written yet, which no
  // manifest of the files read would notice appearing.
  bool parsedCleanly = std::all_of(project->tus.begin(), project->tus.end(),
                                   [](const TuFacts &tu) { return tu.firstError.empty(); });
  if (model && !key.empty() && parsedCleanly)
    storeCachedModel(options.cacheDir, key, *model, project->inputs);
  return model;
}

namespace {

/// The reason without the "cannot test class 'X': " lead, which the list row already names.
std::string shortReason(const std::string &message) {
  size_t colon = message.find("': ");
  return message.rfind("cannot test ", 0) == 0 && colon != std::string::npos
             ? message.substr(colon + 3)
             : message;
}

TestableEntry classEntry(const ProjectFacts &project, const FrontendOptions &options,
                         const RecordFacts &record) {
  TestableEntry entry;
  entry.name = record.qualifiedName;
  entry.location = record.definition.str();
  if (record.isTemplate) {
    entry.reason = fmt::format("class template: the instantiations the project uses are listed as "
                               "classes; name another with --class '{}<...>'",
                               record.qualifiedName);
    return entry;
  }
  Expected<ClassModel> model = buildClassModel(project, options, record);
  if (!model) {
    entry.reason = shortReason(model.error().message);
    return entry;
  }
  entry.testable = true;
  for (int id : model->targetClass().callables) {
    const Callable &callable = model->callables[id];
    if (callable.isUpcast) // unitgen's, not the class's
      continue;
    ++entry.callables;
    if (callable.isSupported())
      ++entry.testableCallables;
    else
      entry.skipped.push_back(callable.signature() + ": " + callable.unsupportedReason);
  }
  return entry;
}

TestableEntry functionEntry(const ProjectFacts &project, const FrontendOptions &options,
                            const FunctionFacts &function) {
  TestableEntry entry;
  entry.isFunction = true;
  entry.name = function.callable.callable.qualifiedName;
  auto body = project.bodies.find(function.callable.usr);
  entry.location =
      body != project.bodies.end() ? body->second.definition.str() : function.declaration.str();
  if (!function.callable.reason.empty()) {
    entry.reason = function.callable.reason;
    return entry;
  }
  Expected<ClassModel> model = buildFunctionModel(project, options, {&function});
  entry.testable = static_cast<bool>(model);
  if (!model)
    entry.reason = shortReason(model.error().message);
  return entry;
}

} // namespace

Expected<std::vector<TestableEntry>> listTestables(const FrontendOptions &options) {
  Expected<ProjectFacts> project = parseProject(options.buildDir);
  if (!project)
    return project.error();
  // An --invariant names the method of one class; it must not make every other class fail.
  FrontendOptions listOptions = options;
  listOptions.invariantName.clear();
  std::vector<TestableEntry> entries;
  for (const RecordFacts &record : project->records)
    if (pathMatches(record.definition.file, options.sourceFilter))
      entries.push_back(classEntry(*project, listOptions, record));
  for (const FunctionFacts &function : project->functions) {
    // Free operators are part of their class's API, listed with it.
    if (function.callable.callable.kind == CallableKind::Operator &&
        !function.callable.callable.owner.empty())
      continue;
    if (pathMatches(function.declaration.file, options.sourceFilter))
      entries.push_back(functionEntry(*project, listOptions, function));
  }
  std::stable_sort(entries.begin(), entries.end(),
                   [](const TestableEntry &a, const TestableEntry &b) {
                     return std::tie(a.name, a.location) < std::tie(b.name, b.location);
                   });
  return entries;
}

} // namespace unitgen
