// TypeDesc: how a parameter, return value or field type looks to unitgen (kind, spelling, passing).
#pragma once

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

namespace unitgen {

/// What a value of this type is, independent of how it is passed.
enum class TypeKind {
  Void,
  Bool,
  Char,
  Integer,  ///< every integer type but bool and char; `bits` and `isSigned` say which
  Enum,     ///< scoped or unscoped; `enumerators` lists the constants
  Floating, ///< float, double, long double; `bits` says which
  String,   ///< std::string, or std::string_view (isStringView)
  CString,  ///< const char*
  Optional, ///< std::optional<element>
  /// A standard container (`std::vector<int>`, `std::map<std::string, int>`, nested), a
  /// `std::pair` or a `std::tuple`: `container` names its template; `elements` holds the
  /// element type, a map's key and mapped types, or a pair's or tuple's types in order. Its
  /// value is a List of the elements (a map's entries as Lists of key and value; a pair's or
  /// tuple's values; a variant's index and value, isVariant). A sequence container of objects
  /// of a class (holdsObjects) names it by `className`, its element the value each is made from.
  Container,
  Class, ///< a class of the model, named by `className`
  /// `void*` the code keeps and hands back (a cache's value, a thread's argument): a test gives
  /// it a token, `reinterpret_cast<void *>(3)`, and a result is asserted only as one.
  UserData,
  /// `std::istream&`: the test passes a `std::istringstream` holding the argument's text.
  InputStream,
  /// `std::ostream&`: the test passes an empty `std::ostringstream` and asserts what the call
  /// wrote to it (an out-parameter whose value is that text).
  OutputStream,
  /// `FILE *`: the test passes a file of its own folder holding the argument's text, open for
  /// reading and writing from its start, and asserts the text the file holds after the call
  /// (an in-out parameter whose value is that text). Passed as Pointer.
  File,
  /// A function pointer (`void (*deleter)(const Slice &, void *)`): `elements` holds its return
  /// type, then its parameters. A test passes a lambda that counts its calls.
  Callback,
  /// `T **` as a parameter, T a class of the model (`DB::Open(options, name, DB **dbptr)`): the
  /// call makes an object and stores its address through it. That object is the statement's
  /// (Callable::madeThrough); the test passes the address of a `T *` local. Passed as Pointer.
  MadeObject,
  /// A pointer to the first of `n` elements, followed by `n` (`const uint8_t *data, size_t n`,
  /// `int *values, int count`, `const leveldb::Slice *keys, int n`): the test declares a local
  /// array of them. `elements` holds what the test writes for each element (a number; for an
  /// array of a class, the value its non-explicit constructor converts, `"abc"` for a
  /// `leveldb::Slice`) and `className` names that class. Its value is a List of the elements.
  /// ConstPointer: the call reads them; Pointer: it may change them, and they are read after
  /// the call (an out-parameter). `const void *` is an array of `unsigned char`.
  Array,
  /// The length after an Array parameter: always the number of its elements (the test passes
  /// the array's size), so its value in a sequence is unused. `bits` and `isSigned` as Integer.
  ArraySize,
  Unsupported,
};

/// How a value reaches or leaves a callable.
enum class Passing {
  Value,
  Reference,       ///< T&; to a value kind as a parameter: an out-parameter
  ConstReference,  ///< const T&
  RvalueReference, ///< T&&
  /// T* (may be null). To a value kind (a number, bool, enum, std::string, `const char*`) as a
  /// parameter: an out-parameter (isOutParameter).
  Pointer,
  ConstPointer, ///< const T*
  UniquePtr,    ///< std::unique_ptr<T>
  /// std::shared_ptr<T>, by value or `const&`: the test holds an object made shared as that
  /// `std::shared_ptr`, and passes any other as a shared copy (`std::make_shared<T>(object)`).
  SharedPtr,
  /// `char *` followed by its length (`ToStr(int v, char *buffer, int bufferSize)`,
  /// isOutputBufferLength): a zeroed local array of that many chars the call writes, its text
  /// read after the call. An out-parameter.
  Buffer,
};

struct TypeDesc {
  TypeKind kind = TypeKind::Unsupported;
  Passing passing = Passing::Value;
  /// The type as a person writes it in a test, fully qualified (`ds::TreeMap`, `std::string`).
  std::string spelling;
  /// The value type without reference/pointer/unique_ptr (`int`, `minisql::Connection`).
  std::string valueSpelling;
  int bits = 0;          ///< Integer, Char and Floating widths
  bool isSigned = false; ///< Integer and Char
  std::string className; ///< Class: qualified name of the model class
  /// Enum constants, qualified as a test writes them (`ds::Color::kRed`), with their values.
  std::vector<std::pair<std::string, int64_t>> enumerators;
  /// Optional: the element type (exactly one entry); Container: the element, or a map's key and
  /// mapped type; Callback: the result, then the parameters.
  std::vector<TypeDesc> elements;
  /// Container: the standard template's name (`vector`, `unordered_map`, `array`).
  std::string container;
  /// Container `array` (isFixedArray): its number of elements, N of `std::array<T, N>`.
  int64_t length = 0;
  /// Unsupported: why, for `unitgen list`.
  std::string unsupportedReason;

  bool isSupported() const;
  /// A value of this type can be printed as a literal and compared in an assertion (a
  /// `const char*`, not a mutable `char*` buffer).
  bool isPrintable() const;
  /// `std::string_view`: a String whose text someone else owns, so the test keeps a
  /// `std::string` for as long as the call's object may view it.
  bool isStringView() const;
  /// `std::pair<A, B>` or `std::tuple<A, B, C>`: a Container of one value per element type,
  /// never shrunk or grown.
  bool isProduct() const;
  /// `std::array<T, N>`: a Container of exactly `length` values, never shrunk or grown.
  bool isFixedArray() const;
  /// An Array or a Container of objects of class `className` (`std::vector<leveldb::Slice>`),
  /// each written from the value of `elements.front()`, what its non-explicit constructor
  /// converts (a C string for a Slice). A container of them is only an argument the call reads.
  bool holdsObjects() const;
  /// `std::variant<A, B>`: a Container whose value is a List of the index of the alternative it
  /// holds and that alternative's value; `elements` are the alternatives.
  bool isVariant() const;
  /// Integers, chars, bools and enums: values the engine carries as int64/uint64.
  bool isIntegral() const;
  /// As a parameter: `int*`, `std::string&`, `const char**`, a `char *` buffer — a named local
  /// the call may write, passed by address or reference, its value read after the call. The
  /// argument is the local's value before the call (in-out parameters read it; a buffer starts
  /// zeroed).
  bool isOutParameter() const;
  /// Callback: its return type as written (`void` when unknown) and its parameter list
  /// (`const leveldb::Slice&, void*`), for a function or lambda of the same signature.
  std::string callbackResult() const;
  std::string callbackParameters() const;
};

const char *toString(TypeKind kind);
const char *toString(Passing passing);

} // namespace unitgen
