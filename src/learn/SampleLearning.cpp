// SampleLearning: build, run, infer, cache.
#include "learn/SampleLearning.h"

#include "learn/ModelInference.h"
#include "learn/RecordingBuild.h"
#include "learn/SampleExecution.h"
#include "model/ModelJson.h"
#include "support/Hash.h"
#include "support/ScratchDir.h"

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include <chrono>
#include <filesystem>
#include <unistd.h>

namespace fs = std::filesystem;

namespace unitgen {
namespace {

constexpr const char *kFormat = "unitgen-sample-1";

/// The cache entry's name: unitgen, the recorder's sources, the model (its callables and their
/// symbols), and the content of the tests and of the code under test's sources.
std::string sampleKey(const ClassModel &model, const LearnOptions &options,
                      const std::string &runtimeDir) {
  const std::string identity = executableIdentity();
  if (identity.empty())
    return "";
  Hasher key;
  key.add(kFormat).add(identity);
  for (const char *file : {"recorder/Recorder.cpp", "recorder/Recorder.h", "driver/ValueEncoding.h",
                           "driver/Protocol.h"})
    key.add(readFile((fs::path(runtimeDir) / file).string()));
  nlohmann::json modelJson = model;
  key.add(modelJson.dump());
  for (const std::string &test : options.testSources)
    key.add(fs::absolute(test).string()).add(readFile(test));
  for (const SourceFile &source : model.sources)
    key.add(readFile(source.path));
  return key.hex();
}

} // namespace

Expected<LearnedSample> learnFromTests(const ClassModel &model, const LearnOptions &options) {
  if (options.testSources.empty())
    return Error{ExitCode::Usage, "--learn-from: no test source given"};
  const std::string runtimeDir =
      options.build.runtimeDir.empty() ? findRuntimeDir() : options.build.runtimeDir;
  const std::string key =
      options.build.cacheDir.empty() ? "" : sampleKey(model, options, runtimeDir);
  const fs::path entry = fs::path(options.build.cacheDir) / "samples" / (key + ".json");
  LearnedSample learned;
  if (!key.empty()) {
    bool ok = false;
    const std::string text = readFile(entry.string(), &ok);
    if (ok) {
      try {
        nlohmann::json j = nlohmann::json::parse(text);
        learned.model = j.at("model").get<CallSequenceModel>();
        learned.withoutHooks = j.at("withoutHooks").get<std::vector<int>>();
        learned.fromCache = true;
        return learned;
      } catch (const nlohmann::json::exception &) {
        // A torn or older entry: learn again and replace it.
      }
    }
  }

  const auto started = std::chrono::steady_clock::now();
  ScratchDir scratch("unitgen-learn");
  Expected<RecordingBinary> binary =
      buildRecordingBinary(model, options.testSources, scratch.path() + "/build", options.build);
  if (!binary)
    return binary.error();
  const std::string workDir = fs::absolute(options.testSources.front()).parent_path().string();
  Expected<SampleExecution> sample =
      runSampleExecution(*binary, workDir, scratch.path() + "/run", options.timeoutSeconds);
  if (!sample)
    return sample.error();
  learned.testsExitCode = sample->exitCode;
  learned.testsTimedOut = sample->timedOut;
  learned.testsSignal = sample->signal;
  learned.testsOutput = sample->output;
  learned.withoutHooks = binary->withoutHooks;
  learned.model = inferCallSequenceModel(model, sample->processes);
  learned.seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
  if (learned.model.callsRecorded == 0)
    return Error{ExitCode::Input,
                 fmt::format("--learn-from: the tests ran (exit {}{}) but called nothing of {} "
                             "unitgen can call; their output ends:\n{}",
                             sample->exitCode, sample->timedOut ? ", timed out" : "", model.target,
                             sample->output.substr(
                                 sample->output.size() > 1500 ? sample->output.size() - 1500 : 0))};
  if (!key.empty()) {
    std::error_code ec;
    fs::create_directories(entry.parent_path(), ec);
    nlohmann::json j{{"model", learned.model}, {"withoutHooks", learned.withoutHooks}};
    const std::string temporary = entry.string() + ".tmp" + std::to_string(::getpid());
    if (writeFile(temporary, j.dump()))
      fs::rename(temporary, entry, ec);
  }
  return learned;
}

nlohmann::json sampleReport(const LearnedSample &sample, bool repeatable) {
  nlohmann::json report = modelStatistics(sample.model);
  report["fromCache"] = sample.fromCache;
  report["testsExitCode"] = sample.testsExitCode;
  if (sample.testsTimedOut)
    report["testsTimedOut"] = true;
  report["callablesWithoutArguments"] = sample.withoutHooks.size();
  if (!repeatable && !sample.fromCache)
    report["seconds"] = sample.seconds;
  return report;
}

} // namespace unitgen
