// Preconditions: a failure raised by the called method's own check of how it is called — a
// failed `assert` in that method (on its arguments or the state it may be called in), any failed
// `assert` in a constructor, static method or free function (their checks can depend on the
// arguments only), any failed `assert` a call given a null or its own receiver reached (in the
// call, or destroying what the last call left), a failed `assert` of a destructor while the
// objects are destroyed after the last call (the state an object may be destroyed in: no handle
// still out), or a null-pointer report inside it for a null
// literal it was given, or anywhere when the call has no receiver (a null report or a SEGV on the
// zero page) — is the caller's error, not the code's: the call is illegal, avoided from then on,
// and never a failure test. An assert deeper down than the method called, or a null a method was
// given running into a null report or the zero page outside its own file, is the call's
// precondition too when it fails again on a fresh receiver (freshReceiverProbe): it depends on
// how the call was made, not on what happened to its receiver before. A defect shows otherwise:
// a crash, a sanitizer report, a broken invariant, or an assert that only the receiver's history
// reaches.
#pragma once

#include "model/ClassModel.h"
#include "model/Outcome.h"
#include "model/Sequence.h"

#include <optional>
#include <vector>

namespace unitgen {

/// `calls`: the run's call outcomes, when known: a result that is an earlier variable's object
/// (CallOutcome::sameAs) counts as that variable (`e->LinkEndChild(child->Parent())` is given
/// its own receiver), as an upcast's does always. A failed assert the call reached given its
/// own receiver checks that relation; a sanitizer report of a call given its own receiver, or an
/// object the receiver was taken from, as a pointer to a mutable object (an object linked into
/// itself, a document into its own element) is the test's error too.
bool isPreconditionViolation(const ClassModel &model, const Sequence &sequence,
                             const Failure &failure, const std::vector<CallOutcome> &calls = {});

/// A run that tells whether a failed assert the static rules leave open depends only on how the
/// failing call was made: the statements before it but the receiver's original and those that
/// used it (unless the call takes an object made from the original that is not the receiver:
/// then all), the receiver made afresh the way it was
/// made (from its nearest ancestor that made a fresh object, through the same accessors), and
/// the same call on that one (`call`), with the same arguments (the receiver itself where it
/// was one).
struct PreconditionProbe {
  Sequence sequence;
  int call = -1;
  /// What tells the call was illegal: the same failure in `call` (a fresh receiver), or none
  /// there (the same call given a string for its null: the null was what failed).
  enum class Tells { SameFailure, NoFailure } tells = Tells::SameFailure;
};

/// The probe for `outcome`'s failure in `sequence`; nullopt when there is none to ask: the
/// failure is no failed assert raised in a call (or while destroying the objects after the last
/// one) and no null dereference in a call given a null, the call has no receiver, or no ancestor of
/// its receiver made a fresh object (a constructor, a result by value or `std::unique_ptr`, a
/// pointer from a call that changed its receiver; an accessor's pointer or reference may be the
/// same object again).
std::optional<PreconditionProbe>
freshReceiverProbe(const ClassModel &model, const Sequence &sequence, const Outcome &outcome);

/// freshReceiverProbe with each object of the receiver's derivation readied by the calls it
/// had before the next was taken from it (`doc.Parse(xml)` before `doc.RootElement()`): a fresh
/// document has no root element to call, so the fresh receiver's probe never runs the call.
/// Calls on the receiver itself stay out (its history). nullopt when nothing readied one.
std::optional<PreconditionProbe>
readiedReceiverProbe(const ClassModel &model, const Sequence &sequence, const Outcome &outcome);

/// The probes for an assert that is the own check of a method of a class (`InternalKey::Encode`
/// asserting `!rep_.empty()`), raised in a call of another method: the calls up to one that was
/// handed an object of that class the test made (an empty key given to `SetCompactPointer`,
/// encoded later by `EncodeTo`), then that method called on the object as it was then; one probe
/// per such hand-over, the latest eight, passing over a hand-over of an object that cannot have
/// changed since a later one probed (`AddFile(..., key, key)` twice after `key.SetFrom(...)`
/// asks once; the empty key given to `SetCompactPointer` before it is still probed). One failing
/// the same assert there, that object was never
/// fit for the use its own class checks: the test gave what the code may assume it is never given.
/// None when there is no such method (a public one without parameters) or object.
std::vector<PreconditionProbe>
handedOverObjectProbes(const ClassModel &model, const Sequence &sequence, const Outcome &outcome);

/// For a null dereference in a call given a null C string, the same statements with a string
/// for each of its nulls (`p.OpenElement("%d"); p.PushAttribute("x", "x")`): passing, the nulls
/// were what the call ran into. Nullopt for any other failure.
std::optional<PreconditionProbe> nonNullProbe(const ClassModel &model, const Sequence &sequence,
                                              const Outcome &outcome);

/// The probes that may tell `outcome`'s failure is a precondition: the non-null one's, the
/// fresh receiver's, then the handed-over object's.
std::vector<PreconditionProbe> preconditionProbes(const ClassModel &model, const Sequence &sequence,
                                                  const Outcome &outcome);

/// Whether the probe's run tells the original failure was a precondition's: it failed the same
/// assert in the probed call (or while destroying the objects after it, as the original did) or
/// raised the same sanitizer report there; or, for a non-null probe, the call returned.
bool probeRepeatsFailure(const PreconditionProbe &probe, const Failure &original,
                         const Outcome &probed);

} // namespace unitgen
