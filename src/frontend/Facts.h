// Facts: what one pass over the translation units learns, as plain data merged across TUs.
#pragma once

#include "model/ClassModel.h"

#include <map>
#include <set>
#include <string>
#include <vector>

namespace unitgen {

struct SourceLocation {
  std::string file; ///< absolute
  int line = 0;

  bool valid() const { return !file.empty(); }
  std::string str() const { return file + ":" + std::to_string(line); }
};

/// A public, non-deleted constructor, method or operator as declared. Type-level support is
/// in the TypeDescs; `reason` holds what makes it uncallable whatever the types are.
struct CallableFacts {
  Callable callable;
  std::string usr;    ///< links the declaration to its body in ProjectFacts::bodies
  std::string reason; ///< member template, variadic, unsupported operator form, ...
  bool isImplicit = false;
  /// A member template's specialization (`as<bool>`): each TU adds those it made.
  bool isSpecialization = false;
};

/// One class or struct definition in a project file.
struct RecordFacts {
  std::string qualifiedName;
  SourceLocation definition;
  bool isTemplate = false; ///< a class template: listed, modelled through its specializations
  /// A specialization of a class template (`ds::Stack<int>`): the template (`ds::Stack`), whose
  /// members' bodies name its fields `ds::Stack::field`.
  std::string templateName;
  /// Why a test cannot name it (private nested type, anonymous namespace); empty if it can.
  std::string hiddenReason;
  bool copyable = false;
  bool movable = false;
  bool destructible = true;
  bool abstract = false;
  /// Abstract classes: the pure virtual methods a mock overrides, and why no mock can be made
  /// (empty when one can: a subclass can construct and destroy it, and give every pure virtual
  /// method a default result).
  std::vector<MockMethod> mockMethods;
  std::string unmockableReason;
  /// Its own member functions that are no callables but take part in overload resolution.
  std::vector<HiddenOverload> hiddenOverloads;
  /// Its own fields after those inherited from project bases (which `bases` names, transitively).
  std::vector<Field> fields;
  std::vector<std::string> bases;
  /// The project classes it derives from publicly, directly or not, each once (a base reached
  /// twice is ambiguous, left out): an object of it can be passed where one of them is taken.
  std::vector<std::string> publicBases;
  /// Fields a constructor that does not mention them still writes (default member initializers
  /// or class-type members): the effects of an implicit constructor.
  std::vector<std::string> implicitlyInitialized;
  /// Its own scalar fields (numbers, enums, pointers) with no in-class initializer, as
  /// `Class::field`: a user-written constructor that writes none of them leaves it indeterminate.
  std::vector<std::string> needsInitializing;
  std::vector<CallableFacts> callables;
  /// Static constexpr member initializers, enumerators of nested enums, in-class initializers.
  Literals constants;
  std::set<int> tus; ///< indices of the translation units that saw this definition

  std::string key() const { return qualifiedName + "@" + definition.str(); }
};

/// A free function (or free operator) declared in a project file.
struct FunctionFacts {
  CallableFacts callable;
  SourceLocation declaration;
  bool isTemplate = false;
  /// Free operators: the class of the first operand, which becomes the receiver.
  std::string operandRecord;
  /// Why a test cannot call it (internal linkage); empty if it can.
  std::string hiddenReason;
  std::set<int> tus;
};

/// What the body of one function definition does, keyed by USR.
struct BodyFacts {
  std::string qualifiedName;
  SourceLocation definition;
  std::set<std::string> reads;   ///< `Record::field`
  std::set<std::string> writes;  ///< `Record::field`
  std::set<std::string> callees; ///< USRs of project functions it calls or names
  Literals literals;
  /// Every return statement returns a `new` of one object the caller may delete through the
  /// result (and there is one): a factory whose result the caller owns.
  bool returnsNew = false;
  /// Its `T **` parameters (by position) through which it stores only objects it allocates,
  /// and at least one: the caller owns what it makes through them (Callable::madeThrough).
  std::vector<int> parametersMadeNew;
  /// Its `T **` parameters through which it stores some object it did not allocate (`this`, a
  /// node it holds): not the caller's to delete.
  std::vector<int> parametersMadeOther;
  /// USRs of the virtual methods it overrides directly: a pure virtual method has no body, and
  /// what it makes through a `T **` is read from its overriders'.
  std::vector<std::string> overrides;
  /// USR of the one project function its body only passes the call on to (`Slice user_key()
  /// const { return ExtractUserKey(rep_); }`); empty when the body does anything else.
  std::string forwardsTo;
  int tu = -1;
};

/// One entry of the compile database and how parsing it went.
struct TuFacts {
  std::string file; ///< absolute
  std::string directory;
  std::vector<std::string> commandLine; ///< as in the database, compiler first
  std::string firstError;               ///< `file:line:col: message`; empty when it parsed cleanly
  std::set<std::string> errorFiles;     ///< files holding at least one error
};

struct ProjectFacts {
  std::string databasePath;
  std::vector<TuFacts> tus;
  /// Every file the TUs' parses read (sources, headers, system headers), absolute, sorted.
  std::vector<std::string> inputs;
  std::vector<RecordFacts> records;
  std::vector<FunctionFacts> functions;
  std::map<std::string, BodyFacts> bodies;

  /// Adds what one TU learned, deduplicating definitions seen by several TUs.
  void merge(int tu, std::vector<RecordFacts> newRecords, std::vector<FunctionFacts> newFunctions,
             std::map<std::string, BodyFacts> newBodies);
  /// Record definitions named `qualifiedName` (templates included; spaces do not matter:
  /// `ds::Pair<int,long>` finds `ds::Pair<int, long>`).
  std::vector<const RecordFacts *> findRecords(const std::string &qualifiedName) const;
  /// Free operators whose first operand is the class `qualifiedName`.
  std::vector<const FunctionFacts *> freeOperatorsOf(const std::string &qualifiedName) const;

private:
  std::map<std::string, size_t> recordIndex_;   ///< by RecordFacts::key()
  std::map<std::string, size_t> functionIndex_; ///< by USR
  std::multimap<std::string, size_t> recordsByName_;
  std::multimap<std::string, size_t> operatorsByOwner_;
};

/// Appends the literals of `from` to `to` (duplicates are removed when the model is finished).
void appendLiterals(Literals &to, const Literals &from);
/// Sorts and deduplicates each literal list.
void normalizeLiterals(Literals &literals);

} // namespace unitgen
