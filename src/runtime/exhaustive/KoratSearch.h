// KoratSearch: bounded-exhaustive enumeration of the valid heaps of a class, in the driver
// (Korat: candidate vectors over finitized field domains, pruned by the fields the invariant read).
#pragma once

#include <cstddef>
#include <string>

namespace unitgen_rt {
namespace korat {

/// Writes a field of `object`: a number (integers, bools, enums) or the address of another
/// object of the candidate heap (null for none).
using SetFn = void (*)(void *object, long long number, void *target);
using InvariantFn = bool (*)(const void *object);
/// The user's theories of a class (unitgen/theory.h): false, with the first violated theory's
/// name and its violation, or true.
using TheoryFn = bool (*)(const void *object, std::string &theory, std::string &violation);

/// A field the search can assign, as the generated exhaustive driver describes it.
struct FieldInfo {
  const char *name;
  size_t offset;
  size_t size;
  SetFn set;
  size_t elementSize;              ///< a pointer to an array of numbers: the size of one; else 0
  void *(*newArray)(size_t count); ///< such a pointer: `new T[count]()`; else null
  long long (*get)(const void *object); ///< the field of a live object; a pointer's address
};

/// A class of the model, indexed as ClassModel::classes; the fields are its finitizable ones
/// (model/Finitizable.h), in declaration order.
struct ClassInfo {
  const char *name;
  size_t size;
  size_t align;
  const FieldInfo *fields;
  int numFields;
  InvariantFn invariant; ///< null when the class has none
  void *(*allocate)();   ///< zeroed storage for one object, which `delete` frees
  /// The receiver for legal sequences: `new T(arguments...)` by the constructor the engine
  /// chose (src/harness/ExhaustiveDriverGenerator.h), null when there is none.
  void *(*construct)(const long long *arguments);
  int constructArity; ///< how many arguments `construct` reads
  TheoryFn theories;  ///< the receiver's, with --theories; else null
};

/// A method of the class under test that replay calls on a heap, with integral parameters.
/// `call` returns 0 (nothing returned), 1 (the value went to `result`) or 2 (it threw).
struct CallInfo {
  const char *name;
  int arity;
  int (*call)(void *self, const long long *arguments, long long *result);
};

/// The driver's main(): `driver FINITIZATION OUTPUT`. The finitization file (written by the
/// engine, src/exhaustive/Finitization.h) lists the objects of the candidate heap (`objects CLASS
/// COUNT`, the receiver first), the classes whose objects take one reference at most (`unshared
/// CLASS`), the arrays (`block LENGTH`; the field pointing to one gives its
/// element size), the candidate fields in order (`field OBJECT FIELD numbers LO HI`, `field OBJECT
/// FIELD objects CLASS`, `field OBJECT FIELD block BLOCK`: null or that array), then the arrays'
/// elements (`element BLOCK INDEX LO HI COUNT`: COUNT is the candidate field that says how many
/// elements are in use, -1 for all), `deadline SECONDS`, `work-limit N` (the search stops after
/// N units of work: invariant runs and heaps written), `stop-file PATH` (the search stops when
/// the file exists), `count-only` and `object-limits L...` (ascending: one search per limit on
/// the index a pointer may take, each giving the heaps whose largest index is above the limit
/// before it; a last search lets every object in), `interleave-passes` (those searches take
/// turns, the one with the least work so far going next), `count-field K` (candidate field K
/// equals the number of objects in every valid heap, so the search of the heaps of N objects
/// gives it N only, and with symbolic numbers a pointer there takes the free object before
/// null). Every valid candidate
/// goes to OUTPUT as one byte (or two, when a domain has more than 256 values) per field: the index
/// of its value in the field's domain. The counts go to stdout: `valid N`, `explored N`, `work N`,
/// `seconds S`, and `stopped: REASON` when a limit ended it.
///
/// With `symbolic-numbers`, Korat runs over the reference fields (and two-valued fields, and
/// numbers read before the walk passes the first object) and the other numbers are
/// symbolic: each run's branches on them are solved for the other paths, and every assignment
/// of a valid run's branches is a valid heap (SymbolicSearch.cpp). When the invariant uses them
/// in a way the runtime cannot follow (floating point, more expressions than it keeps) or a
/// solved heap fails the invariant, the search starts again with concrete numbers and stdout
/// gets `note: WHY`; if heaps were written already, the driver exits with status 3 instead.
///
/// Replay (the finitization has `replay HEAPS`, `call INDEX LO HI ...` lines — a range per
/// parameter — and `call-timeout SECONDS`): each heap of the file HEAPS (in the format above)
/// is built in allocated objects, and for each call line and combination of arguments, in a
/// child process of its own, the method runs on a fresh copy, then the invariant. OUTPUT gets
/// one line per call: `HEAP CALL N ARG... returned VALUE INVARIANT`, `... void INVARIANT`,
/// `... threw INVARIANT`, `... crashed SIGNAL` or `... hung`, INVARIANT being 1 when it held
/// after the call. With `observe INDEX...` (calls without parameters), when it held the line goes
/// on with ` observed` and what each observer then read in the same child, `-` where one threw;
/// the readings end early where one crashed or hung. When the receiver's class has `theories`,
/// a line `heap HEAP theories VERDICT` comes before each heap's calls (the heap as built), and
/// a call's line goes on, when the invariant held, with ` theories VERDICT` before any
/// readings: VERDICT is `held`, `violated NAME MESSAGE` (each as hex digits, `-` for none; no
/// readings follow), or `crashed SIGNAL` / `hung` where the theory ended the child.
///
/// Legal sequences (`legal LENGTH`, `call` lines and a `construct LOW HIGH...` line: the
/// constructor's argument ranges, none without it): OUTPUT gets each sequence of up to LENGTH
/// calls from the constructor (every combination of its arguments) that reaches a new state, as
/// `state K`, the constructor as `-1 N ARG...`, and per call `CALL N ARG...` (K steps), then one
/// `pair CLASS OBJECT FIELD VALUE` line per field of the objects the receiver reaches (objects
/// numbered per class breadth-first, pointers as 0 or 1 + the target's number, array elements below
/// the count as `FIELD[I]`), then `end`. With `legal-targets FILE` (states in the same `pair`
/// lines, each followed by `end`), the state with the least distance to a target not reached yet
/// (the pairs apart) plus length is extended first, and the search ends once all are reached.
/// Stdout gets `sequences N`, the sequences run.
int main(const ClassInfo *classes, int numClasses, const CallInfo *calls, int numCalls, int argc,
         char **argv);

} // namespace korat
} // namespace unitgen_rt
