// Which classes are handles, and which object each handle goes back to.
#include "model/Handles.h"

#include <algorithm>

namespace unitgen {

bool isHandleClass(const ClassModel &model, const std::string &className) {
  const ClassInfo *info = model.findClass(className);
  return info && info->fields.empty() && !info->callables.empty() &&
         std::all_of(info->callables.begin(), info->callables.end(),
                     [&](int id) { return model.callables[id].kind == CallableKind::Constructor; });
}

bool respectsHandleOwners(const ClassModel &model, const Sequence &sequence) {
  for (const Statement &statement : sequence.statements)
    for (const Argument &arg : statement.args) {
      if (arg.kind != Argument::Kind::Variable || arg.variable < 0 ||
          static_cast<size_t>(arg.variable) >= sequence.size())
        continue;
      const Statement &producer = sequence.statements[arg.variable];
      const TypeDesc &made = model.callables[producer.callable].returnType;
      if (made.kind == TypeKind::Class && isHandleClass(model, made.className) &&
          producer.receiver != statement.receiver)
        return false;
    }
  return true;
}

} // namespace unitgen
