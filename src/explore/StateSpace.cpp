// StateSpace: method selection, the argument pool and its tuples, and the memory probe that the
// state-space strategies share.
#include "explore/StateSpace.h"

#include "exec/Executor.h"

#include <fmt/format.h>

#include <algorithm>
#include <cstdio>
#include <set>
#include <unistd.h>

namespace unitgen {
namespace {

/// Why a parameter cannot take values from the pool; empty when it can.
std::string poolProblem(const TypeDesc &type) {
  if (type.passing != Passing::Value && type.passing != Passing::ConstReference)
    return "it is passed by " +
           std::string(type.passing == Passing::Reference ? "reference" : "pointer");
  switch (type.kind) {
  case TypeKind::Bool:
  case TypeKind::Char:
  case TypeKind::Integer:
  case TypeKind::Enum:
  case TypeKind::Floating:
    return "";
  default:
    return "its type " + type.spelling + " takes no values from the argument pool";
  }
}

std::string unsupportedParameter(const Callable &callable) {
  for (size_t i = 0; i < callable.params.size(); ++i) {
    std::string problem = poolProblem(callable.params[i].type);
    if (!problem.empty())
      return fmt::format("parameter {} of {}: {}", i + 1, callable.signature(), problem);
  }
  return "";
}

std::vector<Value> valuesFor(const TypeDesc &type, const std::vector<int64_t> &pool) {
  std::vector<Value> values;
  switch (type.kind) {
  case TypeKind::Bool:
    return {Value::boolean(false), Value::boolean(true)};
  case TypeKind::Enum:
    for (const auto &[name, value] : type.enumerators)
      values.push_back(Value::integer(value));
    return values;
  case TypeKind::Floating:
    for (int64_t x : pool)
      values.push_back(Value::floating(static_cast<double>(x)));
    return values;
  default:
    for (int64_t x : pool) {
      if (!type.isSigned && type.kind == TypeKind::Integer) {
        if (x >= 0)
          values.push_back(Value::unsignedInteger(static_cast<uint64_t>(x)));
      } else {
        values.push_back(Value::integer(x));
      }
    }
    return values;
  }
}

} // namespace

Expected<StateMethods> selectStateMethods(const ClassModel &model,
                                          const std::vector<std::string> &names) {
  if (model.targetIsFunction)
    return inputError("state-space exploration needs a class (--class), not a function");
  const ClassInfo &target = model.targetClass();
  const std::string className = target.qualifiedName.substr(target.qualifiedName.rfind(':') + 1);
  std::set<std::string> wanted(names.begin(), names.end()), found;
  StateMethods selected;
  std::vector<std::string> skipped;
  for (int id : target.callables) {
    const Callable &callable = model.callables[id];
    const bool constructor = callable.kind == CallableKind::Constructor;
    const std::string name = constructor ? className : callable.name;
    if (!wanted.empty() && !wanted.count(name))
      continue;
    if (!constructor && callable.kind != CallableKind::Method)
      continue; // operators and static methods extend no receiver from the pool
    if (wanted.empty() && (callable.isObserver || callable.isInvariant))
      continue;
    std::string problem =
        callable.isSupported() ? unsupportedParameter(callable) : callable.unsupportedReason;
    if (!problem.empty()) {
      skipped.push_back(problem);
      continue;
    }
    found.insert(name);
    (constructor ? selected.constructors : selected.methods).push_back(id);
  }
  for (const std::string &name : wanted)
    if (!found.count(name))
      return inputError(fmt::format(
          "--methods: '{}' is not a method of {} that the state-space exploration can call{}", name,
          target.qualifiedName,
          skipped.empty() ? std::string()
                          : " (" + fmt::format("{}", fmt::join(skipped, "; ")) + ")"));
  if (selected.constructors.empty()) {
    // A restriction to methods keeps every constructor usable from the pool.
    for (int id : target.callables) {
      const Callable &callable = model.callables[id];
      if (callable.kind == CallableKind::Constructor && callable.isSupported() &&
          unsupportedParameter(callable).empty())
        selected.constructors.push_back(id);
    }
  }
  if (selected.constructors.empty())
    return inputError(fmt::format("{} has no public constructor whose arguments come from the "
                                  "argument pool (integers, bools, enums, floats)",
                                  target.qualifiedName));
  if (selected.methods.empty())
    return inputError(fmt::format("{} has no method that changes its state with arguments from "
                                  "the argument pool{}",
                                  target.qualifiedName,
                                  skipped.empty()
                                      ? std::string()
                                      : " (" + fmt::format("{}", fmt::join(skipped, "; ")) + ")"));
  // The constructors with the fewest parameters make the initial states, as in Rostra.
  size_t fewest = SIZE_MAX;
  for (int id : selected.constructors)
    fewest = std::min(fewest, model.callables[id].params.size());
  selected.constructors.erase(
      std::remove_if(selected.constructors.begin(), selected.constructors.end(),
                     [&](int id) { return model.callables[id].params.size() > fewest; }),
      selected.constructors.end());
  return selected;
}

std::vector<std::vector<Argument>> argumentTuples(const Callable &callable,
                                                  const std::vector<int64_t> &pool) {
  std::vector<std::vector<Argument>> tuples{{}};
  for (const Parameter &param : callable.params) {
    std::vector<std::vector<Argument>> longer;
    for (const Value &value : valuesFor(param.type, pool))
      for (const std::vector<Argument> &tuple : tuples) {
        longer.push_back(tuple);
        longer.back().push_back(Argument::of(value));
      }
    tuples = std::move(longer);
  }
  return tuples;
}

std::vector<int64_t> argumentPool(const StateSpaceOptions &options) {
  if (!options.args.empty())
    return options.args;
  std::vector<int64_t> pool;
  for (int64_t x = 1; x <= std::max(1, options.maxIterations); ++x)
    pool.push_back(x);
  return pool;
}

void IterationLog::finish(int n, double seconds, size_t states, size_t pruned, size_t edges,
                          uint32_t totalEdges) {
  IterationRow row;
  row.n = n;
  row.seconds = seconds;
  row.states = states;
  row.pruned = pruned;
  row.edgeCoverage = totalEdges ? static_cast<double>(edges) / totalEdges : 0;
  rows_.push_back(row);
  if (options_.onIteration)
    options_.onIteration(row);
}

void IterationLog::stop(const std::string &reason) {
  stopReason_ = reason;
  if (options_.onStop)
    options_.onStop(reason);
}

bool IterationLog::overMemory() {
  if (residentMemoryMb() <= options_.maxMemoryMb)
    return false;
  stop("--max-memory " + std::to_string(options_.maxMemoryMb) + " MB reached");
  return true;
}

size_t residentMemoryMb() {
  std::FILE *statm = std::fopen("/proc/self/statm", "r");
  if (!statm)
    return 0;
  unsigned long size = 0, resident = 0;
  int read = std::fscanf(statm, "%lu %lu", &size, &resident);
  std::fclose(statm);
  if (read != 2)
    return 0;
  return static_cast<size_t>(resident) * static_cast<size_t>(sysconf(_SC_PAGESIZE)) >> 20;
}

void StateSpaceExploration::finishIteration(int n, const BudgetClock &clock, size_t states) {
  log_.finish(n, clock.elapsed(), states, pruned_, edges_.size(), executor_.edgeCount());
}

} // namespace unitgen
