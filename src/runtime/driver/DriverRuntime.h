// DriverRuntime: what a generated driver calls — argument decoding, the object pool, result
// recording — and the tables through which the serve loop runs the generated actions.
#pragma once

#include "driver/ObjectProfile.h"
#include "driver/Protocol.h"
#include "driver/StateWalker.h"
#include "driver/ValueEncoding.h"
#include "symbolic/SymRuntime.h"

#include <algorithm>
#include <array>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <deque>
#include <memory>
#include <new>
#include <optional>
#include <sstream>
#include <string>
#include <string_view>
#include <tuple>
#include <type_traits>
#include <utility>
#include <variant>
#include <vector>

namespace unitgen_rt {

struct ArgValue {
  uint8_t tag = unitgen_protocol::ArgNull;
  int64_t i = 0;
  uint64_t u = 0;
  double f = 0;
  std::string s;
  int32_t var = -1;
  std::vector<ArgValue> items; ///< ArgList: a container's elements (a map's as key-value lists)
};

/// An edge of the code under test and how often it ran (saturating at 255).
struct EdgeHits {
  uint32_t id = 0;
  uint32_t hits = 0;
};

/// What the coverage hooks saw: edges, operands the code compared, and the boundary probes
/// whose comparison had equal operands (source line << 32 | site).
struct CoverageRecord {
  std::vector<EdgeHits> edges;
  std::vector<int64_t> compared;
  std::vector<uint64_t> boundaries;
  void append(const CoverageRecord &other) {
    edges.insert(edges.end(), other.edges.begin(), other.edges.end());
    compared.insert(compared.end(), other.compared.begin(), other.compared.end());
    boundaries.insert(boundaries.end(), other.boundaries.begin(), other.boundaries.end());
  }
};

struct Stmt {
  int32_t index = 0;
  int32_t callable = 0;
  int32_t receiver = -1;
  std::vector<ArgValue> args;
};

/// Thrown by the runner (never by user code) when a receiver or argument object does not exist:
/// the statement is reported as not run.
struct NotRunSignal {};

class Runner;
using ActionFn = void (*)(Runner &, const Stmt &);
using ObserveFn = void (*)(Runner &, const void *object);
using CheckFn = bool (*)(const void *object);
/// Runs the user's theories of an object's class and its bases (unitgen/theory.h): false, with
/// the first violated theory's name and its violation, or true.
using TheoryFn = bool (*)(const void *object, std::string &theory, std::string &violation);
/// Copy-constructs the object, returns the copy's canonical hash; sets `equal` to `copy == orig`
/// (true when the class has no operator==).
using CopyFn = uint64_t (*)(const void *object, StateWalker &walker, bool &equal);

struct ObserverInfo {
  int callable;
  ObserveFn fn;
  /// The public invariant, asserted like an observer: in a valid state its branches can only
  /// go one way, so symbolic-state exploration does not explore them.
  bool isInvariant;
};

struct TypeInfo {
  const char *name;
  WalkFn walk;
  uint64_t (*profile)(const void *); ///< the abstract object profile (driver/ObjectProfile.h)
  CheckFn invariant;                 ///< null: no invariant
  const char *invariantName;
  CheckFn selfEqual; ///< `a == a`; null: no operator==
  CopyFn copy;       ///< null: not copyable
  const ObserverInfo *observers;
  int numObservers;
  TheoryFn theories; ///< null: no theory of the class linked in
};

struct ActionInfo {
  const char *name;
  ActionFn fn;
  int receiverType; ///< type of the receiver, -1 for constructors, statics and free functions
  /// A const method given no object it may change (keepsReceiverState in the generator): its
  /// receiver's state must be the same after the call.
  bool keepsReceiverState;
};

struct DriverTables {
  const ActionInfo *actions;
  int numActions;
  const TypeInfo *types;
  int numTypes;
};

/// The symbolic runtime's entry points. Concolic drivers link SymDriverHooks.cpp, which
/// registers them; other drivers have none and run symbolic requests concretely.
struct SymbolicHooks {
  void (*begin)(bool floats);
  void (*statement)(int32_t index);
  void (*suspend)(); ///< end of the statements: checks and destructors run concretely
  void (*resume)();  ///< after a check between statements
  /// StateWalker::Probe and the shape of the walked state (symbolic-state requests).
  bool (*probeState)(const void *addr, unsigned size);
  void (*recordShape)(uint64_t shape);
  void (*finish)(unitgen_protocol::Writer &log); ///< appends the RecordSymbolic record
};
void registerSymbolicHooks(const SymbolicHooks *hooks);

/// While it lives, the request is in PhaseMockArgument (restored after): a crash, an abort or a
/// sanitizer report while the driver reads a mock's argument is no failure of the code under
/// test.
struct MockArgumentPhase {
  MockArgumentPhase();
  ~MockArgumentPhase();
  MockArgumentPhase(const MockArgumentPhase &) = delete;
  MockArgumentPhase &operator=(const MockArgumentPhase &) = delete;
  int32_t before;
};

/// `T` as written: a parameter of any type (`void (*)(int)`, `const int (&)[3]`) named as
/// `Spelled<T> name`.
template <typename T> using Spelled = T;

/// Runs one request's statements: owns the object pool and appends records to the log.
class Runner : public ValueEncoder {
public:
  explicit Runner(const DriverTables &tables) : tables_(tables) {
    for (int t = 0; t < tables.numTypes; ++t)
      theoriesLinked_ = theoriesLinked_ || tables.types[t].theories;
  }

  /// Argument `value` of a call of a mock's method, as the log records it: ArgAbsent when no
  /// test could assert it (a NaN, a string longer than the log carries).
  template <typename T> static EncodedValue mockArgument(const T &value) {
    return recordedValue(value);
  }
  static EncodedValue mockArgument(const char *value) {
    const MockArgumentPhase reading;
    return value ? mockArgument(std::string(value)) : EncodedValue{};
  }
  /// An argument of a mock's call the driver does not read (MockArguments.h).
  static EncodedValue unreadArgument() { return absent(); }
  /// What `read` returns (an observer's text of a mock's argument), unread when it throws.
  template <typename Read> static EncodedValue mockArgumentRead(Read read) {
    const MockArgumentPhase reading;
    try {
      return mockArgument(read());
    } catch (...) {
      return unreadArgument();
    }
  }

  // --- called by generated actions -------------------------------------------------------
  template <typename T> T &receiver(const Stmt &s, int type) {
    return *static_cast<T *>(slotObject(s.receiver, type));
  }
  template <typename T> T *object(const Stmt &s, size_t arg, int type) {
    const ArgValue &a = s.args.at(arg);
    if (a.tag == unitgen_protocol::ArgNull)
      return nullptr;
    if (a.tag != unitgen_protocol::ArgVariable)
      throw NotRunSignal{};
    return static_cast<T *>(slotObject(a.var, type));
  }
  template <typename T> T arg(const Stmt &s, size_t index) { return valueOf<T>(s.args.at(index)); }
  /// A string argument that lives until the sequence's objects are destroyed: a constructor
  /// may keep a view of it, as the emitted test's named local lets it.
  std::string &keptString(const Stmt &s, size_t index) {
    keptStrings_.push_back(arg<std::string>(s, index));
    return keptStrings_.back();
  }
  /// A container argument that lives until the sequence's objects are destroyed, as
  /// keptString: a constructor may keep a reference to it.
  template <typename T> T &keptContainer(const Stmt &s, size_t index) {
    auto kept = std::make_shared<T>(arg<T>(s, index));
    keptValues_.push_back(kept);
    return *kept;
  }
  /// `value`, kept until the sequence's objects are destroyed (a stream argument an object may
  /// keep).
  template <typename T> T &kept(std::shared_ptr<T> value) {
    keptValues_.push_back(value);
    return *value;
  }
  /// The elements of array argument `index` (TypeKind::Array), exactly as many as it has (one
  /// value-initialized element for none, as the test declares `uint8_t data[1] = {};`, so that
  /// it has an address), kept until the sequence's objects are destroyed: an object may keep a
  /// view of them. Each element is made from its value as type `From`: itself, or what a
  /// class's converting constructor takes (a `const char *` points into a kept string,
  /// keptString's).
  template <typename T, typename From = T> T *array(const Stmt &s, size_t index) {
    const std::vector<ArgValue> &items = s.args.at(index).items;
    const size_t count = std::max<size_t>(items.size(), 1);
    // Exactly `count` elements where there are any: a read past them is a sanitizer report.
    auto *elements =
        static_cast<T *>(::operator new(sizeof(T) * count, std::align_val_t(alignof(T))));
    if (items.empty())
      new (elements) T();
    for (size_t k = 0; k < items.size(); ++k)
      new (elements + k) T(element<T, From>(items[k]));
    keptValues_.push_back(std::shared_ptr<void>(elements, [count](void *p) {
      for (size_t k = 0; k < count; ++k)
        static_cast<T *>(p)[k].~T();
      ::operator delete(p, std::align_val_t(alignof(T)));
    }));
    return elements;
  }
  /// Container argument `index` of objects (`std::vector<leveldb::Slice>`,
  /// TypeDesc::holdsObjects), each made from its value as type `From`, as array's are; kept
  /// until the sequence's objects are destroyed, as the texts its objects may view are.
  template <typename C, typename From> C &objects(const Stmt &s, size_t index) {
    auto kept = std::make_shared<C>();
    for (const ArgValue &item : s.args.at(index).items)
      kept->insert(kept->end(), element<typename C::value_type, From>(item));
    keptValues_.push_back(kept);
    return *kept;
  }
  /// An object of class T made from `item` as type `From` (a `const char *` points into a kept
  /// string, keptString's); `item` itself when T is From.
  template <typename T, typename From> T element(const ArgValue &item) {
    if constexpr (std::is_same_v<From, const char *>)
      return T(keptStrings_.emplace_back(valueOf<std::string>(item)).c_str());
    else
      return T(valueOf<From>(item));
  }
  /// The number of elements of array argument `index`: what its length parameter is given.
  size_t arraySize(const Stmt &s, size_t index) const { return s.args.at(index).items.size(); }
  /// Whether `length` bytes fit in the `const char*` argument `data` (isBufferLength in the
  /// engine's model): a longer length, or a null pointer, is the caller's error, not a
  /// behaviour to test.
  template <typename N> bool bufferFits(const Stmt &s, size_t data, N length) {
    const ArgValue &a = s.args.at(data);
    if (a.tag == unitgen_protocol::ArgNull) // the data is made with its length: never null
      return false;
    const uint64_t size = a.s.size();
    if constexpr (std::is_signed_v<N>)
      if (length < 0)
        return false;
    return static_cast<uint64_t>(length) <= size;
  }
  /// The chars of a `char *` buffer argument, zeroed, as many as the integer argument
  /// `lengthIndex` after it says (at least one, so that a zero length has an address); a
  /// negative length or one above `maxChars` (kMaxOutputBuffer in the engine's model) is never
  /// run.
  char *outputBuffer(const Stmt &s, size_t lengthIndex, uint64_t maxChars) {
    const ArgValue &a = s.args.at(lengthIndex);
    const bool fits = a.tag == unitgen_protocol::ArgUInt
                          ? a.u <= maxChars
                          : a.i >= 0 && static_cast<uint64_t>(a.i) <= maxChars;
    if (!fits)
      throw NotRunSignal{};
    const size_t length = a.tag == unitgen_protocol::ArgUInt ? a.u : static_cast<size_t>(a.i);
    // Exactly `length` chars where there are any: a write past them is a sanitizer report.
    buffers_.emplace_back(length > 0 ? length : 1, '\0');
    return buffers_.back().data();
  }
  /// The chars of a `char *` buffer argument with no length after it, `chars` of them, zeroed.
  /// Its own function, never inlined: a sanitizer report of a write past them names it where
  /// the memory was allocated (Executor: the test's error, as the size is the test's guess).
  __attribute__((noinline)) char *unsizedBuffer(size_t chars) {
    buffers_.emplace_back(chars, '\0');
    return buffers_.back().data();
  }
  /// Reports what a buffer holds after the call: its text up to the terminator, or all of its
  /// `length` chars when there is none.
  template <typename N> void outputBufferText(int parameter, const char *buffer, N length) {
    const size_t size = length > 0 ? static_cast<size_t>(length) : 0;
    output(parameter, std::string(buffer, strnlen(buffer, size)));
  }
  /// A `FILE *` argument: null, or a file in the driver's folder (its scratch folder) holding
  /// the argument's text, open for reading and writing from its start. Its name is removed at
  /// once; the file is closed after the sequence's objects are destroyed, as they may keep it.
  std::FILE *file(const Stmt &s, size_t index);
  /// Reports the text file `file` (a `FILE *` argument) holds after the call, wherever the
  /// call left its position; nothing for a null one.
  void fileOutput(int parameter, std::FILE *file);
  /// A `std::ostream&` argument: an empty stream kept until the sequence's objects are
  /// destroyed, whose text later calls may change (a logger keeps it).
  std::ostringstream &outputStream();
  /// Reports the text stream `stream` (an outputStream) holds after the call.
  void streamOutput(int parameter, const std::ostringstream &stream);
  /// A `void *` argument: the token a test passes (`reinterpret_cast<void *>(3)`), or null.
  void *userData(const Stmt &s, size_t index) {
    const ArgValue &a = s.args.at(index);
    if (a.tag == unitgen_protocol::ArgNull)
      return nullptr;
    return reinterpret_cast<void *>(
        static_cast<uintptr_t>(a.tag == unitgen_protocol::ArgUInt ? a.u : a.i));
  }
  /// A function pointer argument: the driver's counting function for it (callbackCalled), or
  /// null.
  template <typename F> F callback(const Stmt &s, size_t index, F counting) {
    return s.args.at(index).tag == unitgen_protocol::ArgNull ? nullptr : counting;
  }
  const char *cstr(const Stmt &s, size_t index) {
    const ArgValue &a = s.args.at(index);
    return a.tag == unitgen_protocol::ArgNull ? nullptr : a.s.c_str();
  }
  /// In a symbolic request, makes a decoded argument symbolic input bytes (the actions of
  /// concolic drivers call it): integers, bools, chars and enums; floats only with
  /// FlagSymbolicFloat; the bytes (not the length) of strings; the value of an optional.
  template <typename T> void symbolic(T &value, const Stmt &s, size_t index) {
    auto argument = static_cast<int32_t>(index);
    if (!symbolic_)
      return;
    if constexpr (std::is_floating_point_v<T>) {
      if (symbolicFloats_ && (sizeof(T) == 4 || sizeof(T) == 8))
        makeSymbolic(&value, sizeof value, s.index, argument);
    } else if constexpr (std::is_same_v<T, bool>) {
      makeSymbolic(&value, sizeof value, s.index, argument, InputDomain::Bool);
    } else if constexpr (std::is_integral_v<T> || std::is_enum_v<T>) {
      makeSymbolic(&value, sizeof value, s.index, argument);
    } else if constexpr (std::is_same_v<T, std::string>) {
      makeSymbolic(value.data(), value.size(), s.index, argument);
    } else if constexpr (std::is_same_v<T, const char *>) {
      if (value)
        makeSymbolic(value, std::strlen(value), s.index, argument, InputDomain::NonZero);
    } else if constexpr (isContainer<T> || IsPair<T>::value || IsTuple<T>::value ||
                         IsVariant<T>::value) {
      // A container's elements stay concrete: its size decides how many inputs there are.
    } else if (value) { // std::optional
      symbolic(*value, s, index);
    }
  }

  void returnedVoid() {}
  template <typename T> void returned(const T &value) {
    // A `void *` result is asserted only as a token a test gave: an address is not the same in
    // every run.
    if constexpr (isUntypedPointer<T>())
      if (reinterpret_cast<uintptr_t>(value) >= kMaxUserDataToken)
        return;
    encodeValue(result_, value);
    // A container too long or with a NaN, a string longer than the log carries: left
    // unasserted, as if the call returned nothing.
    hasResult_ = recordable<T>(result_);
  }
  void returned(const char *value) {
    if (value)
      returned(std::string(value));
    else
      returned(std::nullopt);
  }
  /// What out-parameter `parameter` (a local the call was given by address or reference)
  /// holds after the call.
  template <typename T> void output(int parameter, const T &value) {
    outputs_.emplace_back();
    outputs_.back().first = static_cast<uint8_t>(parameter);
    encodeValue(outputs_.back().second, value);
    if (!recordable<T>(outputs_.back().second))
      outputs_.pop_back(); // too long or with a NaN: not asserted
  }
  void output(int parameter, const char *value) {
    if (value)
      output(parameter, std::string(value));
    else
      output(parameter, std::nullopt);
  }
  /// Whether the process runs more threads than when the sequence started: the call that just
  /// returned left one of the code under test's running (kThreadLeftRunning).
  bool leftAThreadRunning() const;
  /// Runs the observers of class `type` on `object`, what a call returned besides the object
  /// it made through a `T **`: each value an output from kFirstResultObservation on.
  void observeResult(int type, const void *object);
  void storeOwned(int type, void *object, void (*destroy)(void *));
  void storeBorrowed(int type, void *object);
  /// What a call returned in a `std::shared_ptr`: the statement's object, held by it.
  template <typename T> void storeShared(int type, std::shared_ptr<T> object) {
    storeBorrowed(type, const_cast<std::remove_const_t<T> *>(object.get()));
    pendingSlot_.owner = std::move(object);
  }
  /// Argument `arg` as a `std::shared_ptr<T>`: sharing the object with the `std::shared_ptr` a
  /// call returned it in; else a shared copy of it (the test's `std::make_shared<T>(object)`),
  /// never run for a class without a copy; null for none.
  template <typename T> std::shared_ptr<T> shared(const Stmt &s, size_t arg, int type) {
    T *object = this->object<T>(s, arg, type);
    if (!object)
      return nullptr;
    for (const Slot &slot : slots_)
      if (slot.owner && slot.object == static_cast<void *>(object))
        return std::shared_ptr<T>(slot.owner, object);
    if constexpr (std::is_copy_constructible_v<T> && !std::is_abstract_v<T>)
      return std::make_shared<T>(*object);
    else
      throw NotRunSignal{};
  }
  template <typename T> void observed(const T &value) { returned(value); }

  // --- called by the serve loop ----------------------------------------------------------
  /// Runs all statements, the end-of-sequence checks and the destructors, and logs everything.
  /// Coverage counts the statements and destructors, not the checks: a test that does not
  /// call an observer must not be credited with the observer's edges. The checks pass over
  /// the objects of `stale` (views of what changed since; their bytes may be freed).
  void run(const std::vector<Stmt> &statements, const std::vector<int32_t> &stale, uint32_t flags,
           unitgen_protocol::Writer &log, unitgen_protocol::ShmHeader &header);
  void destroyAll(unitgen_protocol::ShmHeader &header);

private:
  struct Slot {
    int type = -1;
    void *object = nullptr;
    void (*destroy)(void *) = nullptr;
    /// An object a call returned in a `std::shared_ptr`: released with the slot, as the test's
    /// local goes out of scope.
    std::shared_ptr<void> owner;
  };

  void *slotObject(int var, int type);
  /// The first earlier variable holding the object a borrowed result `var` points to (the same
  /// node reached again through an accessor); -1 when it is new to the sequence.
  int32_t earlierSlotHolding(int var) const;
  /// The value an argument (or an element of a container argument) encodes, as type T: a
  /// number, bool, enum, string, std::optional of one, or a container built from its elements'
  /// values as a test's braced list does (a map's entries from key-value lists).
  template <typename T> static T valueOf(const ArgValue &a) {
    if constexpr (std::is_same_v<T, bool>) {
      return a.i != 0;
    } else if constexpr (std::is_enum_v<T>) {
      return static_cast<T>(a.i);
    } else if constexpr (std::is_integral_v<T>) {
      return a.tag == unitgen_protocol::ArgUInt ? static_cast<T>(a.u) : static_cast<T>(a.i);
    } else if constexpr (std::is_floating_point_v<T>) {
      return static_cast<T>(a.f);
    } else if constexpr (std::is_same_v<T, std::string>) {
      return a.s;
    } else if constexpr (IsPair<T>::value) {
      static const ArgValue none;
      const ArgValue &first = a.items.size() > 0 ? a.items[0] : none;
      const ArgValue &second = a.items.size() > 1 ? a.items[1] : none;
      return T(valueOf<std::remove_const_t<typename T::first_type>>(first),
               valueOf<typename T::second_type>(second));
    } else if constexpr (IsTuple<T>::value) {
      T tuple{};
      size_t k = 0;
      std::apply(
          [&](auto &...element) {
            ((element = k < a.items.size() ? valueOf<std::decay_t<decltype(element)>>(a.items[k])
                                           : std::decay_t<decltype(element)>{},
              ++k),
             ...);
          },
          tuple);
      return tuple;
    } else if constexpr (IsFixedArray<T>::value) {
      T array{};
      for (size_t k = 0; k < array.size() && k < a.items.size(); ++k)
        array[k] = valueOf<typename T::value_type>(a.items[k]);
      return array;
    } else if constexpr (isContainer<T>) {
      T container;
      for (const ArgValue &item : a.items)
        container.insert(container.end(), valueOf<typename T::value_type>(item));
      return container;
    } else if constexpr (IsVariant<T>::value) { // the alternative's index, then its value
      static const ArgValue none;
      const size_t index = a.items.empty() ? 0
                           : a.items[0].tag == unitgen_protocol::ArgUInt
                               ? static_cast<size_t>(a.items[0].u)
                               : static_cast<size_t>(a.items[0].i);
      return variantOf<T>(index, a.items.size() > 1 ? a.items[1] : none,
                          std::make_index_sequence<std::variant_size_v<T>>{});
    } else { // std::optional
      if (a.tag == unitgen_protocol::ArgNull)
        return std::nullopt;
      return T(valueOf<typename T::value_type>(a));
    }
  }
  /// Variant `T` holding alternative `index` made from `value` (the first, value-initialized,
  /// for an index past them).
  template <typename T, size_t... I>
  static T variantOf(size_t index, const ArgValue &value, std::index_sequence<I...>) {
    T variant{};
    ((index == I
          ? (variant.template emplace<I>(valueOf<std::variant_alternative_t<I, T>>(value)), 0)
          : 0),
     ...);
    return variant;
  }
  /// The arguments of the calls through mock method slot `slot` on the mock of statement
  /// `object` during the current statement (mockArguments), as RecordCall carries them.
  static void writeMockArguments(unitgen_protocol::Writer &log, int32_t slot, int32_t object);
  uint64_t stateOf(int var);
  /// Observers of `vars` (recorded, must not change state); false after a failure.
  bool runObservers(const std::vector<int> &vars, int lastStatement, bool observerCoverage,
                    unitgen_protocol::Writer &log);
  /// Hash of the edges (with log2 hit-count levels) run since the last takeCoverage; the
  /// edges and operands are kept for the request's coverage.
  uint64_t coverageSignature();
  /// Final states, `a == a` and copy contracts on `vars`; false after a failure.
  bool runContracts(const std::vector<int> &vars, int lastStatement, unitgen_protocol::Writer &log);
  void runStatements(const std::vector<Stmt> &statements, uint32_t flags,
                     unitgen_protocol::Writer &log, unitgen_protocol::ShmHeader &header,
                     bool &failed);
  /// After statement `s` returned or threw: the invariant of its receiver (or of the object it
  /// made), then the theories of both and of every object the test owns. FailNone, or the failure
  /// with its detail (a theory's: theorySlot_ and theoryName_ say where).
  unitgen_protocol::FailureCode checkAfterCall(const Stmt &s, bool hasReceiver, const char *action,
                                               unitgen_protocol::ShmHeader &header,
                                               std::string &detail);
  void logCoverage(unitgen_protocol::Writer &log);
  /// Outputs (kFirstHeldOutput on) for the texts of held outputs [0, count) that changed since
  /// they were last reported: earlier calls' files and streams, which an object may keep and
  /// write to.
  void reportHeldOutputs(size_t count);
  /// Reports, as out-parameter `parameter`, the text of the held output that is `identity`
  /// (its `FILE *` or its stream); nothing for a null one.
  void heldOutput(int parameter, const void *identity);

  CoverageRecord coverage_, more_;
  bool theoriesLinked_ = false; ///< a --theories file is in the driver
  int32_t theorySlot_ = -1;     ///< the object a FailTheory failure's theory was violated on
  std::string theoryName_;

  const DriverTables &tables_;
  std::vector<Slot> slots_;
  std::vector<int> creationOrder_;
  int threadsAtStart_ = 0;              ///< threadCount() when the sequence started
  std::deque<std::string> keptStrings_; ///< keptString's and array's, stable as the deque grows
  std::vector<std::shared_ptr<void>> keptValues_; ///< keptContainer's
  std::deque<std::vector<char>> buffers_;         ///< outputBuffer's, for the sequence's calls
  /// A `FILE *` or `std::ostream&` argument (file, outputStream), whose text later calls may
  /// change.
  struct HeldOutput {
    std::FILE *file = nullptr;
    std::ostringstream *stream = nullptr;
    std::string text; ///< as last reported
    std::string current() const;
  };
  std::vector<HeldOutput> held_; ///< in the order the sequence's calls were given them
  EncodedValue result_;
  bool hasResult_ = false;
  std::vector<std::pair<uint8_t, EncodedValue>> outputs_; ///< the current statement's

  bool producedObject_ = false;
  bool producedNull_ = false;
  Slot pendingSlot_; ///< the object the current action produced, stored once it returned
  StateWalker walker_;
  const SymbolicHooks *symbolic_ = nullptr; ///< set during a symbolic request
  bool symbolicObservers_ = false; ///< observers run symbolically (symbolic-state requests)
  bool symbolicFloats_ = false;
};

/// Called by the driver's counting functions, the function pointers it passes for callback
/// parameters (TypeKind::Callback), and by its mocks' methods: one more call through slot `slot`
/// (model callbackSlots), on the mock made by statement `object` (-1: a function pointer).
void callbackCalled(int slot, int object = -1);
/// Calls through one callback slot (and, for a mock's methods, on one mock) in the current
/// request (Callbacks.cpp).
struct CalledBack {
  int32_t slot;
  int32_t object;
  int64_t calls;
  bool operator==(const CalledBack &other) const {
    return slot == other.slot && object == other.object && calls == other.calls;
  }
};
/// The request's calls through callback slots so far.
const std::vector<CalledBack> &callbacksSoFar();
/// Forgets them: a new request.
void resetCallbacks();
/// Forgets the arguments the mocks recorded: a new statement.
void resetMockArguments();
/// The header of the requests serve() answers, whose phase MockArgumentPhase sets.
void setRequestHeader(unitgen_protocol::ShmHeader *header);
/// Called by the driver's mocks' methods after callbackCalled, with the arguments of that call
/// (Runner::mockArgument; ArgAbsent for those not read): kept for the first
/// kMaxRecordedMockCalls calls through the slot during the statement.
void mockArguments(int slot, int object, std::vector<Runner::EncodedValue> arguments);

/// The driver's main loop: serves requests until the request pipe closes.
int serve(const DriverTables &tables);

/// True once after operator new refused a single request of half the memory limit or more
/// (Allocation.cpp); such a request is the arguments' doing, not a runaway allocation.
bool takeHugeAllocation();
/// Sets the limit above which one allocation is refused (0: none).
void setAllocationLimit(size_t bytes);

/// Coverage edges (guards) of the code under test, known once the program has started.
uint32_t coverageEdgeCount();
/// Coverage hooks (Coverage.cpp): what they saw since the last call (replaces `into`'s
/// contents), then reset.
void takeCoverage(CoverageRecord &into);

} // namespace unitgen_rt
