// ModelBuilder: project facts → the ClassModel of one class or free function, with its helpers.
#pragma once

#include "frontend/Facts.h"
#include "frontend/Frontend.h"
#include "model/ClassModel.h"
#include "model/Error.h"

#include <string>
#include <vector>

namespace unitgen {

/// Finds `target` (a class, or free function overloads when `isFunction`), reporting unknown,
/// ambiguous, template and unparsable targets as input errors, and builds its model.
Expected<ClassModel> buildModelFromFacts(const ProjectFacts &project,
                                         const FrontendOptions &options, const std::string &target,
                                         bool isFunction);

/// The model of one particular class definition (`unitgen list` checks each one).
Expected<ClassModel> buildClassModel(const ProjectFacts &project, const FrontendOptions &options,
                                     const RecordFacts &target);

/// The model of free function overloads that share one qualified name.
Expected<ClassModel> buildFunctionModel(const ProjectFacts &project, const FrontendOptions &options,
                                        const std::vector<const FunctionFacts *> &overloads);

/// True when `file` is the main file of a TU: classes defined there cannot be included by tests.
bool isSourceFile(const ProjectFacts &project, const std::string &file);

} // namespace unitgen
