// KoratProblem: parsing the finitization file line by line (its lines: ProblemLines.def).
#include "exhaustive/KoratProblem.h"
#include "exhaustive/ProblemFormat.h"

#include <cstdio>
#include <fstream>
#include <sstream>

namespace unitgen_rt {
namespace korat {

using unitgen_problem::ProblemLine;
using unitgen_problem::problemLine;

bool fail(const std::string &message) {
  std::fprintf(stderr, "unitgen exhaustive driver: %s\n", message.c_str());
  return false;
}

bool readProblem(const char *path, const ClassInfo *classes, int numClasses, Problem &problem) {
  std::ifstream in(path);
  if (!in)
    return fail(std::string("cannot read ") + path);
  problem.pools.assign(numClasses, {});
  problem.unshared.assign(numClasses, 0);
  std::string line;
  while (std::getline(in, line)) {
    std::istringstream words(line);
    std::string kind;
    words >> kind;
    const ProblemLine lineKind = problemLine(kind.c_str());
    if (lineKind == ProblemLine::Objects) {
      int cls = -1, count = 0;
      if (!(words >> cls >> count) || cls < 0 || cls >= numClasses || count < 0)
        return fail("bad line: " + line);
      for (int k = 0; k < count; ++k) {
        problem.pools[cls].push_back(static_cast<int>(problem.objectClass.size()));
        problem.objectClass.push_back(cls);
      }
    } else if (lineKind == ProblemLine::Unshared) {
      int cls = -1;
      if (!(words >> cls) || cls < 0 || cls >= numClasses)
        return fail("bad line: " + line);
      problem.unshared[cls] = 1;
    } else if (lineKind == ProblemLine::Field) {
      Candidate c;
      int field = -1;
      std::string domain;
      if (!(words >> c.object >> field >> domain) || c.object < 0 ||
          c.object >= static_cast<int>(problem.objectClass.size()))
        return fail("bad line: " + line);
      const ClassInfo &owner = classes[problem.objectClass[c.object]];
      if (field < 0 || field >= owner.numFields)
        return fail("bad field in line: " + line);
      c.field = &owner.fields[field];
      if (domain == unitgen_problem::kNumbersDomain) {
        long long high = 0;
        if (!(words >> c.domain.low >> high) || high < c.domain.low)
          return fail("bad range in line: " + line);
        c.domain.size = static_cast<uint32_t>(high - c.domain.low + 1);
      } else if (domain == unitgen_problem::kObjectsDomain) {
        c.domain.objects = true;
        if (!(words >> c.domain.targetClass) || c.domain.targetClass < 0 ||
            c.domain.targetClass >= numClasses)
          return fail("bad class in line: " + line);
        c.domain.size = static_cast<uint32_t>(problem.pools[c.domain.targetClass].size() + 1);
      } else if (domain == unitgen_problem::kBlockDomain) {
        if (!(words >> c.domain.block) || c.domain.block < 0 ||
            c.domain.block >= static_cast<int>(problem.blocks.size()) || !c.field->elementSize)
          return fail("bad array in line: " + line);
        c.domain.size = 2;
        problem.blocks[c.domain.block].elementSize = c.field->elementSize;
      } else {
        return fail("bad domain in line: " + line);
      }
      problem.fields.push_back(c);
    } else if (lineKind == ProblemLine::Block) {
      Block block;
      if (!(words >> block.length))
        return fail("bad line: " + line);
      problem.blocks.push_back(block);
    } else if (lineKind == ProblemLine::Element) {
      Candidate c;
      long long high = 0;
      if (!(words >> c.domain.block >> c.index >> c.domain.low >> high >> c.count) ||
          c.domain.block < 0 || c.domain.block >= static_cast<int>(problem.blocks.size()) ||
          c.index < 0 || static_cast<size_t>(c.index) >= problem.blocks[c.domain.block].length ||
          high < c.domain.low || c.count >= static_cast<int>(problem.fields.size()))
        return fail("bad line: " + line);
      if (problem.blocks[c.domain.block].elementSize == 0 ||
          problem.blocks[c.domain.block].elementSize > 8)
        return fail("an element of an array no field points to: " + line);
      c.domain.size = static_cast<uint32_t>(high - c.domain.low + 1);
      problem.blocks[c.domain.block].elements.push_back(
          static_cast<uint32_t>(problem.fields.size()));
      problem.fields.push_back(c);
    } else if (lineKind == ProblemLine::Deadline) {
      words >> problem.deadline;
    } else if (lineKind == ProblemLine::WorkLimit) {
      if (!(words >> problem.workLimit))
        return fail("bad line: " + line);
    } else if (lineKind == ProblemLine::Replay) {
      words >> problem.replayFile;
    } else if (lineKind == ProblemLine::Call || lineKind == ProblemLine::Construct) {
      Problem::Call call{-1, {}};
      if (lineKind == ProblemLine::Call && !(words >> call.index))
        return fail("bad line: " + line);
      long long low = 0, high = 0;
      while (words >> low >> high) {
        if (high < low)
          return fail("bad range in line: " + line);
        call.ranges.push_back({low, high});
      }
      if (lineKind == ProblemLine::Call)
        problem.calls.push_back(call);
      else
        problem.construct = call;
    } else if (lineKind == ProblemLine::Observe) {
      int index = 0;
      while (words >> index)
        problem.observers.push_back(index);
    } else if (lineKind == ProblemLine::Legal) {
      if (!(words >> problem.legalLength) || problem.legalLength < 0)
        return fail("bad line: " + line);
    } else if (lineKind == ProblemLine::LegalTargets) {
      words >> problem.legalTargets;
    } else if (lineKind == ProblemLine::CallTimeout) {
      words >> problem.callTimeout;
    } else if (lineKind == ProblemLine::StopFile) {
      words >> problem.stopFile;
    } else if (lineKind == ProblemLine::CountOnly) {
      problem.countOnly = true;
    } else if (lineKind == ProblemLine::SymbolicNumbers) {
      problem.symbolicNumbers = true;
    } else if (lineKind == ProblemLine::ObjectLimits) {
      uint32_t limit = 0;
      while (words >> limit) {
        if (!problem.objectLimits.empty() && limit <= problem.objectLimits.back())
          return fail("object limits must ascend: " + line);
        problem.objectLimits.push_back(limit);
      }
    } else if (lineKind == ProblemLine::CountField) {
      uint32_t k = 0;
      if (!(words >> k) || k >= problem.fields.size() || !problem.fields[k].numbers())
        return fail("bad count field: " + line);
      problem.countFields.push_back(k);
    } else if (lineKind == ProblemLine::InterleavePasses) {
      problem.interleavePasses = true;
    } else if (!kind.empty()) {
      return fail("unknown line: " + line);
    }
  }
  if (problem.objectClass.empty() || !classes[problem.objectClass[0]].invariant)
    return fail("no receiver with an invariant");
  return true;
}

} // namespace korat
} // namespace unitgen_rt
