// inputErrorOf: the input error a model build is expected to fail with.
#pragma once

#include "frontend/Frontend.h"

#include <gtest/gtest.h>

#include <string>

namespace unitgen::test {

/// The message of the input error building `target` fails with; a test failure when the model
/// was built or the error is of another kind.
inline std::string inputErrorOf(const FrontendOptions &options, const std::string &target,
                                bool isFunction = false) {
  Expected<ClassModel> model = buildModel(options, target, isFunction);
  if (model) {
    ADD_FAILURE() << "built a model of " << target;
    return "";
  }
  EXPECT_EQ(model.error().code, ExitCode::Input);
  return model.error().message;
}

} // namespace unitgen::test
