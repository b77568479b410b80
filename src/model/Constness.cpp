// Which objects a sequence may change: const results stay const.
#include "model/Constness.h"

namespace unitgen {

bool returnsConstObject(const Callable &callable) {
  return callable.returnType.kind == TypeKind::Class &&
         (callable.returnType.passing == Passing::ConstPointer ||
          callable.returnType.passing == Passing::ConstReference);
}

bool changesObject(const Callable &callable, int slot) {
  if (slot < 0)
    return callable.needsReceiver() && !callable.isConst;
  if (slot >= static_cast<int>(callable.params.size()))
    return false;
  switch (callable.params[slot].type.passing) {
  case Passing::Reference:
  case Passing::Pointer:
  case Passing::RvalueReference:
  case Passing::UniquePtr:
  case Passing::SharedPtr:
    return true;
  default:
    return false;
  }
}

bool needsConstReceiver(const ClassModel &model, const Callable &callable) {
  if (!callable.isConst || !callable.needsReceiver())
    return false;
  for (const Callable &other : model.callables) {
    if (other.isConst || other.kind != callable.kind || other.owner != callable.owner ||
        other.name != callable.name || other.params.size() != callable.params.size())
      continue;
    bool sameParameters = true;
    for (size_t i = 0; i < other.params.size(); ++i)
      sameParameters &= other.params[i].type.spelling == callable.params[i].type.spelling;
    if (sameParameters)
      return true;
  }
  return false;
}

bool respectsConstness(const ClassModel &model, const Sequence &sequence) {
  auto isConst = [&](int variable) {
    return variable >= 0 && variable < static_cast<int>(sequence.statements.size()) &&
           returnsConstObject(model.callables[sequence.statements[variable].callable]);
  };
  for (const Statement &statement : sequence.statements) {
    const Callable &callable = model.callables[statement.callable];
    if (isConst(statement.receiver) && changesObject(callable, -1))
      return false;
    for (size_t i = 0; i < statement.args.size(); ++i)
      if (statement.args[i].kind == Argument::Kind::Variable &&
          isConst(statement.args[i].variable) && changesObject(callable, static_cast<int>(i)))
        return false;
  }
  return true;
}

} // namespace unitgen
