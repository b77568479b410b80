// Candidate Sequence Search, generation step: breadth-first prepending of influencing callables
// with partial-order reduction and the data-flow check.
#include "explore/CandidateSequences.h"

#include "model/Constness.h"
#include "model/Handles.h"
#include "model/ViewLifetimes.h"

#include <algorithm>
#include <map>

namespace unitgen {

CandidateSequences::CandidateSequences(const ClassModel &model, const CandidateOptions &options)
    : model_(model), options_(options) {
  std::map<std::string, size_t> fields;
  for (const Callable &callable : model.callables) {
    for (const std::string &field : callable.effects.reads)
      fields.emplace(field, fields.size());
    for (const std::string &field : callable.effects.writes)
      fields.emplace(field, fields.size());
  }
  size_t words = (fields.size() + 63) / 64;
  auto bits = [&](const std::vector<std::string> &names) {
    std::vector<uint64_t> set(words, 0);
    for (const std::string &name : names) {
      size_t index = fields.at(name);
      set[index / 64] |= uint64_t(1) << (index % 64);
    }
    return set;
  };
  fieldClass_.assign(fields.size(), -1);
  for (const auto &[name, index] : fields) {
    size_t colon = name.rfind("::");
    if (colon != std::string::npos)
      fieldClass_[index] = classIndex(name.substr(0, colon));
  }
  info_.resize(model.callables.size());
  for (const Callable &callable : model.callables) {
    Info &info = info_[callable.id];
    info.usable = callable.isSupported() && !callable.isInvariant && !callable.onlyGuided;
    info.underTest = model.isUnderTest(callable);
    if (callable.kind == CallableKind::Constructor)
      info.produces = classIndex(callable.owner);
    else if (callable.returnType.kind == TypeKind::Class)
      info.produces = classIndex(callable.returnType.className);
    if (callable.needsReceiver()) {
      info.slots.push_back(classIndex(callable.owner));
      info.nullable.push_back(false);
    }
    for (const Parameter &param : callable.params) {
      if (param.type.kind != TypeKind::Class)
        continue;
      info.slots.push_back(classIndex(param.type.className));
      info.nullable.push_back(param.type.passing == Passing::Pointer ||
                              param.type.passing == Passing::ConstPointer ||
                              param.type.passing == Passing::UniquePtr ||
                              param.type.passing == Passing::SharedPtr);
    }
    // A slot of a type the model does not know can never be filled.
    if (std::find(info.slots.begin(), info.slots.end(), -1) != info.slots.end())
      info.usable = false;
    info.reads = bits(callable.effects.reads);
    info.writes = bits(callable.effects.writes);
  }
  for (bool underTest : {true, false})
    for (const Callable &callable : model.callables)
      if (info_[callable.id].usable && info_[callable.id].underTest == underTest)
        order_.push_back(callable.id);
  for (int id : order_)
    level_.push_back({id});
  stats_.length = level_.empty() ? 0 : 1;
}

int CandidateSequences::classIndex(const std::string &name) const {
  for (size_t i = 0; i < model_.classes.size(); ++i)
    if (model_.classes[i].qualifiedName == name)
      return static_cast<int>(i);
  return -1;
}

bool CandidateSequences::overlaps(const std::vector<uint64_t> &a,
                                  const std::vector<uint64_t> &b) const {
  for (size_t i = 0; i < a.size() && i < b.size(); ++i)
    if (a[i] & b[i])
      return true;
  return false;
}

bool CandidateSequences::hasUnboundSlot(const std::vector<int> &sequence, size_t j,
                                        int type) const {
  const Info &info = info_[sequence[j]];
  long slots = std::count(info.slots.begin(), info.slots.end(), type);
  if (slots == 0)
    return false;
  long producers = 0;
  for (size_t i = 0; i < j; ++i)
    producers += info_[sequence[i]].produces == type;
  return slots > producers;
}

bool CandidateSequences::influences(int callable, const std::vector<int> &sequence) const {
  const Info &info = info_[callable];
  if (!info.usable)
    return false;
  for (size_t j = 0; j < sequence.size(); ++j) {
    if (info.produces >= 0 && hasUnboundSlot(sequence, j, info.produces))
      return true;
    if (overlaps(info.writes, info_[sequence[j]].reads))
      return true;
  }
  return false;
}

bool CandidateSequences::influencesFirst(int callable, const std::vector<int> &sequence) const {
  const Info &info = info_[callable];
  if (!info.usable || sequence.empty())
    return false;
  return (info.produces >= 0 && hasUnboundSlot(sequence, 0, info.produces)) ||
         overlaps(info.writes, info_[sequence[0]].reads);
}

namespace {

/// Binds slots to the nearest earlier producers; `complete` tells whether every required slot
/// found one (unbound receivers stay -1, unbound arguments are null).
Sequence bindSlots(const ClassModel &model, const std::vector<int> &callables,
                   const std::vector<int> &produces,
                   const std::vector<std::pair<std::vector<int>, std::vector<bool>>> &slots,
                   bool &complete) {
  complete = true;
  Sequence sequence;
  for (size_t j = 0; j < callables.size(); ++j) {
    const Callable &callable = model.callables[callables[j]];
    const auto &[types, nullable] = slots[j];
    std::vector<int> used;
    // `use`: -1 the receiver, else the parameter; a const result is never changed.
    auto producer = [&](int type, int use) {
      for (int i = static_cast<int>(j) - 1; i >= 0; --i)
        if (produces[i] == type && std::find(used.begin(), used.end(), i) == used.end() &&
            !(changesObject(callable, use) && returnsConstObject(model.callables[callables[i]]))) {
          used.push_back(i);
          return i;
        }
      return -1;
    };
    Statement statement;
    statement.callable = callables[j];
    size_t slot = 0;
    if (callable.needsReceiver()) {
      statement.receiver = producer(types[slot], -1);
      complete &= statement.receiver >= 0;
      ++slot;
    }
    for (const Parameter &param : callable.params) {
      if (param.type.kind != TypeKind::Class) {
        statement.args.push_back(Argument::of(Value::null()));
        continue;
      }
      int var = producer(types[slot], static_cast<int>(statement.args.size()));
      if (var >= 0)
        statement.args.push_back(Argument::var(var));
      else {
        statement.args.push_back(Argument::of(Value::null()));
        complete &= nullable[slot];
      }
      ++slot;
    }
    sequence.statements.push_back(std::move(statement));
  }
  complete &= respectsViewLifetimes(model, sequence); // no view used after its receiver changed
  complete &= respectsHandleOwners(model, sequence);
  return sequence;
}

} // namespace

std::optional<Sequence> CandidateSequences::bind(const std::vector<int> &callables) const {
  std::vector<int> produces;
  std::vector<std::pair<std::vector<int>, std::vector<bool>>> slots;
  for (int id : callables) {
    produces.push_back(info_[id].produces);
    slots.emplace_back(info_[id].slots, info_[id].nullable);
  }
  bool complete = false;
  Sequence sequence = bindSlots(model_, callables, produces, slots, complete);
  if (!complete)
    return std::nullopt;
  return sequence;
}

bool CandidateSequences::definesForUse(const Sequence &bound, int from, int to) const {
  const Statement &writer = bound.statements[from];
  const Info &writerInfo = info_[writer.callable];
  const Info &readerInfo = info_[bound.statements[to].callable];
  // Objects the writer can write to.
  std::vector<int> touched;
  if (writer.receiver >= 0)
    touched.push_back(writer.receiver);
  if (writerInfo.produces >= 0)
    touched.push_back(from);
  for (const Argument &arg : writer.args)
    if (arg.kind == Argument::Kind::Variable)
      touched.push_back(arg.variable);
  bool staticCode = touched.empty() && !model_.callables[writer.callable].needsReceiver();
  std::vector<int> reached = bound.dependencies(to);
  // A receiver not bound yet (a prefix still to be extended) may become any object: the
  // field overlap is enough until then.
  auto unbound = [&](int k) {
    const Statement &statement = bound.statements[k];
    const Callable &callable = model_.callables[statement.callable];
    if (statement.receiver < 0 && callable.needsReceiver())
      return true;
    for (size_t a = 0; a < statement.args.size() && a < callable.params.size(); ++a)
      if (callable.params[a].type.kind == TypeKind::Class &&
          statement.args[a].kind == Argument::Kind::Literal)
        return true;
    return false;
  };
  bool open = unbound(from) || unbound(to) || std::any_of(reached.begin(), reached.end(), unbound);
  std::vector<int> shared;
  for (int object : touched)
    if (std::find(reached.begin(), reached.end(), object) != reached.end())
      shared.push_back(object);
  for (size_t word = 0; word < writerInfo.writes.size(); ++word) {
    uint64_t common = writerInfo.writes[word] & readerInfo.reads[word];
    for (int bit = 0; common; ++bit, common >>= 1) {
      if (!(common & 1))
        continue;
      if (staticCode || open)
        return true;
      int owner = fieldClass_[word * 64 + bit];
      bool variableOfOwner = false;
      for (size_t k = 0; k < bound.size(); ++k)
        variableOfOwner |= owner >= 0 && info_[bound.statements[k].callable].produces == owner;
      for (int object : shared)
        if (!variableOfOwner || info_[bound.statements[object].callable].produces == owner)
          return true;
    }
  }
  return false;
}

bool CandidateSequences::dataFlows(const Sequence &bound) const {
  size_t n = bound.size();
  if (n == 0)
    return false;
  std::vector<bool> live(n, false);
  live[n - 1] = true;
  for (int i = static_cast<int>(n) - 2; i >= 0; --i) {
    for (size_t j = i + 1; j < n && !live[i]; ++j) {
      if (!live[j])
        continue;
      const Statement &to = bound.statements[j];
      bool passes = to.receiver == i;
      for (const Argument &arg : to.args)
        passes |= arg.kind == Argument::Kind::Variable && arg.variable == i;
      live[i] = passes || definesForUse(bound, i, static_cast<int>(j));
    }
    if (!live[i])
      return false;
  }
  return true;
}

bool CandidateSequences::extendLevel() {
  if (level_.empty() || level_.front().size() >= options_.maxLength)
    return false;
  std::vector<std::vector<int>> longer;
  std::vector<int> ids;
  for (size_t id = 0; id < info_.size(); ++id)
    if (info_[id].usable)
      ids.push_back(static_cast<int>(id));
  for (const std::vector<int> &rest : level_) {
    for (int callable : ids) {
      if (!influences(callable, rest)) {
        ++stats_.rejectedNoInfluence;
        continue;
      }
      if (callable > rest.front() && !influencesFirst(callable, rest)) {
        ++stats_.prunedByOrder;
        continue;
      }
      std::vector<int> candidate;
      candidate.reserve(rest.size() + 1);
      candidate.push_back(callable);
      candidate.insert(candidate.end(), rest.begin(), rest.end());
      std::vector<int> produces;
      std::vector<std::pair<std::vector<int>, std::vector<bool>>> slots;
      for (int id : candidate) {
        produces.push_back(info_[id].produces);
        slots.emplace_back(info_[id].slots, info_[id].nullable);
      }
      bool complete = false;
      Sequence partial = bindSlots(model_, candidate, produces, slots, complete);
      if (!dataFlows(partial)) {
        ++stats_.prunedByDataFlow;
        continue;
      }
      ++stats_.generated;
      if (longer.size() >= options_.maxPerLength) {
        stats_.truncated = true;
        break;
      }
      longer.push_back(std::move(candidate));
    }
    if (stats_.truncated)
      break;
  }
  level_ = std::move(longer);
  cursor_ = 0;
  if (level_.empty())
    return false;
  stats_.length = level_.front().size();
  return true;
}

std::optional<Candidate> CandidateSequences::next() {
  for (;;) {
    while (cursor_ < level_.size()) {
      const std::vector<int> &callables = level_[cursor_++];
      std::optional<Sequence> bound = bind(callables);
      if (!bound) {
        ++stats_.notExecutable;
        continue;
      }
      bool involvesTarget = false;
      for (int id : callables)
        involvesTarget |= info_[id].underTest;
      if (!involvesTarget) {
        ++stats_.withoutTarget;
        continue;
      }
      if (!dataFlows(*bound)) { // checked leniently while the prefix was still open
        ++stats_.prunedByDataFlow;
        continue;
      }
      Candidate candidate;
      candidate.methodUnderTest = callables.back();
      candidate.key = bound->hash();
      candidate.skeleton = std::move(*bound);
      ++stats_.emitted;
      return candidate;
    }
    if (!extendLevel())
      return std::nullopt;
  }
}

} // namespace unitgen
