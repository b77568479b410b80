// ProjectLibrary: the rest of the project as the project compiles it — every translation unit of
// the compile database beyond the code under test's own that defines no `main` — in a static
// archive the driver links last, so the linker takes only the objects the code under test calls.
#pragma once

#include "harness/RuntimeObjectCache.h"
#include "model/ClassModel.h"
#include "model/Error.h"

#include <set>
#include <string>
#include <utility>
#include <vector>

namespace unitgen {

struct ProjectLibrary {
  /// The archive to link after the driver's own objects; empty when no TU went into it.
  std::string archive;
  /// Its members: the object file (its name in the archive is the file's name) and its source.
  std::vector<std::pair<std::string, std::string>> members;
  /// The dependency files of its objects' compiles (for the driver cache's manifest).
  std::vector<std::string> depFiles;
  /// TUs left out: they define `main`, or they did not compile with their own flags (the
  /// reason's first line), which costs the link only what the code under test needs of them.
  std::vector<std::string> leftOut;
  int objectsReused = 0; ///< objects that came from the cache instead of a compile
};

/// The objects among `objects` that define an external `main`: one llvm-nm for them all.
std::set<std::string> objectsDefiningMain(const std::vector<std::string> &objects);

/// Compiles `model.librarySources` with their own flags (objects cached in `cache`), keeps those
/// that define no `main`, and archives them as `scratch`/libproject.a.
Expected<ProjectLibrary> buildProjectLibrary(const ClassModel &model, const std::string &compiler,
                                             const std::string &scratch,
                                             const RuntimeObjectCache &cache, int jobs);

} // namespace unitgen
