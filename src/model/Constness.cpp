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
    return true;
  default:
    return false;
  }
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
