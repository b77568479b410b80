// Preconditions: which failures are the failing call's own check of its arguments.
#include "exec/Preconditions.h"

#include <gtest/gtest.h>

namespace unitgen {
namespace {

/// `char *Arena::Allocate(size_t bytes)` (0), `Slice::Slice(const char *d)` (1) and
/// `void Arena::Reset()` (2), defined in arena.h and slice.h.
ClassModel arenaModel() {
  ClassModel model;
  auto add = [&](CallableKind kind, const std::string &qualified, const std::string &file,
                 std::vector<Parameter> params) {
    Callable callable;
    callable.id = static_cast<int>(model.callables.size());
    callable.kind = kind;
    callable.qualifiedName = qualified;
    callable.name = qualified.substr(qualified.rfind(':') + 1);
    callable.sourceFile = "/src/" + file;
    callable.params = std::move(params);
    model.callables.push_back(callable);
  };
  Parameter bytes;
  bytes.name = "bytes";
  bytes.type.kind = TypeKind::Integer;
  Parameter data;
  data.name = "d";
  data.type.kind = TypeKind::CString;
  add(CallableKind::Method, "leveldb::Arena::Allocate", "arena.h", {bytes});
  add(CallableKind::Constructor, "leveldb::Slice::Slice", "slice.h", {data});
  add(CallableKind::Method, "leveldb::Arena::Reset", "arena.h", {});
  return model;
}

Sequence oneCall(int callable, Argument argument) {
  Sequence sequence;
  sequence.statements.push_back({callable, -1, {std::move(argument)}});
  return sequence;
}

Failure abortWith(const std::string &assertion) {
  return {FailureKind::Abort, 0, "SIGABRT (abort)", assertion};
}

TEST(PreconditionsTest, AnAssertOnTheCallsOwnArgumentIsItsPrecondition) {
  const ClassModel model = arenaModel();
  const Sequence call = oneCall(0, Argument::of(Value::unsignedInteger(0)));
  EXPECT_TRUE(isPreconditionViolation(
      model, call,
      abortWith("arena.h:59: char *leveldb::Arena::Allocate(size_t): Assertion `bytes > 0' "
                "failed.")));
}

TEST(PreconditionsTest, AMethodsOwnAssertOnItsStateIsItsPreconditionTooDeeperDownIsAFailure) {
  const ClassModel model = arenaModel();
  const Sequence call = oneCall(0, Argument::of(Value::unsignedInteger(8)));
  // The method's own check of the state it may be called in.
  EXPECT_TRUE(isPreconditionViolation(
      model, call,
      abortWith("arena.h:60: char *leveldb::Arena::Allocate(size_t): Assertion `alloc_ptr_ != "
                "nullptr' failed.")));
  // Another function's assert, though it names a `bytes` too: a defect the call ran into.
  EXPECT_FALSE(isPreconditionViolation(
      model, call,
      abortWith("arena.cc:30: char *leveldb::Arena::AllocateFallback(size_t): Assertion `bytes "
                "< kBlockSize' failed.")));
  // An abort without an assert.
  EXPECT_FALSE(isPreconditionViolation(model, call, abortWith("")));
}

TEST(PreconditionsTest, AnAssertOfAFunctionTheMethodOnlyForwardsToIsTheMethodsOwnCheck) {
  ClassModel model = arenaModel();
  // `Slice InternalKey::user_key() const { return ExtractUserKey(rep_); }`, on a cleared key.
  Callable userKey;
  userKey.id = static_cast<int>(model.callables.size());
  userKey.kind = CallableKind::Method;
  userKey.qualifiedName = "leveldb::InternalKey::user_key";
  userKey.name = "user_key";
  userKey.isConst = true;
  userKey.sourceFile = "/src/dbformat.h";
  model.callables.push_back(userKey);
  const Failure tooShort = abortWith("dbformat.h:98: leveldb::Slice leveldb::ExtractUserKey(const "
                                     "leveldb::Slice &): Assertion `internal_key.size() >= 8' "
                                     "failed.");
  Sequence call;
  call.statements.push_back({userKey.id, -1, {}});
  EXPECT_FALSE(isPreconditionViolation(model, call, tooShort))
      << "a helper's assert the method's body does more than pass the call on to";
  model.callables.back().forwardsTo = {"leveldb::ExtractUserKey"};
  EXPECT_TRUE(isPreconditionViolation(model, call, tooShort));
  EXPECT_FALSE(isPreconditionViolation(
      model, call,
      abortWith("dbformat.cc:40: void leveldb::AppendInternalKey(std::string *, const "
                "leveldb::ParsedInternalKey &): Assertion `key.sequence <= 9' failed.")))
      << "another function's assert stays a defect";
}

TEST(PreconditionsTest, AnyAssertInAConstructorDependsOnItsArgumentsOnly) {
  const ClassModel model = arenaModel();
  // `InternalKey(key, seq, type)` asserting in the helper that packs `seq`.
  EXPECT_TRUE(isPreconditionViolation(
      model, oneCall(1, Argument::of(Value::string("k"))),
      abortWith("dbformat.cc:20: uint64_t leveldb::PackSequenceAndType(uint64_t, "
                "leveldb::ValueType): Assertion `seq <= kMaxSequenceNumber' failed.")));
  EXPECT_FALSE(
      isPreconditionViolation(model, oneCall(1, Argument::of(Value::string("k"))), abortWith("")));
}

TEST(PreconditionsTest, ANullLiteralRejectedInsideTheCallIsItsPrecondition) {
  const ClassModel model = arenaModel();
  const Failure nullReport{FailureKind::Sanitizer, 0,
                           "slice.h:39:49: runtime error: null pointer passed as argument 1, "
                           "which is declared to never be null",
                           ""};
  EXPECT_TRUE(isPreconditionViolation(model, oneCall(1, Argument::of(Value::null())), nullReport));
  // Given a string, the same report is the code's own null pointer.
  EXPECT_FALSE(
      isPreconditionViolation(model, oneCall(1, Argument::of(Value::string("a"))), nullReport));
  // A report in another file: a constructor's, however deep, depends on its arguments only.
  Failure deeper = nullReport;
  deeper.detail = "status.cc:29:27: runtime error: null pointer passed as argument 2";
  EXPECT_TRUE(isPreconditionViolation(model, oneCall(1, Argument::of(Value::null())), deeper));
  EXPECT_FALSE(
      isPreconditionViolation(model, oneCall(1, Argument::of(Value::string("a"))), deeper));
}

TEST(PreconditionsTest, ANullACallWithoutReceiverRunsIntoOnTheZeroPageIsItsPrecondition) {
  const ClassModel model = arenaModel();
  // `XMLUtil::ToFloat(nullptr, &value)` reading the string's first character.
  Failure segv{FailureKind::Sanitizer, 0,
               "AddressSanitizer: SEGV on unknown address 0x000000000000 (pc 0x55d0c0a1b2c3 bp "
               "0x7ffd sp 0x7ffc T0)",
               ""};
  EXPECT_TRUE(isPreconditionViolation(model, oneCall(1, Argument::of(Value::null())), segv));
  segv.detail =
      "AddressSanitizer: SEGV on unknown address 0x000000000018 (pc 0x1 bp 0x2 sp 0x3 T0)";
  EXPECT_TRUE(isPreconditionViolation(model, oneCall(1, Argument::of(Value::null())), segv));
  // Far from the zero page the null is not what was read; given a string, the null is the code's.
  Failure wild = segv;
  wild.detail =
      "AddressSanitizer: SEGV on unknown address 0x602000000010 (pc 0x1 bp 0x2 sp 0x3 T0)";
  EXPECT_FALSE(isPreconditionViolation(model, oneCall(1, Argument::of(Value::null())), wild));
  EXPECT_FALSE(isPreconditionViolation(model, oneCall(1, Argument::of(Value::string("1"))), segv));
  // Another report of a call given a null is still a defect.
  const Failure overflow{FailureKind::Sanitizer, 0,
                         "AddressSanitizer: heap-buffer-overflow on address 0x602000000011", ""};
  EXPECT_FALSE(isPreconditionViolation(model, oneCall(1, Argument::of(Value::null())), overflow));
}

TEST(PreconditionsTest, APureVirtualMethodRejectsANullInTheFileOfTheCodeUnderTest) {
  // `virtual void Cache::Release(Handle *) = 0`: no file of its own; the override that ran is
  // in cache.cc, a source of the code under test.
  ClassModel model = arenaModel();
  model.callables[0].sourceFile.clear();
  model.callables[0].params[0].type.kind = TypeKind::Class;
  model.callables[0].params[0].type.passing = Passing::Pointer;
  SourceFile cache;
  cache.path = "/src/util/cache.cc";
  model.sources = {cache};
  Failure memberAccess{FailureKind::Sanitizer, 0,
                       "cache.cc:140:20: runtime error: member access within null pointer of type "
                       "'leveldb::LRUHandle'",
                       ""};
  EXPECT_TRUE(
      isPreconditionViolation(model, oneCall(0, Argument::of(Value::null())), memberAccess));
  // In a file that is not the code under test's, the null went elsewhere.
  memberAccess.detail = "other.cc:3:1: runtime error: member access within null pointer";
  EXPECT_FALSE(
      isPreconditionViolation(model, oneCall(0, Argument::of(Value::null())), memberAccess));
}

/// VersionEdit() (0), SetCompactPointer(const InternalKey &) (1), EncodeTo() (2),
/// InternalKey() (3), `Slice InternalKey::Encode() const` (4), `void InternalKey::Clear()` (5),
/// AddFile(const InternalKey &smallest, const InternalKey &largest) (6).
ClassModel versionEditModel() {
  ClassModel model;
  auto add = [&](CallableKind kind, const std::string &owner, const std::string &name,
                 std::vector<Parameter> params) {
    Callable callable;
    callable.id = static_cast<int>(model.callables.size());
    callable.kind = kind;
    callable.owner = "leveldb::" + owner;
    callable.name = name;
    callable.qualifiedName = callable.owner + "::" + name;
    callable.params = std::move(params);
    model.callables.push_back(callable);
  };
  Parameter key;
  key.name = "key";
  key.type.kind = TypeKind::Class;
  key.type.className = "leveldb::InternalKey";
  key.type.passing = Passing::ConstReference;
  add(CallableKind::Constructor, "VersionEdit", "VersionEdit", {});
  add(CallableKind::Method, "VersionEdit", "SetCompactPointer", {key});
  add(CallableKind::Method, "VersionEdit", "EncodeTo", {});
  add(CallableKind::Constructor, "InternalKey", "InternalKey", {});
  add(CallableKind::Method, "InternalKey", "Encode", {});
  add(CallableKind::Method, "InternalKey", "Clear", {});
  add(CallableKind::Method, "VersionEdit", "AddFile", {key, key});
  return model;
}

Outcome encodeFailedIn(const Sequence &sequence) {
  Outcome outcome;
  outcome.calls.resize(sequence.size());
  outcome.calls[0].producedObject = outcome.calls[1].producedObject = true;
  outcome.failure = abortWith("dbformat.h:96: leveldb::Slice leveldb::InternalKey::Encode() const: "
                              "Assertion `!rep_.empty()' failed.");
  outcome.failure.statement = static_cast<int>(sequence.size()) - 1;
  return outcome;
}

TEST(PreconditionsTest, AnAssertOfAHandedOverObjectsOwnMethodIsProbedOnThatObject) {
  const ClassModel model = versionEditModel();
  Sequence sequence;
  sequence.statements = {{0, -1, {}}, {3, -1, {}}, {1, 0, {Argument::var(1)}}, {2, 0, {}}};
  const Outcome outcome = encodeFailedIn(sequence);
  std::vector<PreconditionProbe> probes = handedOverObjectProbes(model, sequence, outcome);
  ASSERT_EQ(probes.size(), 1u);
  const PreconditionProbe *probe = &probes[0];
  // The calls up to the one the key was handed to, then the key's own Encode().
  EXPECT_EQ(probe->call, 3);
  ASSERT_EQ(probe->sequence.size(), 4u);
  EXPECT_EQ(probe->sequence.statements[2], sequence.statements[2]);
  EXPECT_EQ(probe->sequence.statements[3], (Statement{4, 1, {}}));
  // Its run failing the same assert in Encode(): the key was never fit to be encoded.
  Outcome probed;
  probed.failure = outcome.failure;
  EXPECT_TRUE(probeRepeatsFailure(*probe, outcome.failure, probed));
  // A key nobody handed over (only made), or an assert of no method of the model: no probe.
  Sequence unused = sequence;
  unused.statements[2].args = {};
  EXPECT_TRUE(handedOverObjectProbes(model, unused, outcome).empty());
  Outcome elsewhere = outcome;
  elsewhere.failure.assertion = "coding.cc:3: void leveldb::PutVarint(int): Assertion `x' failed.";
  EXPECT_TRUE(handedOverObjectProbes(model, sequence, elsewhere).empty());
}

TEST(PreconditionsTest, AHandOverOfAnObjectUnchangedSinceALaterOneIsNotProbedAgain) {
  // `SetCompactPointer(key)` of an empty key, `key.Clear()`, then `AddFile(key, key)` five
  // times and `EncodeTo`: the empty key's hand-over is still probed, the five later ones once.
  const ClassModel model = versionEditModel();
  Sequence sequence;
  sequence.statements = {{0, -1, {}}, {3, -1, {}}, {1, 0, {Argument::var(1)}}, {5, 1, {}}};
  for (int i = 0; i < 5; ++i)
    sequence.statements.push_back({6, 0, {Argument::var(1), Argument::var(1)}});
  sequence.statements.push_back({2, 0, {}});
  const std::vector<PreconditionProbe> probes =
      handedOverObjectProbes(model, sequence, encodeFailedIn(sequence));
  ASSERT_EQ(probes.size(), 2u);
  EXPECT_EQ(probes[0].call, 9); // after the last AddFile
  EXPECT_EQ(probes[1].call, 3); // after SetCompactPointer, before Clear
  EXPECT_EQ(probes[1].sequence.statements.back(), (Statement{4, 1, {}}));
}

TEST(PreconditionsTest, AnAssertReachedWithANullArgumentChecksIt) {
  const ClassModel model = arenaModel();
  const Failure deepAssert = abortWith(
      "tinyxml2.cpp:120: void tinyxml2::StrPair::SetStr(const char *, int): Assertion `str' "
      "failed.");
  EXPECT_TRUE(isPreconditionViolation(model, oneCall(1, Argument::of(Value::null())), deepAssert));
  // Given a string, the same assert deeper down is a defect (the method is no constructor
  // here: `Reset` takes nothing, and the assert is not its own).
  Sequence reset;
  reset.statements.push_back({2, -1, {}});
  EXPECT_FALSE(isPreconditionViolation(model, reset, deepAssert));
}

TEST(PreconditionsTest, ADestructorsAssertWhileDestroyingIsTheTestsError) {
  // `cache->Lookup(key)` leaves a handle out; deleting the cache then asserts.
  const ClassModel model = arenaModel();
  Sequence sequence;
  sequence.statements.push_back({2, -1, {}});
  sequence.statements.push_back({0, -1, {Argument::of(Value::unsignedInteger(8))}});
  Failure destroying =
      abortWith("cache.cc:74: leveldb::(anonymous namespace)::LRUCache::~LRUCache(): Assertion "
                "`in_use_.next == &in_use_' failed.");
  destroying.statement = 1;
  destroying.whileDestroying = true;
  EXPECT_TRUE(isPreconditionViolation(model, sequence, destroying));
  // The same assert during a call is no destructor's contract the test broke by its end.
  Failure duringACall = destroying;
  duringACall.whileDestroying = false;
  EXPECT_FALSE(isPreconditionViolation(model, sequence, duringACall));
  // Another function's assert while destroying is a defect.
  Failure helper = destroying;
  helper.assertion = "cache.cc:90: void leveldb::LRUCache::Unref(leveldb::LRUHandle *): "
                     "Assertion `e->refs > 0' failed.";
  EXPECT_FALSE(isPreconditionViolation(model, sequence, helper));
}

TEST(PreconditionsTest, CrashesAndHangsAreNeverPreconditions) {
  const ClassModel model = arenaModel();
  EXPECT_FALSE(isPreconditionViolation(model, oneCall(1, Argument::of(Value::null())),
                                       {FailureKind::Crash, 0, "SIGSEGV", ""}));
  EXPECT_FALSE(isPreconditionViolation(model, oneCall(0, Argument::of(Value::unsignedInteger(1))),
                                       {FailureKind::Hang, 0, "no return within 1 s", ""}));
}

/// `Arena()` (3), `Arena *Arena::Peek()` (4, changes nothing), `Arena *Arena::Split()` (5,
/// changes its receiver), `Arena &Arena::Self()` (6), `static Arena *Arena::Shared()` (7) and
/// `void Arena::Adopt(Arena *other)` (8) beside arenaModel's callables.
ClassModel arenaWithProducers() {
  ClassModel model = arenaModel();
  auto add = [&](CallableKind kind, const std::string &name, Passing passing) {
    Callable callable;
    callable.id = static_cast<int>(model.callables.size());
    callable.kind = kind;
    callable.name = name;
    callable.qualifiedName = "leveldb::Arena::" + name;
    callable.returnType.kind = TypeKind::Class;
    callable.returnType.passing = passing;
    model.callables.push_back(callable);
  };
  add(CallableKind::Constructor, "Arena", Passing::Value);
  add(CallableKind::Method, "Peek", Passing::Pointer);
  add(CallableKind::Method, "Split", Passing::Pointer);
  add(CallableKind::Method, "Self", Passing::Reference);
  add(CallableKind::StaticMethod, "Shared", Passing::Pointer);
  add(CallableKind::Method, "Adopt", Passing::Value);
  model.callables.back().returnType.kind = TypeKind::Void;
  return model;
}

const char *const kDeepAssert =
    "arena.cc:30: char *leveldb::Arena::AllocateFallback(size_t): Assertion `bytes < "
    "kBlockSize' failed.";

/// `Arena a; a.Reset(); <producer>; <that>.Allocate(7)` failing in Allocate's helper, with the
/// producer's call marked as having changed its receiver or not.
Outcome failedAllocate(const Sequence &sequence, bool producerChangedItsReceiver) {
  Outcome outcome;
  outcome.calls.resize(sequence.size());
  for (CallOutcome &call : outcome.calls)
    call.status = CallStatus::Returned;
  outcome.calls[2].receiverChanged = producerChangedItsReceiver;
  outcome.failure = abortWith(kDeepAssert);
  outcome.failure.statement = static_cast<int>(sequence.size()) - 1;
  return outcome;
}

Sequence allocateOn(int producer) {
  Sequence sequence;
  sequence.statements.push_back({3, -1, {}});
  sequence.statements.push_back({2, 0, {}});
  sequence.statements.push_back({producer, producer == 7 ? -1 : 0, {}});
  sequence.statements.push_back({0, 2, {Argument::of(Value::unsignedInteger(7))}});
  return sequence;
}

const Statement kAllocateSeven{0, -1, {Argument::of(Value::unsignedInteger(7))}};

Statement on(int receiver, Statement statement) {
  statement.receiver = receiver;
  return statement;
}

TEST(PreconditionsTest, AnAssertReachedByACallGivenItsOwnReceiverChecksThatRelation) {
  const ClassModel model = arenaWithProducers();
  Sequence adoptSelf;
  adoptSelf.statements.push_back({3, -1, {}});
  adoptSelf.statements.push_back({8, 0, {Argument::var(0)}});
  Failure deep = abortWith(kDeepAssert);
  deep.statement = 1;
  EXPECT_TRUE(isPreconditionViolation(model, adoptSelf, deep));
  deep.whileDestroying = true; // destroying what the last call left
  EXPECT_TRUE(isPreconditionViolation(model, adoptSelf, deep));
  Sequence adoptOther = adoptSelf;
  adoptOther.statements.insert(adoptOther.statements.begin(), {3, -1, {}});
  adoptOther.statements[2] = {8, 1, {Argument::var(0)}};
  deep.statement = 2;
  EXPECT_FALSE(isPreconditionViolation(model, adoptOther, deep));
  // Destroying after a later call: the relation is not what the failure followed.
  Sequence thenReset = adoptSelf;
  thenReset.statements.push_back({2, 0, {}});
  deep.statement = 1;
  EXPECT_FALSE(isPreconditionViolation(model, thenReset, deep));
  EXPECT_FALSE(isPreconditionViolation(model, adoptSelf, abortWith(""))) << "no assert";
}

TEST(PreconditionsTest, ItsOwnReceiverUnderAnotherNameIsItsOwnReceiver) {
  // `Arena a; Arena &same = a.Self(); a.Adopt(&same)`: the run saw Self() return a again.
  const ClassModel model = arenaWithProducers();
  Sequence adoptAlias;
  adoptAlias.statements.push_back({3, -1, {}});
  adoptAlias.statements.push_back({6, 0, {}});
  adoptAlias.statements.push_back({8, 0, {Argument::var(1)}});
  Failure deep = abortWith(kDeepAssert);
  deep.statement = 2;
  std::vector<CallOutcome> calls(3);
  EXPECT_FALSE(isPreconditionViolation(model, adoptAlias, deep, calls)) << "another object";
  calls[1].sameAs = 0;
  EXPECT_TRUE(isPreconditionViolation(model, adoptAlias, deep, calls));
  // The probe gives the fresh receiver itself where the call was given its alias.
  Outcome outcome;
  outcome.calls = calls;
  outcome.failure = deep;
  const auto probe = freshReceiverProbe(model, adoptAlias, outcome);
  ASSERT_TRUE(probe);
  EXPECT_EQ(probe->sequence.statements[probe->call], (Statement{8, 0, {Argument::var(0)}}));
}

TEST(PreconditionsTest, AnObjectHandedOverToItselfIsTheTestsErrorWhateverItRunsInto) {
  // `void Arena::Adopt(Arena *other)` (8), `Arena &Arena::operator=(const Arena &)` (9) and an
  // upcast of an Arena to itself as its base (10).
  ClassModel model = arenaWithProducers();
  Parameter other;
  other.type.kind = TypeKind::Class;
  other.type.passing = Passing::Pointer;
  model.callables[8].params = {other};
  Callable assign = model.callables[8];
  assign.id = 9;
  assign.name = "operator=";
  assign.params[0].type.passing = Passing::ConstReference;
  model.callables.push_back(assign);
  Callable upcast = model.callables[6];
  upcast.id = 10;
  upcast.isUpcast = true;
  model.callables.push_back(upcast);
  const Failure nullMember{FailureKind::Sanitizer, 1,
                           "arena.cc:12:3: runtime error: member call on null pointer", ""};
  Sequence adoptSelf;
  adoptSelf.statements.push_back({3, -1, {}});
  adoptSelf.statements.push_back({8, 0, {Argument::var(0)}});
  EXPECT_TRUE(isPreconditionViolation(model, adoptSelf, nullMember));
  // `a = a` that breaks is a defect of the class: self-assignment must work.
  Sequence assignSelf = adoptSelf;
  assignSelf.statements[1].callable = 9;
  EXPECT_FALSE(isPreconditionViolation(model, assignSelf, nullMember));
  Sequence adoptOther;
  adoptOther.statements = {{3, -1, {}}, {3, -1, {}}, {8, 0, {Argument::var(1)}}};
  Failure later = nullMember;
  later.statement = 2;
  EXPECT_FALSE(isPreconditionViolation(model, adoptOther, later));
  // Handed the object its receiver was taken from (`a.Peek()->Adopt(&a)`: a container linked
  // into its own part); not another arena's part.
  Sequence adoptOwner;
  adoptOwner.statements = {{3, -1, {}}, {4, 0, {}}, {8, 1, {Argument::var(0)}}};
  EXPECT_TRUE(isPreconditionViolation(model, adoptOwner, later, std::vector<CallOutcome>(3)));
  // An assert reached so, in the call or destroying what it left (a cycle), is the test's too.
  Failure cycle = abortWith(kDeepAssert);
  cycle.statement = 2;
  cycle.whileDestroying = true;
  EXPECT_TRUE(isPreconditionViolation(model, adoptOwner, cycle, std::vector<CallOutcome>(3)));
  Sequence adoptStranger;
  adoptStranger.statements = {{3, -1, {}}, {3, -1, {}}, {4, 0, {}}, {8, 2, {Argument::var(1)}}};
  Failure third = nullMember;
  third.statement = 3;
  EXPECT_FALSE(isPreconditionViolation(model, adoptStranger, third, std::vector<CallOutcome>(4)));
  Failure strangerCycle = cycle;
  strangerCycle.statement = 3;
  EXPECT_FALSE(
      isPreconditionViolation(model, adoptStranger, strangerCycle, std::vector<CallOutcome>(4)));
  // Through an upcast, whose result is its receiver, at whatever address the run saw it.
  Sequence adoptUpcast;
  adoptUpcast.statements = {{3, -1, {}}, {10, 0, {}}, {8, 0, {Argument::var(1)}}};
  EXPECT_TRUE(isPreconditionViolation(model, adoptUpcast, later, std::vector<CallOutcome>(3)));
  // A later call failing on what the hand-over built (a node its own child: a recursion that
  // never ends, a delete of a node still linked), whatever the failure.
  Sequence afterAdoptingSelf = adoptSelf;
  afterAdoptingSelf.statements.push_back({2, 0, {}});
  Failure overflow{FailureKind::Sanitizer, 2, "AddressSanitizer: stack-overflow", ""};
  EXPECT_TRUE(isPreconditionViolation(model, afterAdoptingSelf, overflow));
  Failure abort = abortWith("arena.cc:9: Assertion `ok' failed.");
  abort.statement = 2;
  EXPECT_TRUE(isPreconditionViolation(model, afterAdoptingSelf, abort));
  // Not after an assignment to itself, nor after adopting another arena.
  Sequence afterAssigningSelf = assignSelf;
  afterAssigningSelf.statements.push_back({2, 0, {}});
  EXPECT_FALSE(isPreconditionViolation(model, afterAssigningSelf, overflow));
  Sequence afterAdoptingOther = adoptOther;
  afterAdoptingOther.statements.push_back({2, 0, {}});
  overflow.statement = 3;
  EXPECT_FALSE(isPreconditionViolation(model, afterAdoptingOther, overflow));
}

TEST(PreconditionsTest, AProbeMakesTheReceiverAfreshAndCallsItTheSameWay) {
  const ClassModel model = arenaWithProducers();
  const Sequence sequence = allocateOn(5);
  const Outcome outcome = failedAllocate(sequence, true);
  const auto probe = freshReceiverProbe(model, sequence, outcome);
  ASSERT_TRUE(probe);
  // The calls before but the original `Split()`, a `Split()` on the same arena again, then
  // `Allocate(7)` on what it made.
  ASSERT_EQ(probe->sequence.size(), 4u);
  EXPECT_EQ(probe->call, 3);
  for (int i = 0; i < 3; ++i)
    EXPECT_EQ(probe->sequence.statements[i], sequence.statements[i]);
  EXPECT_EQ(probe->sequence.statements[3], on(2, kAllocateSeven));

  Outcome probed;
  probed.failure = outcome.failure;
  probed.failure.statement = 3;
  EXPECT_TRUE(probeRepeatsFailure(*probe, outcome.failure, probed));
  Outcome passed;
  EXPECT_FALSE(probeRepeatsFailure(*probe, outcome.failure, passed));
  Outcome otherAssert = probed;
  otherAssert.failure.assertion = "arena.h:60: other";
  EXPECT_FALSE(probeRepeatsFailure(*probe, outcome.failure, otherAssert));
  Outcome earlier = probed;
  earlier.failure.statement = 2; // the fresh receiver's own making failed
  EXPECT_FALSE(probeRepeatsFailure(*probe, outcome.failure, earlier));
  Outcome destroying = probed;
  destroying.failure.whileDestroying = true; // not where the original failed
  EXPECT_FALSE(probeRepeatsFailure(*probe, outcome.failure, destroying));
}

TEST(PreconditionsTest, AProbeLeavesOutTheOriginalReceiverAndWhatUsedIt) {
  // `Arena a; Arena b; a.Reset(); b.Reset(); a.Allocate(7)`: a fresh arena made beside the
  // original may find what the original holds taken (a database's lock file); b stays.
  const ClassModel model = arenaWithProducers();
  Sequence twoArenas;
  twoArenas.statements = {{3, -1, {}}, {3, -1, {}}, {2, 0, {}}, {2, 1, {}}, on(0, kAllocateSeven)};
  Outcome outcome = failedAllocate(twoArenas, false);
  auto probe = freshReceiverProbe(model, twoArenas, outcome);
  ASSERT_TRUE(probe);
  ASSERT_EQ(probe->sequence.size(), 4u);
  EXPECT_EQ(probe->sequence.statements[0], (Statement{3, -1, {}}));
  EXPECT_EQ(probe->sequence.statements[1], (Statement{2, 0, {}}));
  EXPECT_EQ(probe->sequence.statements[2], (Statement{3, -1, {}}));
  EXPECT_EQ(probe->sequence.statements[3], on(2, kAllocateSeven));
  // `Arena a; Arena *s = a.Split(); a.Adopt(s)`: the call takes what the original made, which
  // no fresh arena makes for it: everything before it stays.
  Sequence adoptSplit;
  adoptSplit.statements = {{3, -1, {}}, {5, 0, {}}, {8, 0, {Argument::var(1)}}};
  outcome = failedAllocate(adoptSplit, false);
  probe = freshReceiverProbe(model, adoptSplit, outcome);
  ASSERT_TRUE(probe);
  ASSERT_EQ(probe->sequence.size(), 4u);
  EXPECT_EQ(probe->sequence.statements[1], adoptSplit.statements[1]);
  EXPECT_EQ(probe->sequence.statements[3], (Statement{8, 2, {Argument::var(1)}}));
}

TEST(PreconditionsTest, ANullTheReceiverWasMadeWithThatALaterCallRunsIntoIsTheTestsError) {
  // `Arena(const leveldb::Comparator *comparator)` (9) given null; `Allocate` (0) later calls a
  // method on the comparator it kept.
  ClassModel model = arenaWithProducers();
  Callable withComparator = model.callables[3];
  withComparator.id = static_cast<int>(model.callables.size());
  TypeDesc comparator;
  comparator.kind = TypeKind::Class;
  comparator.className = comparator.valueSpelling = "leveldb::Comparator";
  comparator.passing = Passing::ConstPointer;
  withComparator.params = {{"comparator", comparator}};
  model.callables.push_back(withComparator);
  Sequence sequence;
  sequence.statements = {{9, -1, {Argument::of(Value::null())}}, on(0, kAllocateSeven)};
  const Failure memberCall{FailureKind::Sanitizer, 1,
                           "dbformat.cc:52:29: runtime error: member call on null pointer of "
                           "type 'const leveldb::Comparator'",
                           ""};
  EXPECT_TRUE(isPreconditionViolation(model, sequence, memberCall));
  // Through an accessor of the object made with the null, too.
  Sequence accessed;
  accessed.statements = {{9, -1, {Argument::of(Value::null())}}, {4, 0, {}}, on(1, kAllocateSeven)};
  Failure deeper = memberCall;
  deeper.statement = 2;
  EXPECT_TRUE(isPreconditionViolation(model, accessed, deeper));
  // A null of another type is the code's own.
  Failure other = memberCall;
  other.detail =
      "arena.cc:3:1: runtime error: member call on null pointer of type 'leveldb::Block'";
  EXPECT_FALSE(isPreconditionViolation(model, sequence, other));
  // Made without a null, the null is the code's own too.
  Sequence madeWithNone;
  madeWithNone.statements = {{3, -1, {}}, on(0, kAllocateSeven)};
  EXPECT_FALSE(isPreconditionViolation(model, madeWithNone, memberCall));
}

TEST(PreconditionsTest, AnAccessorsReceiverIsMadeAfreshFromItsNearestFreshAncestor) {
  const ClassModel model = arenaWithProducers();
  // `Peek()` changed nothing: its pointer may be one it returned before, so the probe makes a
  // new arena and peeks into that one: `Arena a2; Arena *p2 = a2.Peek(); p2->Allocate(7)`,
  // without the original arena and what was called on it.
  for (int accessor : {4, 6}) {
    const auto probe = freshReceiverProbe(model, allocateOn(accessor),
                                          failedAllocate(allocateOn(accessor), false));
    ASSERT_TRUE(probe) << accessor;
    ASSERT_EQ(probe->sequence.size(), 3u) << accessor;
    EXPECT_EQ(probe->sequence.statements[0], (Statement{3, -1, {}}));
    EXPECT_EQ(probe->sequence.statements[1], (Statement{accessor, 0, {}}));
    EXPECT_EQ(probe->sequence.statements[2], on(1, kAllocateSeven));
    EXPECT_EQ(probe->call, 2);
  }
  // A static accessor's pointer has no fresh ancestor to make it from.
  EXPECT_FALSE(freshReceiverProbe(model, allocateOn(7), failedAllocate(allocateOn(7), false)));
}

TEST(PreconditionsTest, AReadiedReceiverKeepsTheCallsItsAncestorHadBeforeTheAccessor) {
  const ClassModel model = arenaWithProducers();
  // `Arena a2; a2.<call 2>(); Arena *p2 = a2.Peek(); p2->Allocate(7)`: the ancestor gets the
  // call it had before the receiver was taken from it (a document parsed before its root
  // element is asked for), which the fresh receiver's probe leaves out.
  const auto probe =
      readiedReceiverProbe(model, allocateOn(4), failedAllocate(allocateOn(4), false));
  ASSERT_TRUE(probe);
  ASSERT_EQ(probe->sequence.size(), 4u);
  EXPECT_EQ(probe->sequence.statements[0], (Statement{3, -1, {}}));
  EXPECT_EQ(probe->sequence.statements[1], (Statement{2, 0, {}}));
  EXPECT_EQ(probe->sequence.statements[2], (Statement{4, 0, {}}));
  EXPECT_EQ(probe->sequence.statements[3], on(2, kAllocateSeven));
  EXPECT_EQ(probe->call, 3);
  // Nothing readied the ancestor: the fresh receiver's probe says all.
  Sequence direct = allocateOn(4);
  direct.statements.erase(direct.statements.begin() + 1);
  direct.statements[1].receiver = 0;
  direct.statements[2].receiver = 1;
  Outcome outcome = failedAllocate(direct, false);
  outcome.failure.statement = 2;
  EXPECT_FALSE(readiedReceiverProbe(model, direct, outcome));
}

TEST(PreconditionsTest, AReceiverReturnedAgainIsMadeAfreshWhereItWasFirstMade) {
  const ClassModel model = arenaWithProducers();
  // `Arena a; Arena b; a.Reset(); Arena *p = a.Peek(); Arena *q = b.Peek(); q->Allocate(7)`,
  // the run having seen `b.Peek()` return p again (as `doc.InsertEndChild(clone)` returns the
  // clone it was given): q is p, made from the readied a, not from b.
  Sequence sequence;
  sequence.statements = {{3, -1, {}}, {3, -1, {}}, {2, 0, {}},
                         {4, 0, {}},  {4, 1, {}},  on(4, kAllocateSeven)};
  Outcome outcome;
  outcome.calls.resize(sequence.size());
  outcome.calls[4].sameAs = 3;
  outcome.failure = abortWith(kDeepAssert);
  outcome.failure.statement = 5;
  const auto probe = readiedReceiverProbe(model, sequence, outcome);
  ASSERT_TRUE(probe);
  // `Arena b; Arena *q = b.Peek(); Arena a2; a2.Reset(); Arena *p2 = a2.Peek(); p2->Allocate(7)`
  ASSERT_EQ(probe->sequence.size(), 6u);
  EXPECT_EQ(probe->sequence.statements[2], (Statement{3, -1, {}}));
  EXPECT_EQ(probe->sequence.statements[3], (Statement{2, 2, {}}));
  EXPECT_EQ(probe->sequence.statements[4], (Statement{4, 2, {}}));
  EXPECT_EQ(probe->sequence.statements[5], on(4, kAllocateSeven));
  EXPECT_EQ(probe->call, 5);
}

TEST(PreconditionsTest, AFreshReceiverIsUpcastAsTheOriginalWas) {
  ClassModel model = arenaWithProducers();
  Callable upcast;
  upcast.id = static_cast<int>(model.callables.size());
  upcast.kind = CallableKind::Method;
  upcast.name = "static_cast<Allocator &>";
  upcast.isUpcast = true;
  upcast.returnType.kind = TypeKind::Class;
  upcast.returnType.passing = Passing::Reference;
  model.callables.push_back(upcast);
  // `Arena a; a.Reset(); Allocator &up = a; up.Allocate(7)`: the call is the base's, so the
  // fresh arena is upcast too (`Arena a2; Allocator &up2 = a2; up2.Allocate(7)`).
  // The driver sees the upcast return the arena itself (sameAs), as it does any pointer to an
  // earlier object; so does a method returning the object as another class.
  Callable asBase = upcast;
  asBase.id = upcast.id + 1;
  asBase.name = "AsAllocator";
  asBase.isUpcast = false;
  asBase.returnType.className = "leveldb::Allocator";
  model.callables.push_back(asBase);
  model.callables[3].owner = "leveldb::Arena";
  for (int through : {upcast.id, asBase.id}) {
    Sequence sequence;
    sequence.statements = {{3, -1, {}}, {2, 0, {}}, {through, 0, {}}, on(2, kAllocateSeven)};
    Outcome outcome = failedAllocate(sequence, false);
    outcome.calls[2].sameAs = 0;
    const auto probe = freshReceiverProbe(model, sequence, outcome);
    ASSERT_TRUE(probe) << through;
    ASSERT_EQ(probe->sequence.size(), 3u) << through;
    EXPECT_EQ(probe->sequence.statements[0], (Statement{3, -1, {}}));
    EXPECT_EQ(probe->sequence.statements[1], (Statement{through, 0, {}}));
    EXPECT_EQ(probe->sequence.statements[2], on(1, kAllocateSeven));
    EXPECT_EQ(probe->call, 2);
  }
}

TEST(PreconditionsTest, ACallGivenItsOwnReceiverIsProbedOnTheFreshOneGivenItself) {
  const ClassModel model = arenaWithProducers();
  Sequence adoptSelf;
  adoptSelf.statements.push_back({3, -1, {}});
  adoptSelf.statements.push_back({8, 0, {Argument::var(0)}});
  Outcome outcome = failedAllocate(allocateOn(5), false);
  outcome.calls.resize(2);
  outcome.failure.statement = 1;
  outcome.failure.whileDestroying = true; // after the last call: that call's, if it repeats
  const auto probe = freshReceiverProbe(model, adoptSelf, outcome);
  ASSERT_TRUE(probe);
  // `Arena a2; a2.Adopt(&a2);`
  ASSERT_EQ(probe->sequence.size(), 2u);
  EXPECT_EQ(probe->sequence.statements[0], (Statement{3, -1, {}}));
  EXPECT_EQ(probe->sequence.statements[1], (Statement{8, 0, {Argument::var(0)}}));
  Outcome probed;
  probed.failure = outcome.failure;
  probed.failure.statement = 1;
  EXPECT_TRUE(probeRepeatsFailure(*probe, outcome.failure, probed));
  // While destroying after an earlier call: no call to blame.
  adoptSelf.statements.push_back({2, 0, {}});
  outcome.calls.resize(3);
  EXPECT_FALSE(freshReceiverProbe(model, adoptSelf, outcome));
}

TEST(PreconditionsTest, NoProbeForWhatIsNoFailedAssertInACall) {
  const ClassModel model = arenaWithProducers();
  Sequence onTheArena = allocateOn(5);
  onTheArena.statements[3].receiver = 0;
  EXPECT_TRUE(freshReceiverProbe(model, onTheArena, failedAllocate(onTheArena, false)));
  Outcome crash = failedAllocate(onTheArena, false);
  crash.failure.kind = FailureKind::Crash;
  EXPECT_FALSE(freshReceiverProbe(model, onTheArena, crash));
  Outcome plainAbort = failedAllocate(onTheArena, false);
  plainAbort.failure.assertion.clear();
  EXPECT_FALSE(freshReceiverProbe(model, onTheArena, plainAbort));
  // A constructor has no receiver (and its asserts are its precondition by the static rules).
  Sequence construct;
  construct.statements.push_back({3, -1, {}});
  Outcome constructFailed = failedAllocate(allocateOn(5), false);
  constructFailed.calls.resize(1);
  constructFailed.failure.statement = 0;
  EXPECT_FALSE(freshReceiverProbe(model, construct, constructFailed));
}

/// `Arena a; a.Reset(); a.Allocate(nullptr)`, with Allocate taking a C string.
Sequence givenANullString() {
  Sequence sequence;
  sequence.statements.push_back({3, -1, {}});
  sequence.statements.push_back({2, 0, {}});
  sequence.statements.push_back({0, 0, {Argument::of(Value::null())}});
  return sequence;
}

/// UBSan's null report in the last call of `sequence`, in an inline helper of a header.
Outcome nullReportIn(const Sequence &sequence) {
  Outcome outcome;
  outcome.calls.resize(sequence.size());
  outcome.failure = {FailureKind::Sanitizer, static_cast<int>(sequence.size()) - 1,
                     "tinyxml2.h:2345:62: runtime error: null pointer passed as argument 1, which "
                     "is declared to never be null",
                     "", ""};
  return outcome;
}

TEST(PreconditionsTest, ANullAMethodRunsIntoInAHeaderIsProbedOnAFreshReceiver) {
  // `XMLPrinter p; p.OpenElement(nullptr)`: UBSan's report lands in an inline helper of the
  // header, not the method's own file; the same null on a fresh printer tells.
  ClassModel model = arenaWithProducers();
  model.callables[0].params[0].type.kind = TypeKind::CString;
  Sequence sequence = givenANullString();
  Outcome outcome = nullReportIn(sequence);
  EXPECT_FALSE(isPreconditionViolation(model, sequence, outcome.failure, outcome.calls));
  const auto probe = freshReceiverProbe(model, sequence, outcome);
  ASSERT_TRUE(probe);
  ASSERT_EQ(probe->sequence.size(), 2u);
  EXPECT_EQ(probe->sequence.statements[1], (Statement{0, 0, {Argument::of(Value::null())}}));
  Outcome probed;
  probed.failure = outcome.failure;
  probed.failure.statement = 1;
  EXPECT_TRUE(probeRepeatsFailure(*probe, outcome.failure, probed));
  probed.failure.detail = "tinyxml2.h:90:1: runtime error: null pointer passed as argument 2";
  EXPECT_FALSE(probeRepeatsFailure(*probe, outcome.failure, probed));
  // ASan's SEGV repeats at other registers.
  outcome.failure.detail = "AddressSanitizer: SEGV on unknown address 0x000000000000 (pc 0x1 bp "
                           "0x2 sp 0x3 T0)";
  probed.failure.detail = "AddressSanitizer: SEGV on unknown address 0x000000000000 (pc 0x9 bp "
                          "0x8 sp 0x7 T0)";
  ASSERT_TRUE(freshReceiverProbe(model, sequence, outcome));
  EXPECT_TRUE(probeRepeatsFailure(*probe, outcome.failure, probed));
  // Given no null, a null report is the receiver's history's: no probe.
  sequence.statements[2].args[0] = Argument::of(Value::string("a"));
  EXPECT_FALSE(freshReceiverProbe(model, sequence, outcome));
}

TEST(PreconditionsTest, ANullStringTheCallRanIntoIsProbedWithAString) {
  // `p.OpenElement("e"); p.PushAttribute(nullptr)`: a fresh printer would not have the element
  // open; the same calls with a string for the null pass, so the null was what failed.
  ClassModel model = arenaWithProducers();
  model.callables[0].params[0].type.kind = TypeKind::CString;
  Sequence sequence = givenANullString();
  const Outcome outcome = nullReportIn(sequence);
  const auto probe = nonNullProbe(model, sequence, outcome);
  ASSERT_TRUE(probe);
  EXPECT_EQ(probe->tells, PreconditionProbe::Tells::NoFailure);
  EXPECT_EQ(probe->call, 2);
  ASSERT_EQ(probe->sequence.size(), 3u);
  EXPECT_EQ(probe->sequence.statements[1], sequence.statements[1]);
  EXPECT_EQ(probe->sequence.statements[2], (Statement{0, 0, {Argument::of(Value::string("x"))}}));
  EXPECT_TRUE(probeRepeatsFailure(*probe, outcome.failure, Outcome{}));
  Outcome stillFails;
  stillFails.failure = outcome.failure;
  EXPECT_FALSE(probeRepeatsFailure(*probe, outcome.failure, stillFails));
  Outcome destroying = stillFails; // the call returned; destroying what it left failed
  destroying.failure.whileDestroying = true;
  EXPECT_TRUE(probeRepeatsFailure(*probe, outcome.failure, destroying));
  // It comes first among the probes.
  const std::vector<PreconditionProbe> probes = preconditionProbes(model, sequence, outcome);
  ASSERT_EQ(probes.size(), 2u);
  EXPECT_EQ(probes[0].tells, PreconditionProbe::Tells::NoFailure);
  EXPECT_EQ(probes[1].tells, PreconditionProbe::Tells::SameFailure);
  // No null string given, or no null dereference: nothing to replace.
  Outcome overflow = outcome;
  overflow.failure.detail = "AddressSanitizer: heap-buffer-overflow on address 0x6";
  EXPECT_FALSE(nonNullProbe(model, sequence, overflow));
  sequence.statements[2].args[0] = Argument::of(Value::string("a"));
  EXPECT_FALSE(nonNullProbe(model, sequence, outcome));
}

} // namespace
} // namespace unitgen
