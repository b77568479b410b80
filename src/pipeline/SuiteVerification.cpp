// Compiling and running the emitted tests before they are written; dropping what fails.
#include "pipeline/SuiteVerification.h"

#include "harness/EmittedTests.h"
#include "support/Hash.h"

#include <fmt/format.h>

#include <algorithm>
#include <chrono>
#include <filesystem>
#include <future>
#include <map>
#include <set>
#include <sstream>

namespace fs = std::filesystem;

namespace unitgen {
namespace {

/// A TEST in a rendered source: where it starts and its `Suite.Name`.
struct TestSpan {
  int line = 0; ///< 1-based line of `TEST(`
  std::string name;
};

/// The tests of `text` in order: the k-th is the k-th test case rendered.
std::vector<TestSpan> testSpans(const std::string &text) {
  std::vector<TestSpan> spans;
  int line = 1;
  for (size_t at = 0; at < text.size(); ++line) {
    size_t end = text.find('\n', at);
    if (end == std::string::npos)
      end = text.size();
    if (text.compare(at, 5, "TEST(") == 0) {
      // `TEST(Suite, Name)`, possibly wrapped by clang-format.
      size_t close = text.find(')', at);
      std::string inside = text.substr(at + 5, close - at - 5), name;
      for (char c : inside)
        if (c == ',')
          name += '.';
        else if (!std::isspace(static_cast<unsigned char>(c)))
          name += c;
      spans.push_back({line, name});
    }
    at = end + 1;
  }
  return spans;
}

/// Line `number` (1-based) of `text`, without its indentation.
std::string lineOf(const std::string &text, int number) {
  std::istringstream lines(text);
  std::string line;
  for (int i = 0; i < number && std::getline(lines, line); ++i) {
  }
  size_t start = line.find_first_not_of(' ');
  return start == std::string::npos ? "" : line.substr(start);
}

/// The index of the test holding `line`, or -1 before the first.
int testAt(const std::vector<TestSpan> &spans, int line) {
  int found = -1;
  for (size_t i = 0; i < spans.size() && spans[i].line <= line; ++i)
    found = static_cast<int>(i);
  return found;
}

/// The start of the failure message GoogleTest printed for `test` in `output`, with the
/// scratch folder `workDir` left out of its paths.
std::string failureReason(const std::string &output, const std::string &test,
                          const std::string &workDir) {
  size_t at = output.find("[ RUN      ] " + test + "\n");
  if (at == std::string::npos)
    return "";
  std::istringstream lines(output.substr(at));
  std::string line, reason;
  std::getline(lines, line); // the RUN line
  while (std::getline(lines, line) && line.rfind("[  FAILED  ]", 0) != 0 &&
         line.rfind("[ RUN      ]", 0) != 0) {
    if (line.find_first_not_of(' ') == std::string::npos)
      continue;
    reason += (reason.empty() ? "" : " ") + line.substr(line.find_first_not_of(' '));
    if (reason.size() > 160)
      break;
  }
  for (size_t at; (at = reason.find(workDir + "/")) != std::string::npos;)
    reason.erase(at, workDir.size() + 1);
  return reason.size() > 200 ? reason.substr(0, 200) + "..." : reason;
}

/// Without exceptions a test cannot expect one: cut each regression test before the first call
/// that threw (its statements before it ran the same); drop a test that would be left empty.
void cutAtExceptions(Suite &suite, VerificationStats &stats) {
  std::vector<TestCase> kept;
  for (TestCase &test : suite.regression) {
    size_t first = test.calls.size();
    for (size_t i = 0; i < test.calls.size() && first == test.calls.size(); ++i)
      if (test.calls[i].status == CallStatus::Threw)
        first = i;
    if (first == test.calls.size()) {
      kept.push_back(std::move(test));
      continue;
    }
    ++stats.cutAtException;
    if (first == 0)
      continue;
    test.sequence.statements.resize(first);
    test.calls.resize(first);
    test.observers.clear(); // they saw the state after the last statement
    test.readBackQueries = 0;
    test.goals.clear(); // what it was kept for may have needed the exception
    test.goalKeys.clear();
    kept.push_back(std::move(test));
  }
  suite.regression = std::move(kept);
}

void dropIndices(std::vector<TestCase> &tests, const std::set<int> &indices) {
  std::vector<TestCase> kept;
  for (size_t i = 0; i < tests.size(); ++i)
    if (!indices.count(static_cast<int>(i)))
      kept.push_back(std::move(tests[i]));
  tests = std::move(kept);
}

class Verification {
public:
  Verification(const ClassModel &model, Suite &suite, const VerificationOptions &options,
               VerificationStats &stats)
      : model_(model), suite_(suite), options_(options), stats_(stats),
        compiler_(options.build.compiler.empty() ? findCompiler() : options.build.compiler) {}

  Expected<bool> run() {
    std::error_code ec;
    fs::create_directories(options_.workDir + "/runs", ec);
    if (ec)
      return Error{ExitCode::Internal, "cannot create " + options_.workDir + ": " + ec.message()};
    // A misbehaving driver says nothing about the code under test: never emitted (Emitter).
    suite_.failures.erase(std::remove_if(suite_.failures.begin(), suite_.failures.end(),
                                         [](const TestCase &test) {
                                           return test.failure.kind == FailureKind::DriverError;
                                         }),
                          suite_.failures.end());
    if (!model_.exceptionsEnabled())
      cutAtExceptions(suite_, stats_);
    // Each round drops what did not compile; what is left must then compile as it is.
    for (int round = 0;; ++round) {
      Expected<bool> compiled = compileRound(round > 0);
      if (!compiled)
        return compiled.error();
      if (*compiled)
        break;
    }
    if (suite_.regression.empty())
      return true;
    return freshRuns();
  }

private:
  /// Renders and compiles both files; true when both compiled, false when tests were dropped.
  /// `strict`: an earlier round already dropped what failed, so any error is fatal.
  Expected<bool> compileRound(bool strict) {
    std::vector<EmittedFile> files = renderTestSources(model_, suite_, options_.emit);
    const std::string regressionPath = options_.workDir + "/" + files[0].name;
    const std::string failuresPath = options_.workDir + "/" + files[1].name;
    writeFile(regressionPath, files[0].text);
    writeFile(failuresPath, files[1].text);
    object_ = options_.workDir + "/regression.o";
    auto failuresCheck = std::async(
        std::launch::async, [&] { return compileTestSource(model_, failuresPath, "", compiler_); });
    TestCompileResult regression = compileTestSource(model_, regressionPath, object_, compiler_);
    TestCompileResult failures = failuresCheck.get();
    bool clean = true;
    for (auto [file, result, tests] : {std::make_tuple(&files[0], &regression, &suite_.regression),
                                       std::make_tuple(&files[1], &failures, &suite_.failures)}) {
      if (result->ok)
        continue;
      clean = false;
      const std::vector<TestSpan> spans = testSpans(file->text);
      std::map<int, std::string> broken; // test index -> the first error in it
      for (const TestCompileError &error : result->errors) {
        const int index = testAt(spans, error.line);
        if (index < 0 || strict)
          return buildError(fmt::format("the emitted {} does not compile:\n  {}:{}: {}\n{}",
                                        file->name, file->name, error.line, error.message,
                                        "  (a defect of unitgen: please report it)"));
        broken.emplace(index, error.message + " (at `" + lineOf(file->text, error.line) + "`)");
      }
      std::set<int> indices;
      for (const auto &[index, message] : broken) {
        indices.insert(index);
        stats_.dropped.push_back({{"file", file->name},
                                  {"test", spans[index].name},
                                  {"reason", "does not compile: " + message}});
      }
      stats_.droppedNotCompiling += indices.size();
      dropIndices(*tests, indices);
    }
    if (clean) {
      regressionName_ = files[0].name;
      regressionText_ = files[0].text;
    }
    return clean;
  }

  /// Links the regression tests and runs them in fresh processes, each run with another
  /// MALLOC_PERTURB_ byte (and its own address layout): first each test alone in its own
  /// folder, as ctest runs them, then all of them in shuffled orders. A test that fails or dies
  /// in any run asserted what the code does not determine, used what it must not, or needs
  /// another test's leftovers.
  Expected<bool> freshRuns() {
    const std::string binary = options_.workDir + "/regression";
    Expected<bool> linked =
        linkTestBinary(model_, {object_}, binary, options_.workDir + "/link", options_.build);
    if (!linked)
      return linked.error();
    static const int kPerturbBytes[] = {0xa5, 0x5a, 0x3c, 0xc3, 0x69};
    const std::vector<TestSpan> spans = testSpans(regressionText_);
    const double timeout =
        30 + 4.0 * options_.callTimeoutSeconds * static_cast<double>(suite_.regression.size());
    for (int run = 0; run < options_.freshRuns; ++run) {
      const std::string perturb =
          fmt::format("MALLOC_PERTURB_={}", kPerturbBytes[run % std::size(kPerturbBytes)]);
      if (run == 0) {
        for (size_t i = 0; i < spans.size(); ++i) {
          TestSelection alone;
          alone.only = {spans[i].name};
          if (!runOnce(binary, fmt::format("alone-{}", i), perturb, alone, timeout))
            return buildError("the emitted tests do not run:" + indentedFirstLines(output_, 10));
        }
        continue;
      }
      TestSelection all;
      all.shuffleSeed = run;
      // A test that dies takes the binary with it: run again without it.
      for (size_t attempt = 0; attempt <= spans.size(); ++attempt) {
        for (const auto &[name, reason] : failing_)
          if (std::find(all.skip.begin(), all.skip.end(), name) == all.skip.end())
            all.skip.push_back(name);
        if (!runOnce(binary, fmt::format("all-{}-{}", run, attempt), perturb, all, timeout))
          return buildError("the emitted tests do not run:" + indentedFirstLines(output_, 10));
        if (!died_)
          break;
      }
    }
    if (failing_.empty())
      return true;
    std::set<int> indices;
    for (size_t i = 0; i < spans.size(); ++i)
      if (auto found = failing_.find(spans[i].name); found != failing_.end()) {
        indices.insert(static_cast<int>(i));
        stats_.dropped.push_back(
            {{"file", regressionName_}, {"test", spans[i].name}, {"reason", found->second}});
      }
    stats_.droppedFailingFreshRuns += indices.size();
    dropIndices(suite_.regression, indices);
    return true;
  }

  /// One run in a fresh folder; records what failed or died. False when the binary itself
  /// does not run.
  bool runOnce(const std::string &binary, const std::string &name, const std::string &perturb,
               const TestSelection &selection, double timeout) {
    const std::string folder = options_.workDir + "/runs/" + name;
    fs::create_directories(folder);
    TestBinaryRun ran = runTestBinary(binary, folder, {perturb}, selection, timeout);
    const std::string how = selection.only.empty() ? "in a shuffled run" : "run alone";
    for (const std::string &test : ran.failed)
      failing_.emplace(test, fmt::format("fails {} ({}): {}", how, perturb,
                                         failureReason(ran.output, test, options_.workDir)));
    died_ = !ran.died.empty();
    output_ = ran.output;
    if (ran.died == "*")
      return false;
    if (died_)
      failing_.emplace(ran.died, fmt::format("dies or hangs {} ({})", how, perturb));
    return true;
  }

  const ClassModel &model_;
  Suite &suite_;
  const VerificationOptions &options_;
  VerificationStats &stats_;
  std::string compiler_, object_, regressionName_, regressionText_;
  std::map<std::string, std::string> failing_; ///< Suite.Name -> why it is dropped
  bool died_ = false;
  std::string output_; ///< the last run's
};

} // namespace

Expected<bool> verifySuite(const ClassModel &model, Suite &suite,
                           const VerificationOptions &options, VerificationStats &stats) {
  auto started = std::chrono::steady_clock::now();
  Expected<bool> result = Verification(model, suite, options, stats).run();
  stats.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
  return result;
}

} // namespace unitgen
