// Which results view their receiver, and until when they may be used.
#include "model/ViewLifetimes.h"

#include "model/Constness.h"

namespace unitgen {
namespace {

/// Whether objects of `className` hold a raw pointer: a field of pointer type, or a field of a
/// class type that holds one (`ParsedInternalKey` holds a `Slice user_key`).
bool holdsPointer(const ClassModel &model, const std::string &className, int depth = 0) {
  const ClassInfo *info = model.findClass(className);
  if (!info || depth > 4)
    return false;
  for (const Field &field : info->fields)
    if (field.typeSpelling.find('*') != std::string::npos ||
        (field.shape == FieldShape::Embedded && !field.recordName.empty() &&
         holdsPointer(model, field.recordName, depth + 1)))
      return true;
  return false;
}

/// The class of the object statement `statement` makes (a constructor's, or a result by
/// value), empty when it makes none.
std::string classMade(const Callable &callable) {
  if (callable.kind == CallableKind::Constructor)
    return callable.owner;
  if (callable.returnType.kind == TypeKind::Class && callable.returnType.passing == Passing::Value)
    return callable.returnType.className;
  return "";
}

/// Whether statement `index` may change object `variable`: as its receiver, or as an argument
/// the callee may change.
bool changes(const ClassModel &model, const Statement &statement, int variable) {
  const Callable &callable = model.callables[statement.callable];
  if (statement.receiver == variable && changesObject(callable, -1))
    return true;
  for (size_t i = 0; i < statement.args.size(); ++i)
    if (statement.args[i].kind == Argument::Kind::Variable &&
        statement.args[i].variable == variable && changesObject(callable, static_cast<int>(i)))
      return true;
  return false;
}

bool passes(const Statement &statement, int variable) {
  for (const Argument &arg : statement.args)
    if (arg.kind == Argument::Kind::Variable && arg.variable == variable)
      return true;
  return false;
}

bool uses(const Statement &statement, int variable) {
  return statement.receiver == variable || passes(statement, variable);
}

} // namespace

bool returnsView(const ClassModel &model, const Sequence &sequence, int index) {
  const Statement &statement = sequence.statements[index];
  const Callable &callable = model.callables[statement.callable];
  // An upcast's result is its receiver itself, not a view of it.
  if (!callable.needsReceiver() || statement.receiver < 0 ||
      callable.returnType.kind != TypeKind::Class || callable.isUpcast)
    return false;
  switch (callable.returnType.passing) {
  case Passing::Reference:
  case Passing::ConstReference:
  case Passing::Pointer:
  case Passing::ConstPointer:
    return true;
  case Passing::Value:
    return holdsPointer(model, callable.returnType.className);
  default:
    return false;
  }
}

namespace {

/// Per statement, the objects whose change makes its object stale: the receiver a view was
/// returned by, and what the views an object was made from depend on (`ParsedInternalKey(
/// key.Encode(), ...)` holds a view of `key`).
std::vector<std::vector<int>> viewSources(const ClassModel &model, const Sequence &sequence) {
  const int size = static_cast<int>(sequence.size());
  std::vector<std::vector<int>> viewed(size);
  for (int index = 0; index < size; ++index) {
    const Statement &statement = sequence.statements[index];
    std::vector<int> &sources = viewed[index];
    if (returnsView(model, sequence, index)) {
      sources.push_back(statement.receiver);
      sources.insert(sources.end(), viewed[statement.receiver].begin(),
                     viewed[statement.receiver].end());
    }
    if (model.callables[statement.callable].isUpcast && statement.receiver >= 0)
      sources = viewed[statement.receiver]; // what its receiver views, it views
    const std::string made = classMade(model.callables[statement.callable]);
    if (!made.empty() && holdsPointer(model, made))
      for (const Argument &arg : statement.args)
        if (arg.kind == Argument::Kind::Variable && arg.variable >= 0 && arg.variable < index)
          sources.insert(sources.end(), viewed[arg.variable].begin(), viewed[arg.variable].end());
  }
  return viewed;
}

} // namespace

bool respectsViewLifetimes(const ClassModel &model, const Sequence &sequence) {
  const int size = static_cast<int>(sequence.size());
  const std::vector<std::vector<int>> viewed = viewSources(model, sequence);
  for (int view = 0; view < size; ++view) {
    if (viewed[view].empty())
      continue;
    // A view of bytes held by value (a `Slice`, an object made from one), unlike a pointer to
    // an object its source owns, is no argument for a call that may rewrite those bytes:
    // `key.SetFrom(ParsedInternalKey(key.user_key(), ...))` clears what it then copies from.
    const bool viewsBytes = !classMade(model.callables[sequence.statements[view].callable]).empty();
    bool stale = false;
    for (int later = view + 1; later < size; ++later) {
      const Statement &statement = sequence.statements[later];
      if (stale && uses(statement, view))
        return false;
      for (int source : viewed[view]) {
        const bool rewritten = changes(model, statement, source);
        if (rewritten && viewsBytes && passes(statement, view))
          return false;
        stale = stale || rewritten;
      }
    }
  }
  return true;
}

std::vector<int> staleAtEnd(const ClassModel &model, const Sequence &sequence) {
  const int size = static_cast<int>(sequence.size());
  const std::vector<std::vector<int>> viewed = viewSources(model, sequence);
  std::vector<int> stale;
  for (int view = 0; view < size; ++view) {
    bool changed = false;
    for (int later = view + 1; later < size && !changed; ++later)
      for (int source : viewed[view])
        changed = changed || changes(model, sequence.statements[later], source);
    if (changed)
      stale.push_back(view);
  }
  return stale;
}

} // namespace unitgen
