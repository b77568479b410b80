// ModelCache: a class model kept between runs, so that a run on an unchanged project does not
// parse every translation unit of the compile database again.
#pragma once

#include "frontend/Frontend.h"
#include "model/ClassModel.h"

#include <optional>
#include <string>
#include <vector>

namespace unitgen {

/// What a model depends on besides the files the parse read: this unitgen binary, the compile
/// database's text, the target and the options that shape the model. Empty when the database
/// cannot be read (the parse then reports why).
std::string modelCacheKey(const FrontendOptions &options, const std::string &target,
                          bool isFunction);

/// The model cached under `key` in `options.cacheDir`, when every file it was read from still
/// has the same content.
std::optional<ClassModel> loadCachedModel(const std::string &cacheDir, const std::string &key);

/// Keeps `model` under `key`, with the content hashes of `inputs`. A cache that cannot be
/// written is no error: the next run parses again.
void storeCachedModel(const std::string &cacheDir, const std::string &key, const ClassModel &model,
                      const std::vector<std::string> &inputs);

} // namespace unitgen
