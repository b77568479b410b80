// Which results view their receiver, and until when they may be used.
#include "model/ViewLifetimes.h"

#include "model/Constness.h"

namespace unitgen {
namespace {

bool holdsPointer(const ClassModel &model, const std::string &className) {
  const ClassInfo *info = model.findClass(className);
  if (!info)
    return false;
  for (const Field &field : info->fields)
    if (field.typeSpelling.find('*') != std::string::npos)
      return true;
  return false;
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

bool uses(const Statement &statement, int variable) {
  if (statement.receiver == variable)
    return true;
  for (const Argument &arg : statement.args)
    if (arg.kind == Argument::Kind::Variable && arg.variable == variable)
      return true;
  return false;
}

} // namespace

bool returnsView(const ClassModel &model, const Sequence &sequence, int index) {
  const Statement &statement = sequence.statements[index];
  const Callable &callable = model.callables[statement.callable];
  if (!callable.needsReceiver() || statement.receiver < 0 ||
      callable.returnType.kind != TypeKind::Class)
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

bool respectsViewLifetimes(const ClassModel &model, const Sequence &sequence) {
  const int size = static_cast<int>(sequence.size());
  for (int view = 0; view < size; ++view) {
    if (!returnsView(model, sequence, view))
      continue;
    const int viewed = sequence.statements[view].receiver;
    bool stale = false;
    for (int later = view + 1; later < size; ++later) {
      const Statement &statement = sequence.statements[later];
      if (stale && uses(statement, view))
        return false;
      stale = stale || changes(model, statement, viewed);
    }
  }
  return true;
}

} // namespace unitgen
