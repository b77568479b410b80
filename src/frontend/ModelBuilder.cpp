// Which classes a model needs (API closure, producers, node types) and their callables, in order.
#include "frontend/ModelBuilder.h"

#include "frontend/CompileDatabase.h"
#include "frontend/ModelDetails.h"

#include <fmt/format.h>

#include <algorithm>
#include <cctype>
#include <deque>
#include <map>
#include <set>

namespace unitgen {

bool isSourceFile(const ProjectFacts &project, const std::string &file) {
  for (const TuFacts &tu : project.tus)
    if (tu.file == file)
      return true;
  return false;
}

namespace {

bool isIntegerSpelling(const std::string &spelling) {
  static const std::set<std::string> integers = {
      "int",           "unsigned int",  "long",           "unsigned long",
      "long long",     "short",         "unsigned short", "unsigned long long",
      "size_t",        "std::size_t",   "int32_t",        "int64_t",
      "uint32_t",      "uint64_t",      "std::int32_t",   "std::int64_t",
      "std::uint32_t", "std::uint64_t", "ptrdiff_t",      "std::ptrdiff_t"};
  return integers.count(spelling) > 0;
}

/// A field's name as the count and capacity conventions compare it: without an `m_` prefix,
/// lower case, letters and digits only (`m_numElements`, `num_elements_` -> `numelements`).
std::string conventionalName(const std::string &field) {
  std::string name;
  for (char c : field.rfind("m_", 0) == 0 ? field.substr(2) : field)
    if (std::isalnum(static_cast<unsigned char>(c)))
      name += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return name;
}

/// The integer field that counts the elements in use of the class's heap arrays (`size_`,
/// `count`, `m_length`): the heap walker reads that many, not the slack behind them, so two
/// stacks holding the same values are one state whatever they popped. Empty when none is named
/// like a count (a capacity or a top index is not one).
std::string countFieldOf(const std::vector<Field> &fields) {
  static const char *const exact[] = {"size",         "count",       "length",    "len",
                                      "used",         "numelements", "nelements", "numitems",
                                      "elementcount", "itemcount"};
  for (const char *wanted : exact)
    for (const Field &field : fields) {
      if (field.shape != FieldShape::Value || !isIntegerSpelling(field.typeSpelling))
        continue;
      if (conventionalName(field.name) == wanted)
        return field.name;
    }
  return "";
}

/// The integer field that bounds the length of the class's heap arrays (`capacity_`, `m_cap`,
/// `maxSize`): a heap built for a test must give the array that many elements. Empty when none
/// is named like one.
std::string capacityFieldOf(const std::vector<Field> &fields) {
  for (const Field &field : fields) {
    if (field.shape != FieldShape::Value || !isIntegerSpelling(field.typeSpelling))
      continue;
    std::string name = conventionalName(field.name);
    if (name.find("capacity") != std::string::npos || name == "cap" || name == "maxsize" ||
        name == "max")
      return field.name;
  }
  return "";
}

/// Callable as far as its declaration goes: types that are not classes are all supported.
bool declarationCallable(const CallableFacts &callable) {
  if (!callable.reason.empty())
    return false;
  for (const Parameter &param : callable.callable.params)
    if (!param.type.isSupported())
      return false;
  return true;
}

/// Gathers the classes of a model: the API closure, producers of classes that have no public
/// constructor, and records reachable through fields; then lays out classes and callables.
class Builder {
public:
  Builder(const ProjectFacts &project, const FrontendOptions &options)
      : project_(project), options_(options) {}

  Expected<ClassModel> forClass(const RecordFacts &target) {
    if (std::string why = whyNotModelable(target); !why.empty())
      return inputError(fmt::format("cannot test class '{}': it {}", target.qualifiedName, why));
    model_.target = target.qualifiedName;
    include(&target, /*api=*/true);
    settleApi();
    if (mockWhatNothingMakes(target.qualifiedName))
      settleApi();
    if (!obtainable_.count(target.qualifiedName))
      return inputError(notObtainableMessage(target));
    includeNodes();
    layOut({});
    return finish(target.definition.file, target.tus);
  }

  Expected<ClassModel> forFunctions(const std::vector<const FunctionFacts *> &overloads) {
    const FunctionFacts &first = *overloads.front();
    model_.target = first.callable.callable.qualifiedName;
    model_.targetIsFunction = true;
    if (!first.hiddenReason.empty())
      return inputError(
          fmt::format("cannot test function '{}': it {}", model_.target, first.hiddenReason));
    if (isSourceFile(project_, first.declaration.file))
      return inputError(fmt::format(
          "cannot test function '{}': it is declared only in the source file '{}'; declare it in "
          "a header so that tests can call it",
          model_.target, first.declaration.file));
    std::vector<const CallableFacts *> targets;
    for (const FunctionFacts *overload : overloads) {
      targets.push_back(&overload->callable);
      includeTypesOf(overload->callable, overload->tus);
    }
    settleApi();
    if (mockWhatNothingMakes(""))
      settleApi();
    includeNodes();
    layOut(targets);
    bool anySupported = false;
    std::string firstReason;
    for (const Callable &callable : model_.callables)
      if (callable.qualifiedName == model_.target) {
        anySupported = anySupported || callable.isSupported();
        if (firstReason.empty())
          firstReason = callable.unsupportedReason;
      }
    if (!anySupported)
      return inputError(fmt::format("cannot test function '{}': {}", model_.target, firstReason));
    return finish(first.declaration.file, first.tus);
  }

private:
  struct Member {
    const RecordFacts *record = nullptr;
    bool api = false;
  };

  /// Why a class cannot be part of the API a test uses; empty if it can.
  std::string whyNotModelable(const RecordFacts &record) const {
    if (record.isTemplate)
      return "is a class template";
    if (!record.hiddenReason.empty())
      return record.hiddenReason;
    if (isSourceFile(project_, record.definition.file))
      return fmt::format("is defined in the source file '{}', so tests cannot include it",
                         record.definition.file);
    return "";
  }

  /// The definition `name` refers to, preferring one seen by the TUs in `near`.
  const RecordFacts *resolve(const std::string &name, const std::set<int> &near) const {
    const RecordFacts *found = nullptr;
    for (const RecordFacts *record : project_.findRecords(name)) {
      if (record->isTemplate)
        continue;
      for (int tu : record->tus)
        if (near.count(tu))
          return record;
      if (!found)
        found = record;
    }
    return found;
  }

  /// Constructors, methods and operators of the class, its upcasts, then the free operators
  /// taking it first.
  std::vector<const CallableFacts *> apiOf(const RecordFacts &record) const {
    std::vector<const CallableFacts *> api;
    for (const CallableFacts &callable : record.callables)
      api.push_back(&callable);
    for (const CallableFacts &upcast : upcasts_)
      if (upcast.callable.owner == record.qualifiedName)
        api.push_back(&upcast);
    for (const FunctionFacts *function : project_.freeOperatorsOf(record.qualifiedName))
      if (function->hiddenReason.empty())
        api.push_back(&function->callable);
    return api;
  }

  void include(const RecordFacts *record, bool api) {
    auto [it, inserted] = members_.emplace(record->qualifiedName, Member{record, api});
    if (inserted)
      order_.push_back(record->qualifiedName);
    else if (api && !it->second.api)
      it->second.api = true;
    else
      return;
    if (api)
      pending_.push_back(record->qualifiedName);
  }

  /// Adds, transitively, every class a callable of an API class takes or returns.
  void closeOverTypes() {
    while (!pending_.empty()) {
      const RecordFacts &record = *members_.at(pending_.front()).record;
      pending_.pop_front();
      for (const CallableFacts *callable : apiOf(record))
        includeTypesOf(*callable, record.tus);
    }
  }

  void includeTypesOf(const CallableFacts &callable, const std::set<int> &near) {
    if (!declarationCallable(callable))
      return;
    std::vector<const TypeDesc *> types = {&callable.callable.returnType,
                                           &callable.callable.madeReturn};
    for (const Parameter &param : callable.callable.params)
      types.push_back(&param.type);
    // An array or container of a class (`const Slice *keys, int n`, `std::vector<Slice>`): the
    // test spells the class.
    for (const TypeDesc *type : types)
      if (type->kind == TypeKind::Class || type->holdsObjects())
        if (const RecordFacts *record = resolve(type->className, near);
            record && whyNotModelable(*record).empty())
          include(record, true);
  }

  /// Can a call be made once the classes in `obtainable_` can be had?
  bool inputsObtainable(const CallableFacts &callable) const {
    if (!declarationCallable(callable))
      return false;
    for (const Parameter &param : callable.callable.params)
      if (param.type.kind == TypeKind::Class && !obtainable_.count(param.type.className))
        return false;
    return true;
  }

  /// Classes of which the harness can get an instance: through a public constructor or through a
  /// callable of an obtainable class (or a static method, or a free factory) that returns one.
  void computeObtainable() {
    for (bool changed = true; changed;) {
      changed = false;
      auto mark = [&](const std::string &name) {
        if (members_.count(name) && members_.at(name).api && obtainable_.insert(name).second)
          changed = true;
      };
      for (const std::string &name : order_) {
        const Member &member = members_.at(name);
        if (!member.api)
          continue;
        for (const CallableFacts *callable : apiOf(*member.record)) {
          const Callable &call = callable->callable;
          if (!inputsObtainable(*callable))
            continue;
          if (call.kind == CallableKind::Constructor && !member.record->abstract)
            mark(name);
          if (call.returnType.kind == TypeKind::Class &&
              (!call.needsReceiver() || obtainable_.count(name)))
            mark(call.returnType.className);
        }
      }
      for (const FunctionFacts *producer : producers_)
        if (inputsObtainable(producer->callable))
          mark(producer->callable.callable.returnType.className);
    }
  }

  /// Public callables anywhere in the project that return `name` (how Driver joins the model of
  /// Statement: Driver::connect is the only way to get a Connection).
  bool findProducers(const std::string &name) {
    bool found = false;
    for (const RecordFacts &record : project_.records) {
      if (!whyNotModelable(record).empty())
        continue;
      for (const CallableFacts *callable : apiOf(record))
        if (declarationCallable(*callable) &&
            callable->callable.returnType.kind == TypeKind::Class &&
            callable->callable.returnType.className == name &&
            !(members_.count(record.qualifiedName) && members_.at(record.qualifiedName).api)) {
          include(&record, true);
          found = true;
          break;
        }
    }
    for (const FunctionFacts &function : project_.functions) {
      const Callable &call = function.callable.callable;
      if (call.kind == CallableKind::FreeFunction && function.hiddenReason.empty() &&
          declarationCallable(function.callable) && call.returnType.kind == TypeKind::Class &&
          call.returnType.className == name && !isSourceFile(project_, function.declaration.file) &&
          std::find(producers_.begin(), producers_.end(), &function) == producers_.end()) {
        producers_.push_back(&function);
        includeTypesOf(function.callable, function.tus);
        found = true;
      }
    }
    return found;
  }

  /// An upcast (Callable::isUpcast) from each API class to each of its public bases that only
  /// subclasses make (findSubclasses): a `geo::Square` is passed where a `const geo::Shape &`
  /// is taken. A base the API has objects of otherwise gets none: passing every object where
  /// any base is taken (a document where a node to link in is) mostly builds what no caller
  /// does.
  void addUpcasts() {
    for (const std::string &name : order_) {
      const Member &derived = members_.at(name);
      if (!derived.api)
        continue;
      for (const std::string &base : derived.record->publicBases) {
        if (!subclassed_.count(base) || !upcastPairs_.insert({name, base}).second)
          continue;
        CallableFacts upcast;
        Callable &callable = upcast.callable;
        callable.kind = CallableKind::Method;
        callable.owner = name;
        callable.name = "static_cast<" + base + " &>";
        callable.qualifiedName = name + "::" + callable.name;
        callable.isUpcast = true;
        callable.returnType.kind = TypeKind::Class;
        callable.returnType.className = callable.returnType.valueSpelling = base;
        callable.returnType.passing = Passing::Reference;
        callable.returnType.spelling = base + "&";
        upcasts_.push_back(std::move(upcast));
      }
    }
  }

  /// Concrete classes of the project a test can construct that derive publicly from the
  /// abstract `name` (at most three, in the project's order): an abstract parameter gets a real
  /// object (`geo::Square square(2.5); canvas.add(square);`) before it gets a mock.
  bool findSubclasses(const std::string &name) {
    int found = 0;
    for (const RecordFacts &record : project_.records) {
      if (found == 3)
        break;
      if (record.abstract || !whyNotModelable(record).empty() ||
          std::find(record.publicBases.begin(), record.publicBases.end(), name) ==
              record.publicBases.end())
        continue;
      const bool constructible = std::any_of(
          record.callables.begin(), record.callables.end(), [](const CallableFacts &callable) {
            return callable.callable.kind == CallableKind::Constructor && callable.reason.empty();
          });
      if (!constructible)
        continue;
      include(&record, true);
      ++found;
    }
    if (found > 0)
      subclassed_.insert(name);
    return found > 0;
  }

  /// An abstract class of the API that nothing in the project makes (no subclass a test can
  /// construct, no factory) gets a mock, when one can be made: `WriteBatch::Iterate(Handler *)`
  /// is called with a mock handler. Never the class under test itself. True if any.
  bool mockWhatNothingMakes(const std::string &target) {
    bool any = false;
    for (const std::string &name : order_) {
      const Member &member = members_.at(name);
      if (name == target || !member.api || obtainable_.count(name) || !member.record->abstract ||
          !member.record->unmockableReason.empty())
        continue;
      obtainable_.insert(name);
      mocked_.insert(name);
      CallableFacts mock;
      mock.callable.kind = CallableKind::Constructor;
      mock.callable.owner = name;
      mock.callable.name =
          name.substr(name.rfind(':') == std::string::npos ? 0 : name.rfind(':') + 1);
      mock.callable.qualifiedName = name + "::" + mock.callable.name;
      mock.callable.returnType.kind = TypeKind::Void;
      mock.callable.returnType.spelling = mock.callable.returnType.valueSpelling = "void";
      mock.callable.isMock = true;
      // What its methods return, chosen as arguments are (MockMethod::resultParameter).
      for (const MockMethod &method : member.record->mockMethods)
        if (method.result.isSupported())
          mock.callable.params.push_back({method.name, method.result, false});
      mockConstructors_.push_back(std::move(mock));
      any = true;
    }
    return any;
  }

  /// Closure, then producers for whatever cannot be created yet, until nothing changes.
  void settleApi() {
    std::set<std::string> searched;
    for (bool grew = true; grew;) {
      closeOverTypes();
      addUpcasts();
      computeObtainable();
      grew = false;
      for (size_t i = 0; i < order_.size(); ++i) {
        const std::string name = order_[i];
        const Member &member = members_.at(name);
        if (!member.api || obtainable_.count(name) || !searched.insert(name).second)
          continue;
        bool found = findProducers(name);
        if (!found && member.record->abstract)
          found = findSubclasses(name);
        grew = found || grew;
      }
    }
  }

  /// Records reachable through Ref and Embedded fields, so the heap walker can follow them.
  void includeNodes() {
    for (size_t i = 0; i < order_.size(); ++i) {
      const RecordFacts &record = *members_.at(order_[i]).record;
      for (const Field &field : record.fields)
        if (field.shape == FieldShape::Ref || field.shape == FieldShape::Embedded)
          if (const RecordFacts *node = resolve(field.recordName, record.tus);
              node && !isSourceFile(project_, node->definition.file))
            include(node, false);
    }
  }

  /// Fields of a model class; a Ref or Embedded field whose record is not in the model is opaque.
  std::vector<Field> fieldsOf(const RecordFacts &record) const {
    std::vector<Field> fields = record.fields;
    std::string count = countFieldOf(fields), capacity = capacityFieldOf(fields);
    for (Field &field : fields)
      if (field.shape == FieldShape::HeapArray) {
        field.countField = count;
        field.capacityField = capacity;
      }
    for (Field &field : fields) {
      if ((field.shape == FieldShape::Ref || field.shape == FieldShape::Embedded) &&
          !members_.count(field.recordName)) {
        field.note = "record " + field.recordName + " is not visible outside its source file";
        field.shape = FieldShape::Opaque;
        field.recordName.clear();
        field.isPointer = false;
      }
    }
    return fields;
  }

  std::string notObtainableMessage(const RecordFacts &target) const {
    std::string constructors;
    for (const CallableFacts &callable : target.callables)
      if (callable.callable.kind == CallableKind::Constructor) {
        constructors += constructors.empty() ? "" : "; ";
        constructors += callable.callable.signature();
        std::string why = unsupportedReasonOf(callable);
        constructors += why.empty() ? ": needs an object unitgen cannot create" : ": " + why;
      }
    if (target.abstract)
      return fmt::format("cannot test class '{}': it is abstract and no public method of another "
                         "class returns an instance of it",
                         target.qualifiedName);
    if (!constructors.empty())
      return fmt::format("cannot test class '{}': unitgen cannot call any of its constructors ({}) "
                         "and no public method of another class returns an instance of it",
                         target.qualifiedName, constructors);
    return fmt::format(
        "cannot test class '{}': it has no public constructor and no public method of another "
        "class returns an instance of it (a factory such as `std::unique_ptr<{}> "
        "Factory::create()`), so unitgen cannot create one",
        target.qualifiedName, target.qualifiedName);
  }

  std::string whyNotInModel(const std::string &name) const {
    const RecordFacts *record = resolve(name, {});
    if (!record)
      return "class " + name + " is not defined in any translation unit of the compile database";
    std::string why = whyNotModelable(*record);
    return "class " + name + " " + (why.empty() ? "is not part of the model" : why);
  }

  /// What keeps a callable from being called, given the classes of the model.
  std::string unsupportedReasonOf(const CallableFacts &facts) const {
    if (!facts.reason.empty())
      return facts.reason;
    const Callable &callable = facts.callable;
    auto blocked = [&](size_t i, const std::string &why) {
      return fmt::format("parameter {} has type {}: {}", i + 1, callable.params[i].type.spelling,
                         why);
    };
    // A type unitgen cannot pass at all first: it is why the callable's class parameters were
    // never pulled into the model, so naming one of those would blame the wrong parameter.
    for (size_t i = 0; i < callable.params.size(); ++i)
      if (!callable.params[i].type.unsupportedReason.empty())
        return blocked(i, callable.params[i].type.unsupportedReason);
    for (size_t i = 0; i < callable.params.size(); ++i) {
      const TypeDesc &type = callable.params[i].type;
      std::string why;
      if (type.isSupported() && type.kind == TypeKind::Class) {
        auto member = members_.find(type.className);
        if (member == members_.end() || !member->second.api)
          why = whyNotInModel(type.className);
        else if (!obtainable_.count(type.className))
          why = "unitgen cannot create a " + type.className +
                " (no public constructor and no factory)";
        else if (type.passing == Passing::RvalueReference && !member->second.record->movable)
          why = type.className + " cannot be moved";
      }
      if (!why.empty())
        return blocked(i, why);
    }
    if (callable.isMock)
      return "";
    // A mock's methods are the code under test's to call, and counted: not the test's.
    if (mocked_.count(callable.owner))
      return callable.owner + " is mocked: the code under test calls its methods";
    if (callable.kind == CallableKind::Constructor) {
      auto owner = members_.find(callable.owner);
      if (owner != members_.end() && owner->second.record->abstract)
        return callable.owner + " is abstract";
    }
    return "";
  }

  /// Assigns ids: the target functions first, then each API class's callables, then factories.
  void layOut(const std::vector<const CallableFacts *> &targetFunctions) {
    for (const CallableFacts *function : targetFunctions)
      addCallable(*function, nullptr);
    for (const std::string &name : order_) {
      const Member &member = members_.at(name);
      ClassInfo info;
      info.qualifiedName = name;
      info.header = member.record->definition.file;
      info.isApi = member.api && obtainable_.count(name);
      // An object of an abstract class is never made, so never copied or moved into one.
      info.copyable = member.record->copyable && !member.record->abstract;
      info.movable = member.record->movable && !member.record->abstract;
      info.destructible = member.record->destructible;
      info.abstract = member.record->abstract;
      info.fields = fieldsOf(*member.record);
      info.hiddenOverloads = member.record->hiddenOverloads;
      if (member.api && !info.isApi)
        info.unsupportedReason = "unitgen cannot create an instance: no public constructor it can "
                                 "call and no factory";
      if (mocked_.count(name)) {
        info.mockMethods = member.record->mockMethods;
        int parameter = 0; // as mockWhatNothingMakes lists them
        for (MockMethod &method : info.mockMethods)
          if (method.result.isSupported())
            method.resultParameter = parameter++;
      }
      model_.classes.push_back(std::move(info));
      if (model_.classes.back().isApi) {
        for (const CallableFacts &mock : mockConstructors_)
          if (mock.callable.owner == name)
            model_.classes.back().callables.push_back(addCallable(mock, member.record));
        for (const CallableFacts *callable : apiOf(*member.record))
          model_.classes.back().callables.push_back(addCallable(*callable, member.record));
      }
    }
    for (const FunctionFacts *producer : producers_)
      addCallable(producer->callable, nullptr);
  }

  int addCallable(const CallableFacts &facts, const RecordFacts *owner) {
    Callable callable = facts.callable;
    callable.id = static_cast<int>(model_.callables.size());
    callable.unsupportedReason = unsupportedReasonOf(facts);
    TypeDesc &result = callable.returnType;
    if (result.kind == TypeKind::Class &&
        !(members_.count(result.className) && members_.at(result.className).api)) {
      result.kind = TypeKind::Unsupported;
      result.unsupportedReason = whyNotInModel(result.className);
    }
    callableFacts_.emplace_back(&facts, owner);
    model_.callables.push_back(std::move(callable));
    return model_.callables.back().id;
  }

  Expected<ClassModel> finish(const std::string &targetHeader, const std::set<int> &targetTus) {
    ModelDetails details{project_, options_, {}, callableFacts_, targetHeader, targetTus};
    for (const auto &[name, member] : members_)
      details.records.emplace(name, member.record);
    if (std::optional<Error> error = completeModel(model_, details))
      return *error;
    return std::move(model_);
  }

  const ProjectFacts &project_;
  const FrontendOptions &options_;
  ClassModel model_;
  std::map<std::string, Member> members_;
  std::vector<std::string> order_; ///< inclusion order: the target class first
  std::deque<std::string> pending_;
  std::set<std::string> obtainable_;
  std::vector<const FunctionFacts *> producers_;
  std::set<std::string> mocked_;               ///< abstract classes mocked (mockWhatNothingMakes)
  std::deque<CallableFacts> mockConstructors_; ///< stable: callableFacts_ points into it
  std::deque<CallableFacts> upcasts_;          ///< stable: callableFacts_ points into it
  std::set<std::pair<std::string, std::string>> upcastPairs_; ///< (derived, base) added
  std::set<std::string> subclassed_; ///< abstract classes only their subclasses make
  std::vector<std::pair<const CallableFacts *, const RecordFacts *>> callableFacts_;
};

} // namespace

Expected<ClassModel> buildClassModel(const ProjectFacts &project, const FrontendOptions &options,
                                     const RecordFacts &target) {
  return Builder(project, options).forClass(target);
}

Expected<ClassModel> buildFunctionModel(const ProjectFacts &project, const FrontendOptions &options,
                                        const std::vector<const FunctionFacts *> &overloads) {
  return Builder(project, options).forFunctions(overloads);
}

} // namespace unitgen
