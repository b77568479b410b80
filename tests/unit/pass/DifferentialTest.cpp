// Differential test of the pass on the shared subjects (../shared/subjects): per subject, the
// same random sequences run on the exploration driver and, as symbolic requests, on the
// concolic driver; every call must return, throw and fail exactly alike (values, exception
// types and messages, canonical states, observers, covered edges, compared operands), and
// every recorded branch condition must evaluate to the direction that was taken.
// UNITGEN_DIFF_SEQUENCES sets the number of sequences per subject (default 10000).
#include "TraceEvaluator.h"

#include "exec/Executor.h"
#include "exec/TraceDecoder.h"
#include "frontend/Frontend.h"
#include "harness/DriverBuilder.h"
#include "harness/DriverGenerator.h"
#include "support/ScratchDir.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <limits>
#include <random>

namespace unitgen {
namespace {

namespace fs = std::filesystem;

const fs::path kSubjects = fs::path(UNITGEN_SOURCE_DIR) / ".." / "shared" / "subjects";

struct Subject {
  std::string name;
  std::string target;
  bool isFunction = false;
};

std::vector<Subject> subjects() {
  std::vector<Subject> result;
  std::ifstream in(kSubjects / "subjects.json");
  if (!in)
    return result;
  for (const auto &entry : nlohmann::json::parse(in)) {
    Subject s;
    s.name = entry.at("name");
    s.isFunction = !entry.contains("class");
    s.target = s.isFunction ? entry.at("function") : entry.at("class");
    result.push_back(s);
  }
  return result;
}

/// A compile database over every subject source, written once, in a folder removed at exit.
std::string compileDatabase() {
  static ScratchDir folder("unitgen-diff");
  static std::string dir = [] {
    fs::path root = folder.path();
    nlohmann::json db = nlohmann::json::array();
    int index = 0;
    for (const fs::directory_entry &sub : fs::directory_iterator(kSubjects))
      if (sub.is_directory())
        for (const fs::directory_entry &file : fs::directory_iterator(sub.path()))
          if (file.path().extension() == ".cpp") {
            std::string source = fs::canonical(file.path()).string();
            db.push_back(
                {{"directory", root.string()},
                 {"command", "clang++-14 -std=c++17 -I" + fs::canonical(sub.path()).string() +
                                 " -o tu" + std::to_string(index++) + ".o -c " + source},
                 {"file", source}});
          }
    std::ofstream(root / "compile_commands.json") << db.dump(1);
    return root.string();
  }();
  return dir;
}

/// Random legal-looking sequences: statements whose receivers and object arguments are earlier
/// results of the right class, primitive arguments from small pools and the model's literals.
class SequenceGenerator {
public:
  SequenceGenerator(const ClassModel &model, uint64_t seed) : model_(model), rng_(seed) {
    for (int64_t v : {0, 1, -1, 2, 3, 5, 7, 10, 13, 42, 100, 255, -100, 1000})
      integers_.push_back(v);
    integers_.push_back(std::numeric_limits<int32_t>::max());
    integers_.push_back(std::numeric_limits<int32_t>::min());
    integers_.insert(integers_.end(), model.literals.integers.begin(),
                     model.literals.integers.end());
    strings_ = {"",
                "a",
                "ab",
                "abc",
                "hello",
                "Hello World",
                "123",
                "select id from users",
                "select age, score from users where id = 2",
                "jdbc:minisql:db",
                "x y"};
    strings_.insert(strings_.end(), model.literals.strings.begin(), model.literals.strings.end());
    // Inputs that get past the first checks of the string-heavy subject (mini_sql), weighted
    // so that sequences reach its parser.
    for (int copies = 0; copies < 8; ++copies)
      for (const char *good : {"jdbc:minisql:db", "select id from users", "select * from users",
                               "select age, score from users where id = 2", "select x from empty",
                               "id", "age", "SELECT id FROM orders WHERE amount = 75"})
        strings_.push_back(good);
    floats_ = {0.0, -0.0, 1.5, -2.25, 18.5, 24.9, 30.0, 42.0, 1e9, 0.1};
    floats_.insert(floats_.end(), model.literals.floats.begin(), model.literals.floats.end());
    floats_.push_back(std::numeric_limits<double>::quiet_NaN());
  }

  Sequence next() {
    Sequence sequence;
    objects_.clear();
    int length = 1 + static_cast<int>(rng_() % 8);
    for (int i = 0; i < length; ++i) {
      std::vector<int> candidates;
      for (const Callable &c : model_.callables)
        if (c.isSupported() && (!c.needsReceiver() || !objectsOf(c.owner).empty()))
          candidates.push_back(c.id);
      if (candidates.empty())
        break;
      // Start from something that makes an object (or the function under test).
      const Callable &c = model_.callables[candidates[rng_() % candidates.size()]];
      Statement statement{c.id, -1, {}};
      if (c.needsReceiver())
        statement.receiver = pick(objectsOf(c.owner));
      for (const Parameter &param : c.params)
        statement.args.push_back(argument(param.type));
      int index = static_cast<int>(sequence.statements.size());
      if (c.kind == CallableKind::Constructor)
        objects_.push_back({index, c.owner});
      else if (c.returnType.kind == TypeKind::Class)
        objects_.push_back({index, c.returnType.className});
      sequence.statements.push_back(statement);
    }
    return sequence;
  }

private:
  std::vector<int> objectsOf(const std::string &className) const {
    std::vector<int> result;
    for (const auto &[index, name] : objects_)
      if (name == className)
        result.push_back(index);
    return result;
  }
  template <typename T> T pick(const std::vector<T> &values) {
    return values[rng_() % values.size()];
  }

  Argument argument(const TypeDesc &type) {
    switch (type.kind) {
    case TypeKind::Bool:
      return Argument::of(Value::boolean(rng_() % 2));
    case TypeKind::Char:
      return Argument::of(Value::integer(pick(std::vector<int64_t>{'a', 'Z', '0', ' ', 0, 127})));
    case TypeKind::Integer:
      return Argument::of(
          Value::integer(rng_() % 4 == 0 ? static_cast<int64_t>(rng_() % 64) : pick(integers_)));
    case TypeKind::Enum:
      if (type.enumerators.empty())
        return Argument::of(Value::integer(0));
      return Argument::of(Value::integer(pick(type.enumerators).second));
    case TypeKind::Floating:
      return Argument::of(Value::floating(pick(floats_)));
    case TypeKind::String:
      return Argument::of(Value::string(pick(strings_)));
    case TypeKind::CString:
      return Argument::of(rng_() % 8 == 0 ? Value::null() : Value::string(pick(strings_)));
    case TypeKind::Optional:
      if (rng_() % 3 == 0 || type.elements.empty())
        return Argument::of(Value::null());
      return argument(type.elements[0]);
    case TypeKind::Class: {
      std::vector<int> candidates = objectsOf(type.className);
      bool nullable = type.passing == Passing::Pointer || type.passing == Passing::ConstPointer ||
                      type.passing == Passing::UniquePtr;
      if (candidates.empty() || (nullable && rng_() % 5 == 0))
        return Argument::of(Value::null());
      return Argument::var(pick(candidates));
    }
    default:
      return Argument::of(Value::null());
    }
  }

  const ClassModel &model_;
  std::mt19937_64 rng_;
  std::vector<std::pair<int, std::string>> objects_;
  std::vector<int64_t> integers_;
  std::vector<std::string> strings_;
  std::vector<double> floats_;
};

/// The first difference between two outcomes, or empty.
std::string difference(const Outcome &a, const Outcome &b) {
  if (a.calls.size() != b.calls.size())
    return "number of calls";
  for (size_t i = 0; i < a.calls.size(); ++i) {
    const CallOutcome &x = a.calls[i], &y = b.calls[i];
    std::string at = " of statement " + std::to_string(i);
    if (x.status != y.status)
      return std::string("status ") + toString(x.status) + " vs " + toString(y.status) + at;
    if (x.hasValue != y.hasValue || (x.hasValue && x.value != y.value))
      return "value " + x.value.debugString() + " vs " + y.value.debugString() + at;
    if (x.producedObject != y.producedObject || x.producedNull != y.producedNull)
      return "produced object" + at;
    if (x.exceptionType != y.exceptionType || x.exceptionMessage != y.exceptionMessage)
      return "exception " + x.exceptionType + ": " + x.exceptionMessage + " vs " + y.exceptionType +
             ": " + y.exceptionMessage + at;
    if (x.receiverState != y.receiverState || x.receiverChanged != y.receiverChanged)
      return "receiver state" + at;
  }
  if (!(a.failure == b.failure))
    return std::string("failure ") + toString(a.failure.kind) + " (" + a.failure.detail + ") vs " +
           toString(b.failure.kind) + " (" + b.failure.detail + ")";
  if (a.observers.size() != b.observers.size())
    return "number of observer values";
  for (size_t i = 0; i < a.observers.size(); ++i)
    if (a.observers[i].variable != b.observers[i].variable ||
        a.observers[i].callable != b.observers[i].callable ||
        a.observers[i].status != b.observers[i].status ||
        a.observers[i].value != b.observers[i].value ||
        a.observers[i].exceptionType != b.observers[i].exceptionType)
      return "observer " + std::to_string(i);
  if (a.finalStates.size() != b.finalStates.size())
    return "number of final states";
  for (size_t i = 0; i < a.finalStates.size(); ++i)
    if (a.finalStates[i].variable != b.finalStates[i].variable ||
        a.finalStates[i].hash != b.finalStates[i].hash)
      return "final state " + std::to_string(i);
  auto listDifference = [](const auto &x, const auto &y) {
    std::string text;
    for (const auto &v : x)
      if (std::find(y.begin(), y.end(), v) == y.end())
        text += " -" + std::to_string(v);
    for (const auto &v : y)
      if (std::find(x.begin(), x.end(), v) == x.end())
        text += " +" + std::to_string(v);
    return text;
  };
  if (a.edges != b.edges)
    return "covered edges:" + listDifference(a.edges, b.edges);
  // Pointers the code compares (`node != nullptr`) are addresses, which differ from one process
  // to the next (ASLR): only the other operands must agree.
  auto values = [](const std::vector<int64_t> &compared) {
    std::vector<int64_t> kept;
    for (int64_t v : compared)
      if (v < (int64_t{1} << 44) || v >= (int64_t{1} << 48))
        kept.push_back(v);
    return kept;
  };
  if (values(a.comparedValues) != values(b.comparedValues))
    return "compared operands:" +
           listDifference(values(a.comparedValues), values(b.comparedValues));
  return "";
}

std::string describe(const Sequence &sequence, const ClassModel &model) {
  std::string text;
  for (size_t i = 0; i < sequence.size(); ++i) {
    const Statement &s = sequence.statements[i];
    text += "  v" + std::to_string(i) + " = " + model.callables[s.callable].qualifiedName + "(";
    for (const Argument &a : s.args)
      text += (a.kind == Argument::Kind::Variable ? "v" + std::to_string(a.variable)
                                                  : a.literal.debugString()) +
              ", ";
    text += ") on v" + std::to_string(s.receiver) + "\n";
  }
  return text;
}

std::unique_ptr<Executor> start(const std::string &driver) {
  ExecOptions options;
  options.driverPath = driver;
  options.callTimeoutSeconds = 5; // generous: a slow call must not pass for a hang
  options.memoryLimitMb = 1024;
  auto executor = Executor::start(options);
  EXPECT_TRUE(executor);
  return executor ? std::move(*executor) : nullptr;
}

void PrintTo(const Subject &subject, std::ostream *out) { *out << subject.name; }

class ConcolicDifferentialTest : public ::testing::TestWithParam<Subject> {};

TEST_P(ConcolicDifferentialTest, InstrumentedBuildBehavesExactlyLikeExploration) {
  ASSERT_TRUE(fs::exists(kSubjects / "subjects.json"))
      << "the shared subjects are missing: no " << kSubjects / "subjects.json";
  const Subject &subject = GetParam();
  auto model = buildModel(FrontendOptions{compileDatabase(), "", "", ""}, subject.target,
                          subject.isFunction);
  ASSERT_TRUE(model) << model.error().message;
  BuildOptions build;
  build.cacheDir = (fs::temp_directory_path() / "unitgen-test-cache").string();
  build.runtimeDir = std::string(UNITGEN_SOURCE_DIR) + "/src/runtime";
  auto exploration = buildDriver(*model, BuildKind::Exploration, build);
  auto concolic = buildDriver(*model, BuildKind::Concolic, build);
  ASSERT_TRUE(exploration) << exploration.error().message;
  ASSERT_TRUE(concolic) << concolic.error().message;
  auto plain = start(exploration->path);
  auto traced = start(concolic->path);
  ASSERT_TRUE(plain && traced);

  const char *count = std::getenv("UNITGEN_DIFF_SEQUENCES");
  int sequences = count ? std::atoi(count) : 10000;
  SequenceGenerator generator(*model, 1);
  uint64_t branches = 0, inputs = 0, dropped = 0, withBranches = 0, calls = 0;
  int failures = 0;
  for (int n = 0; n < sequences && failures < 5; ++n) {
    Sequence sequence = generator.next();
    calls += sequence.size();
    // Every 16th request to the concolic driver is not symbolic: its uninstrumented clones run.
    bool symbolic = n % 16 != 0;
    RunFlags flags{true};
    flags.symbolic = symbolic;
    Outcome expected = plain->run(sequence, RunFlags{true});
    Outcome actual = traced->run(sequence, flags);
    std::string diff = difference(expected, actual);
    if (!diff.empty()) {
      ADD_FAILURE() << subject.name << " sequence " << n << " (symbolic " << symbolic
                    << "): " << diff << "\n"
                    << describe(sequence, *model);
      ++failures;
      continue;
    }
    const SymbolicTrace &trace = actual.symbolic;
    if (const char *show = std::getenv("UNITGEN_DIFF_SHOW"))
      if (describe(sequence, *model).find(show) != std::string::npos) {
        std::string statuses;
        for (const CallOutcome &c : actual.calls)
          statuses += std::string(toString(c.status)) + " " + c.exceptionMessage + "; ";
        std::printf("%s=> %s\n   %zu branches %zu inputs\n", describe(sequence, *model).c_str(),
                    statuses.c_str(), trace.branches.size(), trace.inputs.size());
      }
    if (!symbolic) {
      EXPECT_TRUE(trace.branches.empty() && trace.inputs.empty());
      continue;
    }
    size_t inconsistent = testing::TraceEvaluator(trace).inconsistentBranches();
    if (inconsistent != 0) {
      std::string text;
      for (const BranchRecord &b : trace.branches)
        text += std::to_string(b.statement) + (b.taken ? " taken " : " not taken ") +
                formatExpression(trace, b.condition) + "\n";
      ADD_FAILURE() << subject.name << " sequence " << n << ": " << inconsistent
                    << " branch conditions disagree with the execution\n"
                    << describe(sequence, *model) << text;
      ++failures;
    }
    branches += trace.branches.size();
    withBranches += !trace.branches.empty();
    inputs += trace.inputs.size();
    dropped += trace.expressionsDropped;
  }
  std::printf("%-20s %d sequences, %llu calls: %llu with symbolic branches, %llu branch records, "
              "%llu input bytes, %llu expressions dropped\n",
              subject.name.c_str(), sequences, static_cast<unsigned long long>(calls),
              static_cast<unsigned long long>(withBranches),
              static_cast<unsigned long long>(branches), static_cast<unsigned long long>(inputs),
              static_cast<unsigned long long>(dropped));
  // Arguments did become symbolic inputs (some subjects, int_stack for one, never branch on
  // them: their traces have inputs and no branches, which is right).
  bool primitiveArguments = false;
  for (const Callable &c : model->callables)
    for (const Parameter &p : c.params)
      primitiveArguments |=
          c.isSupported() && p.type.kind != TypeKind::Class && p.type.kind != TypeKind::Floating;
  if (primitiveArguments)
    EXPECT_GT(inputs, 0u) << subject.name;
}

INSTANTIATE_TEST_SUITE_P(Subjects, ConcolicDifferentialTest, ::testing::ValuesIn(subjects()),
                         [](const auto &info) { return info.param.name; });
GTEST_ALLOW_UNINSTANTIATED_PARAMETERIZED_TEST(ConcolicDifferentialTest);

} // namespace
} // namespace unitgen
