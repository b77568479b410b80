// Telling a broken precondition from a defect by where the failure was raised and what it checked.
#include "exec/Preconditions.h"

#include <algorithm>
#include <cstdlib>
#include <map>

namespace unitgen {
namespace {

std::string baseName(const std::string &path) {
  const size_t slash = path.find_last_of('/');
  return slash == std::string::npos ? path : path.substr(slash + 1);
}

/// `file:line: function: Assertion `condition' failed.`: the check the call's own contract makes.
/// A method's own assert (its function is the method, or one its definition only passes the
/// call on to) checks what the caller gave it, the arguments or the state it may be called in.
/// In a constructor, a static method or a free function every assert, however deep, can depend
/// only on the arguments (and global state).
bool assertsOwnContract(const Callable &callable, const std::string &assertion) {
  const size_t conditionAt = assertion.find(": Assertion `");
  if (conditionAt == std::string::npos)
    return false;
  if (!callable.needsReceiver())
    return true;
  // The C library names the function with its signature: `char *ns::C::f(size_t)`.
  const std::string function = assertion.substr(0, conditionAt);
  auto names = [&](const std::string &qualifiedName) {
    return function.find(qualifiedName + "(") != std::string::npos;
  };
  return names(callable.qualifiedName) ||
         std::any_of(callable.forwardsTo.begin(), callable.forwardsTo.end(), names);
}

/// `lru.cc:40: leveldb::LRUCache::~LRUCache(): Assertion `in_use_.next == &in_use_' failed.`:
/// a destructor's own check of the state its object may be destroyed in (no handle still out, no
/// reference still held) — what the caller was to do before letting it go.
bool assertsDestructorContract(const std::string &assertion) {
  const size_t conditionAt = assertion.find(": Assertion `");
  return conditionAt != std::string::npos &&
         assertion.substr(0, conditionAt).find("::~") != std::string::npos;
}

/// The positions where the call was given a null literal for a pointer or a C string.
std::vector<size_t> nullPointerArguments(const Callable &callable, const Statement &statement) {
  std::vector<size_t> positions;
  for (size_t i = 0; i < statement.args.size() && i < callable.params.size(); ++i) {
    const TypeDesc &type = callable.params[i].type;
    // An out-parameter's literal is its local's value: the call gets the local's address. A
    // file's is its text, or null for no file. A made object's local always has an address.
    const bool pointer = (!type.isOutParameter() || type.kind == TypeKind::File) &&
                         type.kind != TypeKind::MadeObject &&
                         (type.kind == TypeKind::CString || type.kind == TypeKind::UserData ||
                          type.kind == TypeKind::Callback || type.passing == Passing::Pointer ||
                          type.passing == Passing::ConstPointer);
    if (pointer && statement.args[i].kind == Argument::Kind::Literal &&
        statement.args[i].literal.kind == Value::Kind::Null)
      positions.push_back(i);
  }
  return positions;
}

bool givenNull(const Callable &callable, const Statement &statement) {
  return !nullPointerArguments(callable, statement).empty();
}

/// The first variable holding the object variable `variable` holds: itself, unless it is an
/// upcast of an earlier one (Callable::isUpcast) or the run saw it returned again through an
/// accessor (CallOutcome::sameAs).
int identity(const ClassModel &model, const Sequence &sequence,
             const std::vector<CallOutcome> &calls, int variable) {
  while (variable >= 0 && static_cast<size_t>(variable) < sequence.size()) {
    const Statement &made = sequence.statements[variable];
    const bool upcast = made.callable >= 0 &&
                        static_cast<size_t>(made.callable) < model.callables.size() &&
                        model.callables[made.callable].isUpcast;
    if (upcast && made.receiver >= 0 && made.receiver < variable)
      variable = made.receiver;
    else if (static_cast<size_t>(variable) < calls.size() && calls[variable].sameAs >= 0 &&
             calls[variable].sameAs < variable)
      variable = calls[variable].sameAs;
    else
      break;
  }
  return variable;
}

/// The class of the object statement `variable` holds, as the test declares it.
std::string heldClass(const ClassModel &model, const Sequence &sequence, int variable) {
  const int callable = sequence.statements[variable].callable;
  if (callable < 0 || callable >= static_cast<int>(model.callables.size()))
    return "";
  const Callable &made = model.callables[callable];
  return made.kind == CallableKind::Constructor ? made.owner : made.returnType.className;
}

/// The first variable that held what `variable` holds as the run saw it returned again
/// (CallOutcome::sameAs), under the same class: the statement that made the object. An upcast,
/// or a result of another class (`XMLNode *` of an `XMLElement *`), stays itself: a call
/// through it is the base's, which the object under its first name does not take.
int firstHolder(const ClassModel &model, const Sequence &sequence,
                const std::vector<CallOutcome> &calls, int variable) {
  while (variable >= 0 && static_cast<size_t>(variable) < calls.size() &&
         static_cast<size_t>(variable) < sequence.size() && calls[variable].sameAs >= 0 &&
         calls[variable].sameAs < variable) {
    const int earlier = calls[variable].sameAs;
    const int callable = sequence.statements[variable].callable;
    if ((callable >= 0 && callable < static_cast<int>(model.callables.size()) &&
         model.callables[callable].isUpcast) ||
        heldClass(model, sequence, variable) != heldClass(model, sequence, earlier))
      break;
    variable = earlier;
  }
  return variable;
}

/// Whether the call was given its own receiver as an argument (`node->InsertEndChild(node)`),
/// under another name too; with `handedOver`, only where it takes a pointer to a mutable
/// object (an object to link in or take over), not a reference (`x = x`, `x.swap(x)`), and
/// then also an object the receiver was taken from (`doc.RootElement()->InsertEndChild(&doc)`:
/// a document linked into its own element).
bool givenItsOwnReceiver(const ClassModel &model, const Sequence &sequence,
                         const Statement &statement, const std::vector<CallOutcome> &calls,
                         bool handedOver = false) {
  const Callable &callable = model.callables[statement.callable];
  auto identityOf = [&](int variable) { return identity(model, sequence, calls, variable); };
  const int receiver = identityOf(statement.receiver);
  if (receiver < 0)
    return false;
  std::vector<int> itself{receiver};
  for (int made = receiver; handedOver && itself.size() < 8;) {
    const int from = sequence.statements[made].receiver;
    if (from < 0 || from >= made)
      break;
    made = identityOf(from);
    itself.push_back(made);
  }
  for (size_t i = 0; i < statement.args.size(); ++i) {
    const Argument &argument = statement.args[i];
    if (argument.kind != Argument::Kind::Variable ||
        std::find(itself.begin(), itself.end(), identityOf(argument.variable)) == itself.end())
      continue;
    if (!handedOver ||
        (i < callable.params.size() && callable.params[i].type.passing == Passing::Pointer))
      return true;
  }
  return false;
}

/// A sanitizer's null-pointer report inside the callable's own file, for a call given a null
/// literal where it takes a pointer or a C string. A pure virtual method has no file of its
/// own: the override that ran is in one of the code under test's.
bool nullArgumentRejected(const ClassModel &model, const Callable &callable,
                          const Statement &statement, const std::string &report) {
  auto inFile = [&](const std::string &path) {
    return report.compare(0, baseName(path).size() + 1, baseName(path) + ":") == 0;
  };
  if (report.find("null pointer") == std::string::npos)
    return false;
  const bool inOwnFile =
      callable.sourceFile.empty()
          ? std::any_of(model.sources.begin(), model.sources.end(),
                        [&](const SourceFile &file) { return inFile(file.path); })
          : inFile(callable.sourceFile);
  return inOwnFile && givenNull(callable, statement);
}

/// Longest chain of accessors a probe follows back to a fresh object.
constexpr size_t kMaxDerivation = 8;

/// Whether `report` is a sanitizer's use of a null pointer of a class type
/// (`member call on null pointer of type 'leveldb::Comparator'`) that the receiver of
/// `statement`, or an object it was derived from, was made with: a null literal given where a
/// pointer to that class is taken (`InternalKeyComparator(nullptr)`), kept and used by this later
/// call. The test gave what the object needs.
bool madeWithTheNullRunInto(const ClassModel &model, const Sequence &sequence,
                            const Statement &statement, const std::string &report) {
  const std::string marker = "null pointer of type '";
  const size_t at = report.find(marker);
  if (at == std::string::npos)
    return false;
  std::string type = report.substr(at + marker.size());
  type = type.substr(0, type.find('\''));
  if (type.rfind("const ", 0) == 0)
    type.erase(0, 6);
  int made = statement.receiver;
  for (size_t depth = 0;
       made >= 0 && static_cast<size_t>(made) < sequence.size() && depth < kMaxDerivation;
       ++depth) {
    const Statement &maker = sequence.statements[made];
    if (maker.callable < 0 || static_cast<size_t>(maker.callable) >= model.callables.size())
      return false;
    const Callable &callable = model.callables[maker.callable];
    for (size_t i : nullPointerArguments(callable, maker))
      if (callable.params[i].type.className == type)
        return true;
    made = maker.receiver;
  }
  return false;
}

/// Whether the failure is a null pointer's: a sanitizer's null-pointer report, or
/// AddressSanitizer's SEGV on an address in the zero page (a field of a null object).
bool isNullDereference(const Failure &failure) {
  if (failure.kind != FailureKind::Sanitizer)
    return false;
  if (failure.detail.find("null pointer") != std::string::npos)
    return true;
  const std::string segv = "SEGV on unknown address 0x";
  const size_t at = failure.detail.find(segv);
  if (at == std::string::npos)
    return false;
  constexpr unsigned long long kZeroPageEnd = 4096;
  return std::strtoull(failure.detail.c_str() + at + segv.size(), nullptr, 16) < kZeroPageEnd;
}

/// A sanitizer report without the addresses that differ from one process to the next: ASan's
/// ` (pc 0x... bp 0x... sp 0x... T0)`.
std::string reportWithoutRegisters(const std::string &detail) {
  return detail.substr(0, detail.find(" (pc "));
}

/// Whether statement `producer` made an object of its own: a constructor, a result by value or
/// `std::unique_ptr`, a factory's new object (Callable::returnsOwned), or a pointer from a method
/// that changed its receiver making it (a factory like `NewElement`) and not one the sequence
/// held already. A pointer from a call that changed nothing may be one the receiver holds.
bool makesAFreshObject(const ClassModel &model, const Sequence &sequence, const Outcome &outcome,
                       int producer) {
  const int callable = sequence.statements[producer].callable;
  if (callable < 0 || callable >= static_cast<int>(model.callables.size()))
    return false;
  const Callable &made = model.callables[callable];
  if (made.kind == CallableKind::Constructor)
    return true;
  switch (made.returnType.passing) {
  case Passing::Value:
  case Passing::UniquePtr:
  case Passing::SharedPtr:
    return true;
  case Passing::Pointer:
  case Passing::ConstPointer:
    if (made.returnsOwned)
      return true; // a factory's new object
    return made.returnType.passing == Passing::Pointer && made.needsReceiver() &&
           static_cast<size_t>(producer) < outcome.calls.size() &&
           outcome.calls[producer].receiverChanged && outcome.calls[producer].sameAs < 0;
  default:
    return false;
  }
}

/// Most hand-overs probed for one failure.
constexpr size_t kMaxHandedOverProbes = 8;

/// Whether the object of `variable` may be another after statement `from` than after statement
/// `to` (> from): a call on it after `from`, up to `to`, or one that takes it where it may change
/// it (a non-const reference or pointer, or by moving it).
bool mayChangeBetween(const ClassModel &model, const Sequence &sequence, int variable, int from,
                      int to) {
  for (int j = from + 1; j <= to; ++j) {
    const Statement &statement = sequence.statements[j];
    if (statement.receiver == variable)
      return true;
    const Callable &callable = model.callables[statement.callable];
    for (size_t a = 0; a < statement.args.size(); ++a) {
      if (statement.args[a].kind != Argument::Kind::Variable ||
          statement.args[a].variable != variable)
        continue;
      const Passing passing =
          a < callable.params.size() ? callable.params[a].type.passing : Passing::Pointer;
      if (passing == Passing::Reference || passing == Passing::Pointer ||
          passing == Passing::RvalueReference || passing == Passing::UniquePtr ||
          passing == Passing::SharedPtr)
        return true;
    }
  }
  return false;
}

/// The statements before `end` a fresh receiver's probe keeps: all but the receiver's original
/// (the first statement of `derivation`) and the statements that used it, made from it or on
/// it, transitively. A fresh receiver made beside its original may find what the original holds
/// taken (a database's lock file) and not be made at all. All of them when the derivation or
/// the failing call takes an object made from the original that the probe cannot make afresh
/// (one that is not the receiver).
std::vector<int> statementsBesideTheOriginal(const ClassModel &model, const Sequence &sequence,
                                             const Outcome &outcome,
                                             const std::vector<int> &derivation, int end) {
  std::vector<bool> removed(end, false);
  removed[derivation.front()] = true;
  for (int i = derivation.front() + 1; i < end; ++i) {
    const Statement &statement = sequence.statements[i];
    removed[i] = statement.receiver >= 0 && removed[statement.receiver];
    for (const Argument &argument : statement.args)
      removed[i] =
          removed[i] || (argument.kind == Argument::Kind::Variable && removed[argument.variable]);
  }
  const Statement &call = sequence.statements[end];
  const int receiver = identity(model, sequence, outcome.calls, call.receiver);
  auto remakes = [&](int variable) {
    return std::find(derivation.begin(), derivation.end(), variable) != derivation.end();
  };
  bool needsTheOriginal = false;
  for (int made : derivation)
    for (const Argument &argument : sequence.statements[made].args)
      needsTheOriginal |= argument.kind == Argument::Kind::Variable && removed[argument.variable] &&
                          !remakes(argument.variable);
  for (const Argument &argument : call.args)
    needsTheOriginal |= argument.kind == Argument::Kind::Variable && removed[argument.variable] &&
                        !remakes(argument.variable) &&
                        identity(model, sequence, outcome.calls, argument.variable) != receiver;
  std::vector<int> kept;
  for (int i = 0; i < end; ++i)
    if (needsTheOriginal || !removed[i])
      kept.push_back(i);
  return kept;
}

} // namespace

namespace {

/// freshReceiverProbe; `readied`: readiedReceiverProbe.
std::optional<PreconditionProbe> receiverProbe(const ClassModel &model, const Sequence &sequence,
                                               const Outcome &outcome, bool readied) {
  const Failure &failure = outcome.failure;
  const int last = static_cast<int>(sequence.size()) - 1;
  // A failure while destroying the objects is the last call's when that call made the same way
  // on a fresh receiver leaves objects that fail to be destroyed the same way.
  if (failure.statement < 0 || failure.statement > last ||
      (failure.whileDestroying && failure.statement != last))
    return std::nullopt;
  const Statement &call = sequence.statements[failure.statement];
  if (call.receiver < 0 || call.receiver >= failure.statement || call.callable < 0 ||
      call.callable >= static_cast<int>(model.callables.size()))
    return std::nullopt;
  // A failed assert, or a null dereference of a call given a null (in an inline helper of a
  // header, `XMLPrinter::PushComment(nullptr)`, or a field read on the zero page).
  const bool failedAssert = failure.kind == FailureKind::Abort && !failure.assertion.empty();
  const bool nullGivenRunInto = !failure.whileDestroying && isNullDereference(failure) &&
                                givenNull(model.callables[call.callable], call);
  if (!failedAssert && !nullGivenRunInto)
    return std::nullopt;
  // The receiver's derivation: its nearest ancestor that made a fresh object, then the accessors
  // that led from it to the receiver (`doc.GetDocument()`, `element->ShallowClone(&doc)`).
  // Each object under the name that first held it: a node a call returned again
  // (`doc.InsertEndChild(clone)`) was made where the clone was, not by the document.
  auto heldFirst = [&](int variable) {
    return firstHolder(model, sequence, outcome.calls, variable);
  };
  const int receiver = identity(model, sequence, outcome.calls, call.receiver);
  std::vector<int> derivation;
  for (int made = heldFirst(call.receiver);; made = heldFirst(sequence.statements[made].receiver)) {
    if (made < 0 || derivation.size() >= kMaxDerivation)
      return std::nullopt;
    derivation.insert(derivation.begin(), made);
    if (makesAFreshObject(model, sequence, outcome, made))
      break;
  }
  PreconditionProbe probe;
  const std::vector<int> kept =
      statementsBesideTheOriginal(model, sequence, outcome, derivation, failure.statement);
  probe.sequence = sequence.only(kept);
  std::map<int, int> renumbered; // statement before the call → its copy
  for (size_t k = 0; k < kept.size(); ++k)
    renumbered[kept[k]] = static_cast<int>(k);
  std::vector<int> remakes = derivation;
  for (size_t k = 0; readied && k + 1 < derivation.size(); ++k)
    for (int i = derivation[k] + 1; i < derivation[k + 1]; ++i) {
      const Statement &readying = sequence.statements[i];
      bool available = readying.receiver == derivation[k];
      for (const Argument &argument : readying.args)
        available = available && (argument.kind != Argument::Kind::Variable ||
                                  renumbered.count(argument.variable) ||
                                  std::count(remakes.begin(), remakes.end(), argument.variable));
      if (available)
        remakes.push_back(i);
    }
  std::sort(remakes.begin(), remakes.end());
  std::map<int, int> remade; // statement of the derivation → its copy
  auto remap = [&](Statement statement) {
    if (statement.receiver >= 0 && remade.count(heldFirst(statement.receiver)))
      statement.receiver = remade[heldFirst(statement.receiver)];
    else if (statement.receiver >= 0)
      statement.receiver = renumbered.at(statement.receiver);
    for (Argument &argument : statement.args) {
      if (argument.kind != Argument::Kind::Variable)
        continue;
      if (remade.count(argument.variable))
        argument.variable = remade[argument.variable];
      else if (remade.count(heldFirst(call.receiver)) &&
               identity(model, sequence, outcome.calls, argument.variable) == receiver)
        argument.variable = remade[heldFirst(call.receiver)]; // `x->InsertEndChild(x)`: itself
      else
        argument.variable = renumbered.at(argument.variable);
    }
    return statement;
  };
  for (int made : remakes) {
    remade[made] = static_cast<int>(probe.sequence.size());
    probe.sequence.statements.push_back(remap(sequence.statements[made]));
  }
  if (readied && remakes.size() == derivation.size())
    return std::nullopt; // nothing readied: the fresh receiver's probe
  probe.call = static_cast<int>(probe.sequence.size());
  probe.sequence.statements.push_back(remap(call));
  return probe;
}

} // namespace

std::optional<PreconditionProbe>
freshReceiverProbe(const ClassModel &model, const Sequence &sequence, const Outcome &outcome) {
  return receiverProbe(model, sequence, outcome, false);
}

std::optional<PreconditionProbe>
readiedReceiverProbe(const ClassModel &model, const Sequence &sequence, const Outcome &outcome) {
  return receiverProbe(model, sequence, outcome, true);
}

std::vector<PreconditionProbe>
handedOverObjectProbes(const ClassModel &model, const Sequence &sequence, const Outcome &outcome) {
  const Failure &failure = outcome.failure;
  const size_t conditionAt = failure.assertion.find(": Assertion `");
  if (failure.kind != FailureKind::Abort || conditionAt == std::string::npos ||
      failure.whileDestroying || failure.statement < 0 ||
      failure.statement >= static_cast<int>(sequence.size()))
    return {};
  // The method whose own check failed, as the C library names it: `Slice C::Encode() const`.
  const std::string function = failure.assertion.substr(0, conditionAt);
  const Callable *checker = nullptr;
  for (const Callable &callable : model.callables)
    if (callable.isSupported() && callable.kind == CallableKind::Method &&
        callable.params.empty() &&
        function.find(" " + callable.qualifiedName + "(") != std::string::npos)
      checker = &callable;
  const int failing = failure.statement;
  if (!checker || sequence.statements[failing].callable == checker->id)
    return {};
  // The objects of its class the test made and handed over as arguments, latest first (which
  // one the failing call checked, the failure does not say), each as it was when handed over:
  // the code keeps a copy, whatever the test did to its own object afterwards.
  // A hand-over of an object that cannot have changed since a later one already probed would
  // ask the same question again.
  std::vector<PreconditionProbe> probes;
  std::map<int, int> probedAt; // variable → the statement of its latest hand-over probed
  for (int k = failing; k > 0 && probes.size() < kMaxHandedOverProbes; --k)
    for (const Argument &argument : sequence.statements[k].args) {
      if (argument.kind != Argument::Kind::Variable || argument.variable >= k ||
          !outcome.holds(argument.variable))
        continue;
      const Callable &made = model.callables[sequence.statements[argument.variable].callable];
      if (made.kind != CallableKind::Constructor || made.owner != checker->owner ||
          probes.size() >= kMaxHandedOverProbes)
        continue;
      auto later = probedAt.find(argument.variable);
      if (later != probedAt.end() &&
          (later->second == k ||
           !mayChangeBetween(model, sequence, argument.variable, k, later->second)))
        continue;
      probedAt[argument.variable] = k;
      PreconditionProbe probe;
      probe.sequence.statements.assign(sequence.statements.begin(),
                                       sequence.statements.begin() + k + 1);
      probe.call = k + 1;
      probe.sequence.statements.push_back({checker->id, argument.variable, {}});
      probes.push_back(std::move(probe));
    }
  return probes;
}

std::optional<PreconditionProbe> nonNullProbe(const ClassModel &model, const Sequence &sequence,
                                              const Outcome &outcome) {
  const Failure &failure = outcome.failure;
  if (failure.whileDestroying || failure.statement < 0 ||
      failure.statement >= static_cast<int>(sequence.size()) || !isNullDereference(failure))
    return std::nullopt;
  const Statement &call = sequence.statements[failure.statement];
  if (call.callable < 0 || call.callable >= static_cast<int>(model.callables.size()))
    return std::nullopt;
  const Callable &callable = model.callables[call.callable];
  PreconditionProbe probe;
  probe.tells = PreconditionProbe::Tells::NoFailure;
  probe.sequence.statements.assign(sequence.statements.begin(),
                                   sequence.statements.begin() + failure.statement + 1);
  probe.call = failure.statement;
  bool replaced = false;
  std::vector<Argument> &args = probe.sequence.statements.back().args;
  for (size_t i : nullPointerArguments(callable, call))
    if (callable.params[i].type.kind == TypeKind::CString) {
      args[i] = Argument::of(Value::string("x"));
      replaced = true;
    }
  if (!replaced)
    return std::nullopt;
  return probe;
}

std::vector<PreconditionProbe> preconditionProbes(const ClassModel &model, const Sequence &sequence,
                                                  const Outcome &outcome) {
  std::vector<PreconditionProbe> probes;
  if (std::optional<PreconditionProbe> nonNull = nonNullProbe(model, sequence, outcome))
    probes.push_back(std::move(*nonNull));
  if (std::optional<PreconditionProbe> fresh = freshReceiverProbe(model, sequence, outcome))
    probes.push_back(std::move(*fresh));
  if (std::optional<PreconditionProbe> readied = readiedReceiverProbe(model, sequence, outcome))
    probes.push_back(std::move(*readied));
  for (PreconditionProbe &handedOver : handedOverObjectProbes(model, sequence, outcome))
    probes.push_back(std::move(handedOver));
  return probes;
}

bool probeRepeatsFailure(const PreconditionProbe &probe, const Failure &original,
                         const Outcome &probed) {
  if (probe.tells == PreconditionProbe::Tells::NoFailure)
    return probed.failure.kind == FailureKind::None ||
           (probed.failure.statement == probe.call && probed.failure.whileDestroying);
  if (probed.failure.kind != original.kind || probed.failure.statement != probe.call ||
      probed.failure.whileDestroying != original.whileDestroying)
    return false;
  if (original.kind == FailureKind::Abort)
    return probed.failure.assertion == original.assertion;
  return probed.failure.location == original.location &&
         reportWithoutRegisters(probed.failure.detail) == reportWithoutRegisters(original.detail);
}

bool isPreconditionViolation(const ClassModel &model, const Sequence &sequence,
                             const Failure &failure, const std::vector<CallOutcome> &calls) {
  if (failure.statement < 0 || failure.statement >= static_cast<int>(sequence.size()))
    return false;
  const Statement &statement = sequence.statements[failure.statement];
  if (statement.callable < 0 || statement.callable >= static_cast<int>(model.callables.size()))
    return false;
  const Callable &callable = model.callables[statement.callable];
  // An object an earlier call was handed over to itself (`node->InsertFirstChild(node)`, which
  // returned) is a structure no caller builds, a node its own child: whatever later fails on
  // it (a recursion that never bottoms out, a delete of a node still linked) is the test's doing.
  for (int k = 0; k < failure.statement; ++k) {
    const Statement &earlier = sequence.statements[k];
    if (earlier.callable >= 0 && earlier.callable < static_cast<int>(model.callables.size()) &&
        givenItsOwnReceiver(model, sequence, earlier, calls, /*handedOver=*/true))
      return true;
  }
  switch (failure.kind) {
  case FailureKind::Abort: {
    // An assert the call reached with a null it was given checks that argument, however deep;
    // one it reached relating an object to itself (in the call, or destroying what it left
    // behind as the last call) checks that relation.
    const bool reachedByTheCall =
        !failure.whileDestroying || failure.statement + 1 == static_cast<int>(sequence.size());
    // Destroying what the test holds, a destructor's own check: the test let an object go in a
    // state it may not be destroyed in (a cache with a handle not released).
    if (failure.whileDestroying && reachedByTheCall && assertsDestructorContract(failure.assertion))
      return true;
    // So does one reached linking in an object the receiver was taken from (a node's own
    // parent made its child: a cycle the destructors run into).
    return assertsOwnContract(callable, failure.assertion) ||
           (!failure.assertion.empty() &&
            (givenNull(callable, statement) ||
             (reachedByTheCall &&
              (givenItsOwnReceiver(model, sequence, statement, calls) ||
               givenItsOwnReceiver(model, sequence, statement, calls, /*handedOver=*/true)))));
  }
  case FailureKind::Sanitizer:
    // Without a receiver, what a null it was given runs into, however deep, depends on the
    // arguments only: the null was not to be given (`XMLUtil::ToFloat(nullptr, &value)`).
    // An object handed over to itself (`document.InsertEndChild(&document)`, a node linked
    // into itself) makes a structure no caller builds, whatever it then runs into.
    return nullArgumentRejected(model, callable, statement, failure.detail) ||
           (!callable.needsReceiver() && givenNull(callable, statement) &&
            isNullDereference(failure)) ||
           madeWithTheNullRunInto(model, sequence, statement, failure.detail) ||
           (!failure.whileDestroying &&
            givenItsOwnReceiver(model, sequence, statement, calls, /*handedOver=*/true));
  default:
    return false;
  }
}

} // namespace unitgen
