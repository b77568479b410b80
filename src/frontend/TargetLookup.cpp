// Finding the class or function the user named, with the errors that explain a failed lookup.
#include "frontend/CompileDatabase.h"
#include "frontend/ModelBuilder.h"

#include <llvm/ADT/StringRef.h>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>

namespace unitgen {

namespace {

llvm::StringRef lastComponent(llvm::StringRef name) {
  size_t colon = name.rfind("::");
  return colon == llvm::StringRef::npos ? name : name.substr(colon + 2);
}

/// Up to three known names close to `wanted`: same last component (a missing namespace), or a
/// small edit distance (a typo).
std::vector<std::string> closeNames(const std::string &wanted,
                                    const std::vector<std::string> &known) {
  std::vector<std::pair<unsigned, std::string>> scored;
  unsigned limit = std::max<unsigned>(2, static_cast<unsigned>(wanted.size() / 4));
  for (const std::string &name : known) {
    unsigned distance = lastComponent(name) == lastComponent(wanted)
                            ? 0
                            : llvm::StringRef(name).edit_distance(wanted, true, limit + 1);
    if (distance <= limit)
      scored.emplace_back(distance, name);
  }
  std::sort(scored.begin(), scored.end());
  scored.erase(std::unique(scored.begin(), scored.end()), scored.end());
  std::vector<std::string> names;
  for (size_t i = 0; i < scored.size() && names.size() < 3; ++i)
    names.push_back(scored[i].second);
  return names;
}

std::string notFoundMessage(const ProjectFacts &project, const std::string &what,
                            const std::string &name, const std::vector<std::string> &known) {
  std::string message =
      fmt::format("{} '{}' not found in '{}' ({} translation unit{})", what, name,
                  project.databasePath, project.tus.size(), project.tus.size() == 1 ? "" : "s");
  std::vector<std::string> close = closeNames(name, known);
  if (!close.empty()) {
    message += "; did you mean ";
    for (size_t i = 0; i < close.size(); ++i)
      message += (i ? (i + 1 == close.size() ? " or '" : ", '") : "'") + close[i] + "'";
    message += "?";
  }
  size_t broken = 0;
  const TuFacts *first = nullptr;
  for (const TuFacts &tu : project.tus)
    if (!tu.firstError.empty() && broken++ == 0)
      first = &tu;
  if (first)
    message += fmt::format("\nnote: {} translation unit(s) did not parse, which may hide it; the "
                           "first error: {}",
                           broken, first->firstError);
  return message;
}

/// True when the definition or one of its callables' bodies is in a file matching `--source`.
bool matchesSource(const ProjectFacts &project, const std::string &filter,
                   const SourceLocation &where,
                   const std::vector<const CallableFacts *> &callables) {
  if (filter.empty() || pathMatches(where.file, filter))
    return true;
  for (const CallableFacts *callable : callables) {
    auto body = project.bodies.find(callable->usr);
    if (body != project.bodies.end() && pathMatches(body->second.definition.file, filter))
      return true;
  }
  return false;
}

Expected<ClassModel> lookUpClass(const ProjectFacts &project, const FrontendOptions &options,
                                 const std::string &name) {
  std::vector<const RecordFacts *> found = project.findRecords(name);
  if (found.empty()) {
    for (const FunctionFacts &function : project.functions)
      if (function.callable.callable.qualifiedName == name)
        return inputError(
            fmt::format("'{}' is a free function, not a class; pass it with --function", name));
    std::vector<std::string> known;
    for (const RecordFacts &record : project.records)
      known.push_back(record.qualifiedName);
    return inputError(notFoundMessage(project, "class", name, known));
  }
  std::vector<const RecordFacts *> candidates;
  for (const RecordFacts *record : found) {
    std::vector<const CallableFacts *> callables;
    for (const CallableFacts &callable : record->callables)
      callables.push_back(&callable);
    if (!record->isTemplate &&
        matchesSource(project, options.sourceFilter, record->definition, callables))
      candidates.push_back(record);
  }
  if (candidates.empty() &&
      std::all_of(found.begin(), found.end(), [](const RecordFacts *r) { return r->isTemplate; })) {
    std::vector<std::string> used;
    for (const RecordFacts &record : project.records)
      if (record.templateName == name && record.hiddenReason.empty() && used.size() < 5)
        used.push_back("'" + record.qualifiedName + "'");
    return inputError(fmt::format(
        "'{}' ({}) is a class template; name one of its instantiations, such as --class '{}<int>'"
        " ({})",
        name, found.front()->definition.str(), name,
        used.empty() ? "the project instantiates none"
                     : "the project uses " + fmt::format("{}", fmt::join(used, ", "))));
  }
  if (candidates.empty()) {
    std::string places;
    for (const RecordFacts *record : found)
      places += (places.empty() ? "" : ", ") + record->definition.str();
    return inputError(fmt::format("no definition of class '{}' matches --source '{}'; it is "
                                  "defined at {}",
                                  name, options.sourceFilter, places));
  }
  if (candidates.size() > 1) {
    std::string places;
    for (const RecordFacts *record : candidates)
      places += "\n  " + record->definition.str();
    return inputError(fmt::format(
        "class '{}' is ambiguous: {} different definitions in the compile database:{}\npass "
        "--source with the header (or source file) of the one to test",
        name, candidates.size(), places));
  }
  return buildClassModel(project, options, *candidates.front());
}

Expected<ClassModel> lookUpFunction(const ProjectFacts &project, const FrontendOptions &options,
                                    const std::string &name) {
  std::vector<const FunctionFacts *> overloads;
  bool anyNamed = false;
  for (const FunctionFacts &function : project.functions) {
    if (function.callable.callable.qualifiedName != name ||
        function.callable.callable.kind != CallableKind::FreeFunction)
      continue;
    anyNamed = true;
    if (matchesSource(project, options.sourceFilter, function.declaration, {&function.callable}))
      overloads.push_back(&function);
  }
  if (!anyNamed) {
    if (!project.findRecords(name).empty())
      return inputError(
          fmt::format("'{}' is a class, not a free function; pass it with --class", name));
    std::vector<std::string> known;
    for (const FunctionFacts &function : project.functions)
      known.push_back(function.callable.callable.qualifiedName);
    return inputError(notFoundMessage(project, "function", name, known));
  }
  if (overloads.empty())
    return inputError(fmt::format("no declaration of function '{}' matches --source '{}'", name,
                                  options.sourceFilter));
  if (std::all_of(overloads.begin(), overloads.end(),
                  [](const FunctionFacts *f) { return f->isTemplate; })) {
    std::vector<std::string> instantiations;
    for (const FunctionFacts &function : project.functions)
      if (function.callable.callable.qualifiedName.rfind(name + "<", 0) == 0)
        instantiations.push_back("'" + function.callable.callable.qualifiedName + "'");
    if (instantiations.empty())
      return inputError(fmt::format("'{}' is a function template the project never "
                                    "instantiates: unitgen tests the instantiations its code uses",
                                    name));
    return inputError(fmt::format("'{}' is a function template; name one of the instantiations "
                                  "the project uses: {}",
                                  name, fmt::join(instantiations, ", ")));
  }
  overloads.erase(std::remove_if(overloads.begin(), overloads.end(),
                                 [](const FunctionFacts *f) { return f->isTemplate; }),
                  overloads.end());
  return buildFunctionModel(project, options, overloads);
}

} // namespace

Expected<ClassModel> buildModelFromFacts(const ProjectFacts &project,
                                         const FrontendOptions &options, const std::string &target,
                                         bool isFunction) {
  llvm::StringRef name(target);
  name.consume_front("::");
  if (name.empty())
    return inputError("no class or function named; pass --class NAME or --function NAME");
  return isFunction ? lookUpFunction(project, options, name.str())
                    : lookUpClass(project, options, name.str());
}

} // namespace unitgen
