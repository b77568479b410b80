// Builds a driver for a test model (shared test cache, the source tree's runtime) and starts it.
#pragma once

#include "exec/Executor.h"
#include "harness/DriverBuilder.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <functional>
#include <memory>

namespace unitgen::testing {

/// `memoryLimitMb` 0 keeps the executor's default limit; `configure` sets any other option.
inline std::unique_ptr<Executor>
startTestDriver(const ClassModel &model, BuildKind kind, bool forkServer = false,
                int memoryLimitMb = 0, const std::function<void(ExecOptions &)> &configure = {}) {
  BuildOptions options;
  options.cacheDir = (std::filesystem::temp_directory_path() / "unitgen-test-cache").string();
  options.runtimeDir = std::string(UNITGEN_SOURCE_DIR) + "/src/runtime";
  auto built = buildDriver(model, kind, options);
  EXPECT_TRUE(built) << (built ? "" : built.error().message);
  if (!built)
    return nullptr;
  ExecOptions exec;
  exec.driverPath = built->path;
  exec.callTimeoutSeconds = 2;
  exec.forkServer = forkServer;
  if (memoryLimitMb > 0)
    exec.memoryLimitMb = memoryLimitMb;
  if (configure)
    configure(exec);
  auto started = Executor::start(exec);
  EXPECT_TRUE(started) << (started ? "" : started.error().message);
  return started ? std::move(*started) : nullptr;
}

} // namespace unitgen::testing
