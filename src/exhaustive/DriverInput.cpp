// DriverInput: the lines of the exhaustive driver's input file, keyword first (ProblemLines.def).
#include "exhaustive/DriverInput.h"

#include "runtime/exhaustive/ProblemFormat.h"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>

namespace unitgen {
namespace {

using unitgen_problem::keyword;
using unitgen_problem::ProblemLine;

/// A line of `kind`: its keyword, then `arguments` (already spaced), then a newline.
std::string line(ProblemLine kind, const std::string &arguments = "") {
  return std::string(keyword(kind)) + (arguments.empty() ? "" : " " + arguments) + "\n";
}

} // namespace

std::string driverInput(const Finitization &finitization, double deadlineSeconds, bool countOnly) {
  std::string text;
  for (auto [cls, count] : finitization.objects)
    text += line(ProblemLine::Objects, fmt::format("{} {}", cls, count));
  for (int cls : finitization.unshared)
    text += line(ProblemLine::Unshared, fmt::format("{}", cls));
  for (int length : finitization.arrays)
    text += line(ProblemLine::Block, fmt::format("{}", length));
  for (const CandidateField &field : finitization.fields) {
    if (field.object < 0)
      text += line(ProblemLine::Element,
                   fmt::format("{} {} {} {} {}", field.domain.block, field.index, field.domain.low,
                               field.domain.high, field.countField));
    else if (field.domain.block >= 0)
      text +=
          line(ProblemLine::Field, fmt::format("{} {} {} {}", field.object, field.finitizableIndex,
                                               unitgen_problem::kBlockDomain, field.domain.block));
    else if (field.domain.objects)
      text += line(ProblemLine::Field,
                   fmt::format("{} {} {} {}", field.object, field.finitizableIndex,
                               unitgen_problem::kObjectsDomain, field.domain.targetClass));
    else
      text +=
          line(ProblemLine::Field,
               fmt::format("{} {} {} {} {}", field.object, field.finitizableIndex,
                           unitgen_problem::kNumbersDomain, field.domain.low, field.domain.high));
  }
  if (deadlineSeconds > 0)
    text += line(ProblemLine::Deadline, fmt::format("{}", deadlineSeconds));
  if (countOnly)
    text += line(ProblemLine::CountOnly);
  if (finitization.symbolicNumbers)
    text += line(ProblemLine::SymbolicNumbers);
  if (!finitization.objectLimits.empty())
    text += line(ProblemLine::ObjectLimits,
                 fmt::format("{}", fmt::join(finitization.objectLimits, " ")));
  if (finitization.interleavePasses)
    text += line(ProblemLine::InterleavePasses);
  if (!finitization.objectLimits.empty())
    for (size_t k = 0; k < finitization.fields.size(); ++k)
      if (finitization.fields[k].object == 0 &&
          std::find(finitization.countFields.begin(), finitization.countFields.end(),
                    finitization.fields[k].name) != finitization.countFields.end())
        text += line(ProblemLine::CountField, fmt::format("{}", k));
  if (finitization.workLimit > 0)
    text += line(ProblemLine::WorkLimit, fmt::format("{}", finitization.workLimit));
  return text;
}

std::string stopFileLine(const std::string &path) { return line(ProblemLine::StopFile, path); }

std::string replayLines(const std::string &heapsFile, double callTimeoutSeconds) {
  return line(ProblemLine::Replay, heapsFile) +
         line(ProblemLine::CallTimeout, fmt::format("{}", callTimeoutSeconds));
}

std::string callLines(const std::vector<CallPlan> &plans) {
  std::string text;
  for (const CallPlan &plan : plans) {
    std::string arguments = fmt::format("{}", plan.method);
    for (auto [low, high] : plan.ranges)
      arguments += fmt::format(" {} {}", low, high);
    text += line(ProblemLine::Call, arguments);
  }
  return text;
}

std::string observeLine(const std::vector<int> &observers) {
  return observers.empty()
             ? ""
             : line(ProblemLine::Observe, fmt::format("{}", fmt::join(observers, " ")));
}

std::string legalLines(int maxLength, const std::string &targetsFile, double callTimeoutSeconds) {
  return line(ProblemLine::Legal, fmt::format("{}", maxLength)) +
         line(ProblemLine::LegalTargets, targetsFile) +
         line(ProblemLine::CallTimeout, fmt::format("{}", callTimeoutSeconds));
}

std::string constructLine(const std::vector<std::pair<long long, long long>> &ranges) {
  std::string arguments;
  for (auto [low, high] : ranges)
    arguments += fmt::format("{}{} {}", arguments.empty() ? "" : " ", low, high);
  return line(ProblemLine::Construct, arguments);
}

} // namespace unitgen
