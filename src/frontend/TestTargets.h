// TestTargets: `--learn-from`'s arguments as test sources — a source file as it is, a build
// target (`leveldb_tests`) or the executable it builds as the sources the compile database
// compiles into it.
#pragma once

#include "model/ClassModel.h"
#include "model/Error.h"

#include <string>
#include <vector>

namespace unitgen {

/// The test sources `arguments` name, in order, each once. A source file (or any file but an
/// executable) stays itself. Any other argument names a target: its name, or the path of the
/// executable it builds (`build/xmltest`). Its sources are the compile database's entries
/// whose object file lies in `CMakeFiles/<target>.dir/`, where CMake's Makefile and Ninja
/// generators put them, less the code under test's own sources (`model.sources`, which the
/// recording build compiles anyway). An argument that names no file and no target is a usage
/// error that lists the targets there are.
Expected<std::vector<std::string>> resolveTestSources(const std::vector<std::string> &arguments,
                                                      const std::string &buildDir,
                                                      const ClassModel &model);

} // namespace unitgen
