// ClassModel: everything unitgen knows about a class (or free function) under test and its helpers.
#pragma once

#include "model/TypeDesc.h"

#include <optional>
#include <string>
#include <vector>

namespace unitgen {

enum class Access { Public, Protected, Private };

/// How the heap walker reads a field when it linearizes an object.
enum class FieldShape {
  Value,    ///< primitive, enum, std::string, arrays/vectors/optionals of those: read by value
  Ref,      ///< T* or std::unique_ptr<T> to a record of the model: followed, numbered by BFS
  Embedded, ///< a record of the model held by value: walked in place
  /// T* to primitives or enums (`int *store_`): the heap block it points to, element by
  /// element — the first `countField` of them when the class keeps a count (`size_`), else
  /// the whole block
  HeapArray,
  Opaque, ///< anything else: not read (see `note`)
};

struct Field {
  std::string name;
  std::string typeSpelling; ///< as declared, fully qualified
  Access access = Access::Private;
  FieldShape shape = FieldShape::Opaque;
  std::string recordName; ///< Ref/Embedded: qualified name of the record type
  bool isPointer = false; ///< Ref: raw pointer (true) or std::unique_ptr (false)
  std::string note;       ///< Opaque: why the walker cannot read it
  /// HeapArray: the integer field of the same class that counts the elements in use; empty
  /// when the class has none
  std::string countField;
  /// HeapArray: the integer field of the same class that bounds the array's length
  /// (`capacity_`); empty when the class has none
  std::string capacityField;
  /// Value fields: the type (Integer, Bool, Char, Enum, Floating, String, ...); the kind is
  /// Unsupported for the other shapes. A bounded-exhaustive search finitizes the scalar ones.
  TypeDesc type;
};

/// Fields a callable reads and writes, transitively through the class's own methods.
/// Names are `Class::field` so effects across helper classes stay unambiguous.
struct Effects {
  std::vector<std::string> reads;
  std::vector<std::string> writes;
  /// Reads a field that holds stored data (an array, pointer, container, string, node), not only
  /// scalar counters and flags: `pop()` does, `size()` does not. True when the reads are unknown.
  bool readsStoredData = true;
};

struct Parameter {
  std::string name;
  TypeDesc type;
  bool hasDefault = false; ///< a call may leave it out
};

struct Callable;
/// A constructor a test can call with no arguments: none declared, or all defaulted.
bool callableWithoutArguments(const Callable &constructor);

enum class CallableKind { Constructor, Method, StaticMethod, Operator, FreeFunction };

struct Callable {
  int id = -1; ///< index into ClassModel::callables
  CallableKind kind = CallableKind::Method;
  std::string owner;         ///< qualified class name; empty for free functions
  std::string name;          ///< `put`, `operator==`, the class name for constructors
  std::string qualifiedName; ///< `ds::TreeMap::put`, `bmi::weightCategory`
  std::vector<Parameter> params;
  TypeDesc returnType; ///< Void for constructors
  bool isConst = false;
  bool isNoexcept = false;
  bool isInvariant = false; ///< repOK-like: const, no arguments, returns bool
  bool isObserver = false;  ///< const, no arguments, printable result, not the invariant
  /// A constructor unitgen made up for an abstract class nothing in the project makes: it
  /// makes a mock (ClassInfo::mockMethods), a gMock `testing::NiceMock` in the test.
  bool isMock = false;
  /// A pointer result the caller owns: every return of its definition is a `new` expression
  /// (`return new ShardedLRUCache(capacity);`). The test holds it in a `std::unique_ptr`; a
  /// pointer to an object something else keeps (a singleton, a node of its receiver) is not.
  bool returnsOwned = false;
  /// An assignment to a public data member (`options.block_restart_interval = 4;`), a method of
  /// one parameter named and typed as the field: configuration structs are set this way.
  bool isFieldSetter = false;
  /// An object of its class (`owner`, a `geo::Square`) as one of a public base (`returnType`, a
  /// `geo::Shape&`): how a test passes a subclass where an abstract class is taken. Named
  /// `static_cast<geo::Shape &>`; a test writes no call, it passes the object itself.
  bool isUpcast = false;
  /// Made only by the palus strategy, where the project's tests did the same (an upcast they
  /// passed objects through, learn/ModelInference.h): random generation would pass every object
  /// where any base is taken.
  bool onlyGuided = false;
  /// The parameter through which the call makes its object (a `T **`, TypeKind::MadeObject:
  /// `Status DB::Open(const Options &, const std::string &, DB **dbptr)`); -1: none. The
  /// callable's returnType then describes that object as a `T *` result (owned when
  /// returnsOwned: every store through the parameter is a `new` or null), so a statement of it
  /// makes a T as a factory's does, and madeReturn is what the call returns besides.
  int madeThrough = -1;
  /// With madeThrough: the call's own result (`leveldb::Status`, `bool`); asserted when
  /// printable, reported as the call's value.
  TypeDesc madeReturn;
  Effects effects;
  std::string sourceFile; ///< where the definition is (empty: not found)
  int line = 0;
  /// The functions its definition only passes the call on to, nearest first (`Slice user_key()
  /// const { return ExtractUserKey(rep_); }`: `leveldb::ExtractUserKey`): their own asserts
  /// check the method's contract, as the asserts of its own body do (exec/Preconditions).
  std::vector<std::string> forwardsTo;
  /// Its mangled names (a constructor has a complete- and a base-object one): how a recording
  /// build of the project's tests (learn/) finds the function's code.
  std::vector<std::string> symbols;
  /// Empty when unitgen can call it; otherwise why not (`unitgen list` prints it).
  std::string unsupportedReason;

  bool isSupported() const { return unsupportedReason.empty(); }
  /// Static methods, free functions and constructors need no receiver.
  bool needsReceiver() const {
    return kind == CallableKind::Method || kind == CallableKind::Operator;
  }
  /// Exact signature for messages and overload disambiguation: `put(int, int) const`.
  std::string signature() const;
};

/// A pure virtual method a mock of an abstract class overrides.
struct MockMethod {
  std::string name;
  std::string returnSpelling; ///< as written, fully qualified (`void`, `leveldb::Status`)
  std::vector<std::string> paramSpellings;
  bool isConst = false;
  bool isNoexcept = false;
  /// The parameter of the mock's constructor callable that holds what the method returns, a
  /// number, bool, char, enum or string the strategies choose (`ON_CALL(handler, wantsMore())
  /// .WillByDefault(testing::Return(true));`); -1: a value-initialized result.
  int resultParameter = -1;
  /// The method's result, when it is a value the strategies choose.
  TypeDesc result;
  /// The parameters as unitgen describes them, in paramSpellings' order: what the driver
  /// records of each call's arguments (MockArguments.h).
  std::vector<TypeDesc> params;
};

/// A member function the model leaves out (private, protected or deleted) that still takes part
/// in overload resolution: `static void DeleteAttribute(XMLAttribute *)` beside the public
/// `DeleteAttribute(const char *)` makes `DeleteAttribute(nullptr)` ambiguous.
struct HiddenOverload {
  std::string name;     ///< unqualified; the class's name for a constructor
  size_t minParams = 0; ///< without the defaulted ones
  size_t maxParams = 0;
};

/// A class or struct the model needs: the class under test, classes reachable through its API
/// (parameter and return types, transitively), and records only reachable through fields (nodes).
struct ClassInfo {
  std::string qualifiedName;
  std::string header;          ///< absolute path of the header that defines it
  std::string includeSpelling; ///< `tree_map.h`, as the project includes it
  bool isApi = false;          ///< has callables in the model (not just a node type)
  bool copyable = false;       ///< public, non-deleted copy constructor
  bool movable = false;        ///< can be returned by value into the object pool
  bool destructible = true;    ///< public destructor
  bool abstract = false;
  std::vector<Field> fields;
  std::vector<int> callables; ///< ids of its constructors, methods and operators
  std::string invariant;      ///< name of the invariant method, empty if none
  std::string unsupportedReason;
  /// An abstract class unitgen mocks (only where nothing in the project makes one): the pure
  /// virtual methods the mock overrides. Empty otherwise.
  std::vector<MockMethod> mockMethods;
  std::vector<HiddenOverload> hiddenOverloads;
};

/// String and integer literals found in the code under test (Randoop's literal pool).
struct Literals {
  std::vector<std::string> strings;
  std::vector<int64_t> integers;
  std::vector<double> floats;
};

/// One translation unit of the code under test with the flags it is compiled with.
struct SourceFile {
  std::string path;                   ///< absolute
  std::string directory;              ///< working directory from the compile database
  std::vector<std::string> arguments; ///< compiler flags only: no compiler, -c, -o, source
};

struct ClassModel {
  /// What the user asked for: `ds::TreeMap` or `bmi::weightCategory`.
  std::string target;
  bool targetIsFunction = false;
  std::vector<ClassInfo> classes;  ///< the target class first (when a class is tested)
  std::vector<Callable> callables; ///< indexed by Callable::id
  std::vector<SourceFile> sources; ///< translation units that define the code under test
  /// The compile database's other translation units: what the code under test may call beyond
  /// `sources` (drivers link them from an archive, so only the objects it needs come in).
  std::vector<SourceFile> librarySources;
  std::vector<std::string> includeSpellings; ///< headers the driver and tests include, in order
  Literals literals;
  /// `--theories`: the user's theory sources (absolute; unitgen/theory.h), compiled into the
  /// drivers, which check them after every call, and into the failure tests.
  std::vector<std::string> theories;

  const ClassInfo *findClass(const std::string &qualifiedName) const;
  /// Index of the class in `classes`; -1 when the model has none of that name.
  int classIndex(const std::string &qualifiedName) const;
  const ClassInfo &targetClass() const; ///< precondition: !targetIsFunction
  /// Whether `callable` is tested directly: a constructor, method or operator of the target
  /// class (not an upcast of it to a base), or the target function.
  bool isUnderTest(const Callable &callable) const;
  /// The supported callables under test.
  std::vector<int> callablesUnderTest() const;
  /// The compile commands a test of the model takes its flags from: the code under test's own
  /// sources, or, for code defined in headers only, the project's other TUs (which compile it).
  const std::vector<SourceFile> &flagSources() const {
    return sources.empty() ? librarySources : sources;
  }
  /// The flags of the code under test's own compile commands that change what code means to its
  /// callers (`-fno-exceptions`, `-fno-rtti`, char signedness), in their order: a test of it
  /// compiles with them, as the project's own tests do.
  std::vector<std::string> languageFlags() const;
  /// The folders the classes' include spellings are relative to (`/src/tree_map.h` spelled
  /// `tree_map.h`: `/src`): a driver or test compiled elsewhere needs them on its include path,
  /// also when the project found the header beside the including file without any `-I`.
  std::vector<std::string> includeRoots() const;
  /// False when the code under test is compiled with `-fno-exceptions`: its tests cannot use
  /// `EXPECT_THROW`, and an exception it lets out ends the program.
  bool exceptionsEnabled() const;
};

/// Whether parameter `index` of `callable` is the length of the `const char*` right before it, as
/// in `(const char *data, size_t n)`: an integer named as a length (`n`, `len`, `size`,
/// `nBytes`, `bufferSize`, ...). A call may pass no more bytes than the data holds.
bool isBufferLength(const Callable &callable, size_t index);
/// Whether parameter `index` of `callable` is the length of the `char *` buffer right before it,
/// as in `ToStr(int v, char *buffer, int bufferSize)`: an integer named as a length. The
/// buffer has that many chars, zeroed; a negative or huge length is never run.
bool isOutputBufferLength(const Callable &callable, size_t index);
/// The most chars an output buffer has: a longer one is never run.
constexpr int64_t kMaxOutputBuffer = 4096;
/// The chars a `char *` buffer without a length after it gets (`ConvertUTF32ToUTF8(unsigned
/// long input, char *output, int *length)`): the size the callee assumes is written nowhere a
/// test can read, so the test gives plenty, and a call that writes past them is the test's
/// error (a resource limit), not a defect.
constexpr int64_t kUnsizedOutputBuffer = 256;
/// The chars output buffer parameter `position` of `callable` gets in a call whose argument
/// after it is `length` (isOutputBufferLength), clamped into [1, kMaxOutputBuffer], or
/// kUnsizedOutputBuffer when no length follows it.
int64_t outputBufferChars(const Callable &callable, size_t position, int64_t length);
/// The callables a test asserts on every object of `info` it holds at its end, in the order
/// the driver runs them (their observer numbers): the observers, and the public invariant (a
/// test asserting `EXPECT_TRUE(x.repOK())` documents it and kills mutants inside it).
std::vector<int> assertedObservers(const ClassModel &model, const ClassInfo &info);
/// Code the test gives the code under test to call, whose calls unitgen counts: a function
/// pointer parameter (a counting lambda), or a method of a mocked class.
struct CallbackSlot {
  int callable = -1;   ///< a function pointer parameter of this callable; -1: a mock's method
  int parameter = -1;  ///< ... at this position
  int mockClass = -1;  ///< a mock's method: index of its class in ClassModel::classes
  int mockMethod = -1; ///< ... and of the method in its ClassInfo::mockMethods
};
/// The callback parameters of the model's supported callables, in id order, then the methods of
/// its mocks, class by class: a slot's index is the number the driver's counting function
/// reports (callbackCalled).
std::vector<CallbackSlot> callbackSlots(const ClassModel &model);
/// The slot of parameter `parameter` of callable `callable`; -1 when it is no callback.
int callbackSlotOf(const ClassModel &model, int callable, int parameter);

/// Whether a parameter of this name counts elements or bytes (`n`, `len`, `size`, `nBytes`,
/// `bufferSize`, ...).
bool isLengthName(const std::string &parameterName);

/// Whether a bounded-exhaustive search can give the field its values from a finite domain: an
/// integer, bool, char or enum held by value, a raw or unique pointer to a record of the
/// model, or a pointer to an array of numbers (its elements get domains too). Both the exhaustive
/// driver and the finitization number a class's finitizable fields in declaration order.
bool isFinitizable(const Field &field);

const char *toString(CallableKind kind);
const char *toString(Access access);
const char *toString(FieldShape shape);

} // namespace unitgen
