// ReadBackQueries: query calls about the values a test stored, appended to its statements.
#include "suite/ReadBackQueries.h"

#include "model/ViewLifetimes.h"

#include <algorithm>
#include <map>

namespace unitgen {
namespace {

/// A literal passed to a call on an object, with the parameter it went to.
struct Passed {
  const Parameter *param;
  Value value;
  bool fromConstructor;
  bool inherited = false; ///< passed to an object this one was copied or assigned from
};

bool queryableType(const TypeDesc &type) {
  return (type.kind == TypeKind::Integer || type.kind == TypeKind::Char ||
          type.kind == TypeKind::String) &&
         (type.passing == Passing::Value || type.passing == Passing::ConstReference);
}

bool sameType(const TypeDesc &a, const TypeDesc &b) {
  return a.kind == b.kind && a.bits == b.bits && a.isSigned == b.isSigned;
}

/// The class of the object statement `index` makes, empty when it makes none.
std::string classMadeBy(const ClassModel &model, const Statement &statement) {
  const Callable &callable = model.callables[statement.callable];
  if (callable.kind == CallableKind::Constructor)
    return callable.owner;
  return callable.returnType.kind == TypeKind::Class ? callable.returnType.className : "";
}

/// Const methods with one parameter of a queryable type and a result a test can assert, one
/// per parameter name and type: `get(key)` says all that `containsKey(key)` says and the value
/// besides, so a query with a result that is not a bool is preferred.
std::vector<const Callable *> queriesOf(const ClassModel &model, const std::string &cls) {
  std::vector<const Callable *> queries;
  for (const Callable &callable : model.callables) {
    if (callable.owner != cls || !callable.needsReceiver() || !callable.isConst ||
        !callable.isSupported() || callable.params.size() != 1 ||
        !queryableType(callable.params[0].type) || !callable.returnType.isPrintable())
      continue;
    const Parameter &param = callable.params[0];
    auto same = std::find_if(queries.begin(), queries.end(), [&](const Callable *other) {
      return other->params[0].name == param.name && sameType(other->params[0].type, param.type);
    });
    if (same == queries.end())
      queries.push_back(&callable);
    else if ((*same)->returnType.kind == TypeKind::Bool &&
             callable.returnType.kind != TypeKind::Bool)
      *same = &callable;
  }
  return queries;
}

/// Whether some non-const method of `cls` takes a parameter named `name` of `type`: then only
/// what was passed to such a parameter is what `name` asks about.
bool classHasParameter(const ClassModel &model, const std::string &cls, const std::string &name,
                       const TypeDesc &type) {
  for (const Callable &callable : model.callables)
    if (callable.owner == cls && !callable.isConst)
      for (const Parameter &param : callable.params)
        if (!name.empty() && param.name == name && sameType(param.type, type))
          return true;
  return false;
}

/// The latest `limit` distinct values among `passed` that fit `query`'s parameter, in the order
/// they were passed: those given to a parameter of the same name where the class has one
/// (`contains(value)` about `push(value)`, not about `UBStack(capacity)`), else those given to
/// any method's parameter of the same type (a constructor's arguments configure the object
/// rather than fill it).
std::vector<Value> valuesFor(const ClassModel &model, const std::string &cls,
                             const Parameter &query, const std::vector<Passed> &passed,
                             size_t limit) {
  const bool named = classHasParameter(model, cls, query.name, query.type);
  auto fits = [&](const Passed &p) {
    return sameType(p.param->type, query.type) &&
           (named ? p.param->name == query.name : !p.fromConstructor);
  };
  std::vector<Value> values;
  for (auto it = passed.rbegin(); it != passed.rend() && values.size() < limit; ++it)
    if (fits(*it) && std::find(values.begin(), values.end(), it->value) == values.end())
      values.push_back(it->value);
  // A copy filled after it was made is also asked about one value it got from its source:
  // that value is what checks the copying.
  auto inherited = std::find_if(passed.rbegin(), passed.rend(),
                                [&](const Passed &p) { return p.inherited && fits(p); });
  if (inherited != passed.rend() &&
      std::find(values.begin(), values.end(), inherited->value) == values.end()) {
    if (values.size() == limit)
      values.pop_back(); // the oldest of the latest
    values.push_back(inherited->value);
  }
  std::reverse(values.begin(), values.end());
  return values;
}

} // namespace

Sequence withReadBackQueries(const ClassModel &model, const Sequence &sequence,
                             const Outcome &outcome) {
  // What was passed to each object, including what the objects it was copied or assigned
  // from had been given.
  std::map<int, std::vector<Passed>> passedTo;
  std::map<int, std::string> classOf;
  const size_t count = std::min(sequence.size(), outcome.calls.size());
  for (size_t i = 0; i < count; ++i) {
    const Statement &statement = sequence.statements[i];
    const Callable &callable = model.callables[statement.callable];
    const int target = statement.receiver >= 0           ? statement.receiver
                       : outcome.calls[i].producedObject ? static_cast<int>(i)
                                                         : -1;
    if (target < 0)
      continue;
    if (statement.receiver < 0)
      classOf[target] = classMadeBy(model, statement);
    std::vector<Passed> &passed = passedTo[target];
    for (size_t a = 0; a < statement.args.size() && a < callable.params.size(); ++a) {
      const Argument &arg = statement.args[a];
      if (arg.kind == Argument::Kind::Literal && queryableType(callable.params[a].type) &&
          !callable.isConst) // a const call only asked about the value
        passed.push_back(
            {&callable.params[a], arg.literal, callable.kind == CallableKind::Constructor});
      else if (arg.kind == Argument::Kind::Variable && arg.variable != target &&
               classOf.count(arg.variable) && classOf[arg.variable] == classOf[target]) {
        for (Passed from : passedTo[arg.variable]) {
          from.inherited = true;
          passed.push_back(from);
        }
      }
    }
  }
  Sequence extended = sequence;
  const std::vector<int> stale = staleAtEnd(model, sequence);
  for (const auto &[object, passed] : passedTo) {
    if (static_cast<size_t>(object) >= count || !outcome.holds(object) ||
        std::binary_search(stale.begin(), stale.end(), object))
      continue; // a stale view is not asked either: its bytes may be freed
    // A query the test already made since the object last changed is not made again.
    size_t lastChange = object;
    for (size_t i = object; i < count; ++i)
      if (sequence.statements[i].receiver == object && outcome.calls[i].receiverChanged)
        lastChange = i;
    for (const Callable *query : queriesOf(model, classOf[object]))
      for (Value &value :
           valuesFor(model, classOf[object], query->params[0], passed, kMaxReadBackValues)) {
        Statement ask{query->id, object, {Argument::of(std::move(value))}};
        if (std::find(sequence.statements.begin() + lastChange, sequence.statements.end(), ask) ==
            sequence.statements.end())
          extended.statements.push_back(std::move(ask));
      }
  }
  return extended;
}

} // namespace unitgen
