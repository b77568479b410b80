// Completing a model: definitions, effects, invariant and observers, literals, TUs, includes.
#include "frontend/ModelDetails.h"

#include "frontend/CompileDatabase.h"
#include "model/Handles.h"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <map>

namespace unitgen {

namespace {

const char *const kInvariantNames[] = {"repOK", "invariant", "checkRep", "isValid"};

class Completer {
public:
  Completer(ClassModel &model, const ModelDetails &details)
      : model_(model), details_(details), project_(details.project) {}

  std::optional<Error> run() {
    for (const auto &[name, record] : details_.records) {
      fieldOwners_.insert(name);
      fieldOwners_.insert(record->bases.begin(), record->bases.end());
      if (!record->templateName.empty())
        specializationsOf_.emplace(record->templateName, name);
    }
    for (Callable &callable : model_.callables)
      addDefinitionAndEffects(callable);
    setAsideIndeterminateConstructors();
    setAsideHandleConstructors();
    markStoredDataReaders();
    for (size_t i = 0; i < model_.classes.size(); ++i)
      if (model_.classes[i].isApi)
        if (std::optional<Error> error = markInvariantAndObservers(model_.classes[i], i == 0))
          return error;
    collectLiterals();
    collectSources();
    if (std::optional<Error> error = checkParsed())
      return error;
    collectIncludes();
    return std::nullopt;
  }

private:
  /// Only fields of model objects (their classes' and bases') matter to the strategies; fields of
  /// the locals of helper code do not.
  bool isModelField(const std::string &field) const {
    size_t colon = field.rfind("::");
    return colon != std::string::npos && fieldOwners_.count(field.substr(0, colon));
  }

  /// `field` of a body as the model names it. A class template's members name their fields
  /// after the template (`ds::Stack::size_`); the model's classes are its specializations: the
  /// callable's own (`ds::Stack<int>::size_`), else every one the model holds.
  std::vector<std::string> modelFields(const std::string &field, const Callable &callable) const {
    if (isModelField(field))
      return {field};
    size_t colon = field.rfind("::");
    if (colon == std::string::npos)
      return {};
    const std::string owner = field.substr(0, colon), member = field.substr(colon);
    auto [begin, end] = specializationsOf_.equal_range(owner);
    for (auto it = begin; it != end; ++it)
      if (it->second == callable.owner)
        return {callable.owner + member};
    std::vector<std::string> names;
    for (auto it = begin; it != end; ++it)
      names.push_back(it->second + member);
    return names;
  }

  void addDefinitionAndEffects(Callable &callable) {
    if (callable.isFieldSetter) { // no body: it writes its field
      callable.effects.writes = {callable.owner + "::" + callable.name};
      return;
    }
    const auto &[facts, owner] = details_.callables[callable.id];
    auto body = project_.bodies.find(facts->usr);
    if (body == project_.bodies.end()) {
      // Whether the test is to delete what it makes through a `T **` is read from the stores
      // of its definition, or of its overriders' (a pure virtual `Env::NewWritableFile`);
      // without any, either guess leaks or frees twice.
      if (callable.madeThrough >= 0 && callable.isSupported()) {
        const std::optional<bool> owned = overridersMakeNew(facts->usr, callable.madeThrough);
        if (owned)
          callable.returnsOwned = *owned;
        else
          callable.unsupportedReason = fmt::format(
              "parameter {} has type {}: unitgen sees no definition of it or of an override that "
              "stores through it, so who owns the object it makes is unknown",
              callable.madeThrough + 1, callable.params[callable.madeThrough].type.spelling);
      }
      // An implicit constructor has no body; it initializes what has an initializer or a class.
      if (callable.kind == CallableKind::Constructor && owner)
        for (const std::string &field : owner->implicitlyInitialized)
          if (isModelField(field))
            callable.effects.writes.push_back(field);
      return;
    }
    callable.sourceFile = body->second.definition.file;
    callable.line = body->second.definition.line;
    const Passing passing = callable.returnType.passing;
    const std::vector<int> &madeNew = body->second.parametersMadeNew;
    callable.returnsOwned =
        callable.madeThrough >= 0
            ? std::count(madeNew.begin(), madeNew.end(), callable.madeThrough) > 0
            : body->second.returnsNew && callable.returnType.kind == TypeKind::Class &&
                  (passing == Passing::Pointer || passing == Passing::ConstPointer);

    // A chain of forwarding bodies, `user_key()` to `ExtractUserKey`; a cycle ends it.
    for (auto forwarding = body; !forwarding->second.forwardsTo.empty();) {
      forwarding = project_.bodies.find(forwarding->second.forwardsTo);
      if (forwarding == project_.bodies.end() ||
          std::count(callable.forwardsTo.begin(), callable.forwardsTo.end(),
                     forwarding->second.qualifiedName) > 0)
        break;
      callable.forwardsTo.push_back(forwarding->second.qualifiedName);
    }

    std::set<std::string> reads, writes, visited;
    std::vector<std::string> stack = {facts->usr};
    while (!stack.empty()) {
      std::string usr = std::move(stack.back());
      stack.pop_back();
      auto found = project_.bodies.find(usr);
      if (found == project_.bodies.end() || !visited.insert(usr).second)
        continue;
      if (reachedSet_.insert(usr).second)
        reached_.push_back(usr);
      for (const std::string &field : found->second.reads)
        for (std::string &name : modelFields(field, callable))
          reads.insert(std::move(name));
      for (const std::string &field : found->second.writes)
        for (std::string &name : modelFields(field, callable))
          writes.insert(std::move(name));
      stack.insert(stack.end(), found->second.callees.begin(), found->second.callees.end());
    }
    callable.effects.reads.assign(reads.begin(), reads.end());
    callable.effects.writes.assign(writes.begin(), writes.end());
  }

  /// Whether the overriders of the virtual method `usr` (transitively) that store through its
  /// parameter `position` store only objects they allocate (true: the caller owns them) or only
  /// others (false); none when none stores through it, or some store one kind and some the
  /// other. An override that stores nothing (a wrapper passing the parameter on) says nothing.
  std::optional<bool> overridersMakeNew(const std::string &usr, int position) {
    if (overriders_.empty())
      for (const auto &[overrider, body] : project_.bodies)
        for (const std::string &overridden : body.overrides)
          overriders_.emplace(overridden, overrider);
    bool madeNew = false, madeOther = false;
    std::set<std::string> seen = {usr};
    std::vector<std::string> pending = {usr};
    while (!pending.empty()) {
      const std::string method = pending.back();
      pending.pop_back();
      auto [begin, end] = overriders_.equal_range(method);
      for (auto it = begin; it != end; ++it) {
        if (!seen.insert(it->second).second)
          continue;
        pending.push_back(it->second);
        const BodyFacts &body = project_.bodies.at(it->second);
        auto has = [&](const std::vector<int> &positions) {
          return std::count(positions.begin(), positions.end(), position) > 0;
        };
        madeNew |= has(body.parametersMadeNew);
        madeOther |= has(body.parametersMadeOther);
      }
    }
    if (madeNew == madeOther)
      return std::nullopt;
    return madeNew;
  }

  /// The scalar fields of its class a user-written constructor leaves uninitialised (neither
  /// its initializers nor its body nor what it calls writes them, and they have no in-class
  /// initializer), as `name` spellings; empty for an implicit constructor and other callables.
  std::vector<std::string> leftUninitialised(const Callable &callable) const {
    const RecordFacts *owner = details_.callables[callable.id].second;
    if (callable.kind != CallableKind::Constructor || !owner || callable.sourceFile.empty())
      return {};
    std::vector<std::string> left;
    const std::vector<std::string> &writes = callable.effects.writes;
    for (const std::string &field : owner->needsInitializing)
      if (std::find(writes.begin(), writes.end(), field) == writes.end())
        left.push_back(field.substr(field.rfind("::") + 2));
    return left;
  }

  /// A constructor that leaves fields uninitialised (`ParsedInternalKey() {}  // left
  /// uninitialized for speed`) makes an object whose every use reads indeterminate values: a
  /// test of it would fail or pass by chance. Not called when another constructor of the class
  /// sets everything.
  void setAsideIndeterminateConstructors() {
    for (const ClassInfo &info : model_.classes) {
      std::vector<std::pair<Callable *, std::vector<std::string>>> judged;
      bool anotherSetsAll = false;
      for (int id : info.callables) {
        Callable &callable = model_.callables[id];
        if (callable.kind != CallableKind::Constructor || !callable.isSupported())
          continue;
        std::vector<std::string> left = leftUninitialised(callable);
        anotherSetsAll = anotherSetsAll || left.empty();
        if (!left.empty())
          judged.emplace_back(&callable, std::move(left));
      }
      if (!anotherSetsAll)
        continue;
      for (auto &[callable, left] : judged)
        callable->unsupportedReason =
            fmt::format("leaves `{}` uninitialised, so what it makes holds indeterminate values "
                        "(another constructor sets them)",
                        fmt::join(left, "`, `"));
    }
  }

  /// An empty class (`struct Handle {};`) is a handle (model/Handles.h): an object a test makes
  /// itself means nothing to the code it is given to, so tests get handles from calls only. A
  /// handle a call allocates (`return new Handle;`) is its object's to free (`close(handle)`),
  /// never the test's.
  void setAsideHandleConstructors() {
    for (const ClassInfo &info : model_.classes)
      if (isHandleClass(model_, info.qualifiedName))
        for (int id : info.callables)
          model_.callables[id].unsupportedReason =
              "an empty class is a handle the code hands out; a test gets one from a call";
    for (Callable &callable : model_.callables)
      if (callable.returnsOwned && isHandleClass(model_, callable.returnType.className))
        callable.returnsOwned = false;
  }

  /// A scalar field (`int size_`, `bool dirty_`, an enum) counts or flags; every other field
  /// (`int* store_`, `Node* root_`, `std::vector<int>`, `std::string`) holds stored data.
  static bool isScalar(const Field &field) {
    return field.shape == FieldShape::Value &&
           field.typeSpelling.find_first_of("*[<") == std::string::npos &&
           field.typeSpelling.find("string") == std::string::npos;
  }

  void markStoredDataReaders() {
    std::set<std::string> scalars;
    for (const ClassInfo &info : model_.classes)
      for (const Field &field : info.fields)
        if (isScalar(field))
          scalars.insert(info.qualifiedName + "::" + field.name);
    for (Callable &callable : model_.callables) {
      const std::vector<std::string> &reads = callable.effects.reads;
      callable.effects.readsStoredData =
          reads.empty() || std::any_of(reads.begin(), reads.end(), [&](const std::string &field) {
            return !scalars.count(field);
          });
    }
  }

  /// A repOK-like method: no arguments, returns bool, not static; const or not.
  bool isInvariantShaped(const Callable &callable) const {
    return callable.kind == CallableKind::Method && callable.params.empty() &&
           callable.returnType.kind == TypeKind::Bool &&
           callable.returnType.passing == Passing::Value && callable.isSupported();
  }

  std::optional<Error> markInvariantAndObservers(ClassInfo &info, bool isTarget) {
    std::vector<std::string> names(std::begin(kInvariantNames), std::end(kInvariantNames));
    const std::string &requested = details_.options.invariantName;
    if (!requested.empty()) {
      bool present = false;
      for (int id : info.callables)
        present = present || (model_.callables[id].name == requested &&
                              isInvariantShaped(model_.callables[id]));
      if (isTarget && !present && !model_.targetIsFunction)
        return inputError(fmt::format(
            "class '{}' has no public method '{}' that takes no arguments and returns bool, so it "
            "cannot be the invariant (--invariant)",
            info.qualifiedName, requested));
      // Helpers without the requested name keep the usual names.
      if (present)
        names = {requested};
    }
    for (const std::string &name : names) {
      for (int id : info.callables) {
        Callable &callable = model_.callables[id];
        if (callable.name == name && isInvariantShaped(callable)) {
          callable.isInvariant = true;
          info.invariant = name;
          break;
        }
      }
      if (!info.invariant.empty())
        break;
    }
    for (int id : info.callables) {
      Callable &callable = model_.callables[id];
      callable.isObserver = callable.kind == CallableKind::Method && callable.isConst &&
                            callable.params.empty() && callable.returnType.isPrintable() &&
                            callable.isSupported() && !callable.isInvariant;
    }
    return std::nullopt;
  }

  static void addEnumerators(const TypeDesc &type, Literals &literals) {
    for (const auto &enumerator : type.enumerators)
      literals.integers.push_back(enumerator.second);
    for (const TypeDesc &element : type.elements)
      addEnumerators(element, literals);
  }

  void collectLiterals() {
    Literals &literals = model_.literals;
    for (const std::string &usr : reached_)
      appendLiterals(literals, project_.bodies.at(usr).literals);
    for (const auto &[name, record] : details_.records)
      appendLiterals(literals, record->constants);
    for (const Callable &callable : model_.callables) {
      for (const Parameter &param : callable.params)
        addEnumerators(param.type, literals);
      addEnumerators(callable.returnType, literals);
    }
    normalizeLiterals(literals);
  }

  /// The TUs defining anything the callables reach, which the driver compiles as code under
  /// test, and the project's other TUs, which it links from an archive as the project built them.
  void collectSources() {
    for (const std::string &usr : reached_) {
      const std::string &file = project_.bodies.at(usr).definition.file;
      for (size_t i = 0; i < project_.tus.size(); ++i)
        if (project_.tus[i].file == file && sourceTus_.insert(static_cast<int>(i)).second)
          model_.sources.push_back(toSourceFile(project_.tus[i]));
    }
    for (size_t i = 0; i < project_.tus.size(); ++i)
      if (!sourceTus_.count(static_cast<int>(i)))
        model_.librarySources.push_back(toSourceFile(project_.tus[i]));
  }

  /// The model is only as good as the parse: a TU it is built from, or an error inside one of its
  /// headers, makes it an input error rather than a silently partial model.
  std::optional<Error> checkParsed() const {
    std::set<std::string> headers = {details_.targetHeader};
    for (const ClassInfo &info : model_.classes)
      headers.insert(info.header);
    for (size_t i = 0; i < project_.tus.size(); ++i) {
      const TuFacts &tu = project_.tus[i];
      if (tu.firstError.empty())
        continue;
      bool involved = sourceTus_.count(static_cast<int>(i)) > 0;
      for (const std::string &file : tu.errorFiles)
        involved = involved || headers.count(file) > 0;
      if (involved)
        return inputError(fmt::format("the code under test does not compile: {} (while parsing "
                                      "'{}'); unitgen needs code that compiles",
                                      tu.firstError, tu.file));
    }
    return std::nullopt;
  }

  /// A TU that includes the header: one that is compiled into the driver if possible.
  const TuFacts *tuFor(const std::set<int> &tus) const {
    for (int tu : tus)
      if (sourceTus_.count(tu))
        return &project_.tus[tu];
    return tus.empty() ? nullptr : &project_.tus[*tus.begin()];
  }

  void collectIncludes() {
    auto add = [&](const std::string &spelling) {
      if (std::find(model_.includeSpellings.begin(), model_.includeSpellings.end(), spelling) ==
          model_.includeSpellings.end())
        model_.includeSpellings.push_back(spelling);
    };
    if (model_.targetIsFunction)
      if (const TuFacts *tu = tuFor(details_.targetTus))
        add(includeSpelling(details_.targetHeader, *tu));
    for (ClassInfo &info : model_.classes) {
      const TuFacts *tu = tuFor(details_.records.at(info.qualifiedName)->tus);
      if (!tu)
        continue;
      info.includeSpelling = includeSpelling(info.header, *tu);
      if (info.isApi)
        add(info.includeSpelling);
    }
  }

  ClassModel &model_;
  const ModelDetails &details_;
  const ProjectFacts &project_;
  std::vector<std::string> reached_; ///< bodies reached from the callables, first visit first
  std::set<std::string> reachedSet_;
  std::set<int> sourceTus_;
  std::set<std::string> fieldOwners_; ///< model classes and their bases
  /// Class templates (`ds::Stack`) → their specializations in the model (`ds::Stack<int>`).
  std::multimap<std::string, std::string> specializationsOf_;
  /// Virtual method USR → the USRs of the bodies that override it directly.
  std::multimap<std::string, std::string> overriders_;
};

} // namespace

std::optional<Error> completeModel(ClassModel &model, const ModelDetails &details) {
  return Completer(model, details).run();
}

} // namespace unitgen
