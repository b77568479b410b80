// BuilderTestWriter: member pointers exposed by explicit instantiation, one builder function
// per heap (objects named breadth-first), and the calls with their recorded outcomes.
#include "emit/BuilderTestWriter.h"

#include "emit/Identifiers.h"
#include "emit/LiteralPrinter.h"
#include "emit/TestNamer.h"

#include <fmt/format.h>

#include <algorithm>
#include <cctype>
#include <map>
#include <set>

namespace unitgen {
namespace {

std::string shortName(const std::string &qualified) {
  size_t colon = qualified.rfind("::");
  return colon == std::string::npos ? qualified : qualified.substr(colon + 2);
}

Value integralValue(const TypeDesc &type, long long number) {
  if (type.kind == TypeKind::Bool)
    return Value::boolean(number != 0);
  if (type.kind == TypeKind::Integer && !type.isSigned)
    return Value::unsignedInteger(static_cast<uint64_t>(number));
  return Value::integer(number);
}

/// The private members the builders assign, and the names the file gives them.
class MemberTable {
public:
  MemberTable(const ClassModel &model, const Finitization &finitization) : model_(model) {
    std::map<std::string, int> fieldNameUses;
    for (auto [cls, count] : finitization.objects) {
      if (!classes_.insert(cls).second)
        continue;
      order_.push_back(cls);
      for (const Field &field : model.classes[cls].fields)
        if (isFinitizable(field))
          ++fieldNameUses[field.name];
    }
    for (int cls : order_) {
      int ordinal = 0;
      for (const Field &field : model.classes[cls].fields) {
        if (!isFinitizable(field))
          continue;
        std::string accessor = fieldNameUses[field.name] > 1
                                   ? shortName(model.classes[cls].qualifiedName) + "_" + field.name
                                   : field.name;
        members_[{cls, ordinal++}] = {static_cast<int>(entries_.size()), accessor, &field};
        entries_.push_back({cls, &field});
      }
    }
    std::set<std::string> taken{shortName(model.targetClass().qualifiedName)};
    for (int cls : order_) {
      std::string alias = cls == order_[0] ? model.classes[cls].qualifiedName
                                           : shortName(model.classes[cls].qualifiedName);
      if (cls != order_[0] && !taken.insert(alias).second)
        alias += std::to_string(cls);
      aliases_[cls] = alias;
    }
  }

  struct Member {
    int number = 0;
    std::string accessor;
    const Field *field = nullptr;
  };
  const Member &member(int cls, int finitizableIndex) const {
    return members_.at({cls, finitizableIndex});
  }
  const std::string &alias(int cls) const { return aliases_.at(cls); }

  /// The instantiations, the node classes' aliases and the accessors.
  std::string declarations() const {
    std::string text =
        "// The builders assign private members. An explicit instantiation may name them (C++\n"
        "// exempts it from access checks); each one below defines memberPointer(Member<N>).\n"
        "template <int N> struct Member {\n"
        "  friend constexpr auto memberPointer(Member<N>);\n"
        "};\n"
        "template <int N, auto Pointer> struct ExposeMember {\n"
        "  friend constexpr auto memberPointer(Member<N>) { return Pointer; }\n"
        "};\n";
    for (size_t n = 0; n < entries_.size(); ++n)
      text +=
          fmt::format("template struct ExposeMember<{}, &{}::{}>;\n", n,
                      model_.classes[entries_[n].first].qualifiedName, entries_[n].second->name);
    text += "\ntemplate <class Class, class Type> Type memberType(Type Class::*);\n";
    for (int cls : order_) {
      if (cls == order_[0])
        continue;
      for (size_t n = 0; n < entries_.size(); ++n) { // a field that points to it names the type
        const Field &field = *entries_[n].second;
        if (field.shape != FieldShape::Ref || field.recordName != model_.classes[cls].qualifiedName)
          continue;
        std::string type = fmt::format("decltype(memberType(memberPointer(Member<{}>{{}})))", n);
        text += fmt::format("using {} = {};\n", aliases_.at(cls),
                            field.isPointer ? "std::remove_pointer_t<" + type + ">"
                                            : "typename " + type + "::element_type");
        break;
      }
    }
    text += "\n";
    for (size_t n = 0; n < entries_.size(); ++n)
      text += fmt::format("template <class Object> auto &{}(Object *object) {{\n"
                          "  return object->*memberPointer(Member<{}>{{}});\n}}\n",
                          members_.at(key(n)).accessor, n);
    text += "\n/// Zeroed storage for one object; the class's own delete frees it.\n"
            "template <class Class> Class *blankObject() {\n"
            "  return static_cast<Class *>(std::memset(::operator new(sizeof(Class)), 0, "
            "sizeof(Class)));\n}\n";
    return text;
  }

private:
  std::pair<int, int> key(size_t n) const {
    for (const auto &[where, member] : members_)
      if (member.number == static_cast<int>(n))
        return where;
    return {};
  }
  const ClassModel &model_;
  std::set<int> classes_;
  std::vector<int> order_;
  std::vector<std::pair<int, const Field *>> entries_;
  std::map<std::pair<int, int>, Member> members_;
  std::map<int, std::string> aliases_;
};

/// The builder function of one heap: objects the receiver reaches, breadth-first.
std::string builderFunction(const std::string &name, const std::string &receiverType,
                            const MemberTable &members, const Finitization &finitization,
                            const std::vector<uint32_t> &values) {
  HeapObjects heap(finitization);
  std::vector<std::string> objectName(heap.objectClass.size());
  std::map<int, int> perClass;
  objectName[0] = "self";
  std::vector<int> queue{0};
  std::string creations = fmt::format("  auto *self = blankObject<{}>();\n", receiverType);
  std::string assignments;
  for (size_t i = 0; i < queue.size(); ++i) {
    int object = queue[i];
    for (size_t k : heap.fieldsOf[object]) {
      const CandidateField &candidate = finitization.fields[k];
      const MemberTable::Member &member =
          members.member(candidate.classIndex, candidate.finitizableIndex);
      const FieldDomain &domain = candidate.domain;
      std::string target = fmt::format("{}({})", member.accessor, objectName[object]);
      std::string value;
      if (domain.objects) {
        int pointee = heap.target(domain, values[k]);
        if (pointee >= 0 && objectName[pointee].empty()) {
          std::string alias = members.alias(heap.objectClass[pointee]);
          std::string stem = alias;
          stem[0] = static_cast<char>(std::tolower(static_cast<unsigned char>(stem[0])));
          objectName[pointee] = stem + std::to_string(perClass[heap.objectClass[pointee]]++);
          creations += fmt::format("  auto *{} = blankObject<{}>();\n", objectName[pointee], alias);
          queue.push_back(pointee);
        }
        if (pointee < 0)
          continue; // the storage is zeroed: already null
        value = objectName[pointee];
        if (!member.field->isPointer) {
          assignments += fmt::format("  {}.reset({});\n", target, value);
          continue;
        }
      } else if (domain.block >= 0) {
        if (values[k] == 0) {
          continue;
        } else {
          std::vector<std::string> elements;
          for (size_t e : heap.elementsOf[domain.block])
            elements.push_back(std::to_string(finitization.fields[e].domain.low + values[e]));
          value = fmt::format("new std::remove_reference_t<decltype(*{})>[{}]{{{}}}", target,
                              elements.size(), fmt::join(elements, ", "));
        }
      } else {
        long long number = domain.low + values[k];
        const TypeDesc &type = member.field->type;
        if (type.kind == TypeKind::Bool)
          value = number ? "true" : "false";
        else if (type.kind == TypeKind::Enum) // its enumerators may be private
          value =
              fmt::format("static_cast<std::remove_reference_t<decltype({})>>({})", target, number);
        else
          value = std::to_string(number);
      }
      assignments += fmt::format("  {} = {};\n", target, value);
    }
  }
  return fmt::format("{} *{}() {{\n{}{}  return self;\n}}\n", receiverType, name, creations,
                     assignments);
}

/// The arguments as literals of the callable's parameter types (defaulted ones left out).
std::vector<std::string> argumentLiterals(const Callable &callable,
                                          const std::vector<long long> &arguments) {
  std::vector<std::string> literals;
  for (size_t i = 0; i < callable.params.size() && i < arguments.size(); ++i)
    literals.push_back(printLiteral(integralValue(callable.params[i].type, arguments[i]),
                                    callable.params[i].type, LiteralUse::Argument));
  return literals;
}

std::string callText(const Callable &method, const std::vector<long long> &arguments) {
  return fmt::format("self->{}({})", method.name,
                     fmt::join(argumentLiterals(method, arguments), ", "));
}

/// The statements that check one recorded call that passed.
std::string checkedCall(const Callable &method, const HeapCallOutcome &outcome) {
  std::string call = callText(method, outcome.arguments);
  switch (outcome.kind) {
  case HeapCallOutcome::Kind::Returned:
    if (method.returnType.kind == TypeKind::Bool)
      return fmt::format("  EXPECT_{}({});\n", outcome.value ? "TRUE" : "FALSE", call);
    return fmt::format("  EXPECT_EQ({}, {});\n", call,
                       printLiteral(integralValue(method.returnType, outcome.value),
                                    method.returnType, LiteralUse::Expected));
  case HeapCallOutcome::Kind::Threw:
    return fmt::format("  EXPECT_ANY_THROW({});\n", call);
  default:
    return fmt::format("  {};\n", call);
  }
}

/// One passing call on a fresh copy of the heap: the call and its result, the invariant, and
/// after a method that may change the object (not const), what each observer read then.
std::string passingCall(const ClassModel &model, const BuilderSuite &suite,
                        const std::string &builder, const HeapCallOutcome &outcome) {
  const Callable &method = model.callables[suite.methods[suite.plans[outcome.plan].method]];
  std::string text = fmt::format("  self.reset({}());\n", builder) + checkedCall(method, outcome) +
                     fmt::format("  EXPECT_TRUE(self->{}());\n", model.targetClass().invariant);
  if (method.isConst)
    return text;
  for (size_t i = 0; i < suite.observers.size() && i < outcome.observed.size(); ++i) {
    if (!outcome.observed[i])
      continue; // it threw: a reading, not a check worth a line
    HeapCallOutcome reading;
    reading.kind = HeapCallOutcome::Kind::Returned;
    reading.value = *outcome.observed[i];
    text += checkedCall(model.callables[suite.methods[suite.observers[i]]], reading);
  }
  return text;
}

/// `: WHAT IT SAID. The theory NAME is in FILES, compiled into this test.` — the comment's end.
std::string theoryNote(const ClassModel &model, const TheoryViolation &broken) {
  std::string said = broken.violation.substr(0, broken.violation.find('\n'));
  const std::string named = broken.theory + ": "; // theory.h's message starts with the name
  if (said.compare(0, named.size(), named) == 0)
    said.erase(0, named.size());
  return (said.empty() ? "." : ": " + said + ".") + "\n// The theory " + broken.theory + " is in " +
         theoryFileNames(model) + ", compiled into this test.";
}

/// GoogleTest shows the theory's failed assertion.
std::string theoryCheck(const TheoryViolation &broken) {
  return fmt::format("  EXPECT_EQ(unitgen::theoryViolation(\"{}\", *self), \"\");\n",
                     broken.theory);
}

/// `theories`: the file calls unitgen::theoryViolation.
std::string fileHeader(const ClassModel &model, const Provenance &provenance,
                       const std::string &purpose, bool theories = false) {
  std::string text = "// " + generatedByNote(model, provenance) + "\n// " +
                     regenerateNote(model, provenance) + "\n//\n// " + purpose + "\n";
  for (const std::string &header : model.includeSpellings)
    text += "#include \"" + header + "\"\n";
  text += "\n#include <gtest/gtest.h>\n";
  if (theories)
    text += "#include <unitgen/theory.h>\n";
  text += "\n#include <cstring>\n#include <memory>\n#include "
          "<new>\n#include <type_traits>\n\n"
          "#if defined(__GNUC__) && !defined(__clang__)\n"
          "#pragma GCC diagnostic ignored \"-Wnon-template-friend\"\n#endif\n\n";
  return text;
}

} // namespace

BuilderFiles writeBuilderTests(const ClassModel &model, const BuilderSuite &suite,
                               const Provenance &provenance) {
  const Finitization &finitization = *suite.finitization;
  const std::string subject = subjectName(model);
  const std::string receiver = model.targetClass().qualifiedName;
  const std::string invariant = model.targetClass().invariant;
  MemberTable members(model, finitization);
  std::vector<std::string> builders;
  std::string tests, failures;
  std::vector<std::vector<const HeapCallOutcome *>> byHeap(suite.heaps.size());
  for (const HeapCallOutcome &outcome : suite.outcomes)
    if (outcome.heap < byHeap.size())
      byHeap[outcome.heap].push_back(&outcome);
  std::set<size_t> failingHeaps;
  bool theories = std::any_of(suite.heapTheories.begin(), suite.heapTheories.end(),
                              [](const TheoryViolation &v) { return v.broken(); });
  for (size_t h = 0; h < suite.heaps.size(); ++h) {
    std::string builder = fmt::format("heap{}", h + 1);
    builders.push_back(builderFunction(builder, receiver, members, finitization, suite.heaps[h]) +
                       "\n");
    std::string body =
        fmt::format("  std::unique_ptr<{}> self({}());\n  EXPECT_TRUE(self->{}());\n", receiver,
                    builder, invariant);
    if (h < suite.heapTheories.size() && suite.heapTheories[h].broken()) {
      failingHeaps.insert(h);
      const TheoryViolation &broken = suite.heapTheories[h];
      failures +=
          fmt::format("// Heap {} as built breaks the theory {}{}\nTEST({}BuilderFailuresTest, "
                      "Heap{}_Breaks{}) {{\n{}{}}}\n\n",
                      h + 1, broken.theory, theoryNote(model, broken), subject, h + 1,
                      broken.theory, body, theoryCheck(broken));
    }
    for (const HeapCallOutcome *outcome : byHeap[h]) {
      const Callable &method = model.callables[suite.methods[suite.plans[outcome->plan].method]];
      if (outcome->failed()) {
        failingHeaps.insert(h);
        const bool theory = outcome->invariantHolds && outcome->theory.broken();
        std::string why = outcome->kind == HeapCallOutcome::Kind::Crashed
                              ? fmt::format("crashes (signal {})", outcome->signal)
                          : outcome->kind == HeapCallOutcome::Kind::Hung ? "hangs"
                          : !outcome->invariantHolds
                              ? "breaks the invariant"
                              : "breaks the theory " + outcome->theory.theory;
        std::string name = fmt::format(
            "{}Heap{}_{}", outcome->kind == HeapCallOutcome::Kind::Hung ? "DISABLED_" : "", h + 1,
            method.name);
        for (long long argument : outcome->arguments)
          name +=
              argument < 0 ? "_minus" + std::to_string(-argument) : "_" + std::to_string(argument);
        failures += fmt::format(
            "// {} {}{}\nTEST({}BuilderFailuresTest, {}) {{\n  std::unique_ptr<{}> self({}());\n"
            "  {};\n  EXPECT_TRUE(self->{}());\n{}}}\n\n",
            callText(method, outcome->arguments), why,
            theory ? theoryNote(model, outcome->theory) : ".", subject, name, receiver, builder,
            callText(method, outcome->arguments), invariant,
            theory ? theoryCheck(outcome->theory) : "");
        theories |= theory;
        continue;
      }
      body += passingCall(model, suite, builder, *outcome);
    }
    tests += fmt::format("TEST({}BuilderTest, Heap{}) {{\n{}}}\n\n", subject, h + 1, body);
  }
  BuilderFiles files;
  files.regressionName = subject + "_builder_test.cpp";
  files.failuresName = subject + "_builder_failures_test.cpp";
  std::vector<std::string> observerCalls;
  for (int observer : suite.observers)
    observerCalls.push_back(model.callables[suite.methods[observer]].name + "()");
  std::string observed =
      observerCalls.empty()
          ? std::string()
          : fmt::format(" After a call that may change it, {} must read as recorded.",
                        fmt::join(observerCalls, ", "));
  std::string purpose = fmt::format(
      "Builder tests: each builds a heap of {} through private access (fields left out are "
      "null), then calls the methods under test on fresh copies of it.{}",
      suite.description, observed);
  std::string allBuilders, failingBuilders;
  for (size_t h = 0; h < builders.size(); ++h) {
    allBuilders += builders[h];
    if (failingHeaps.count(h))
      failingBuilders += builders[h];
  }
  auto body = [&](const std::string &usedBuilders) {
    return "namespace {\n\n" + members.declarations() + "\n" + usedBuilders + "} // namespace\n\n";
  };
  files.regression = fileHeader(model, provenance, purpose) + body(allBuilders) + tests;
  std::string failuresPurpose =
      "Builder failure reproducers: calls on heaps of " + suite.description +
      (model.theories.empty() ? " that crashed, hung or broke the invariant."
                              : " that crashed, hung, broke the invariant or a theory, and heaps "
                                "that broke a theory as built.");
  files.failures = failures.empty()
                       ? "// " + generatedByNote(model, provenance) + "\n// " +
                             regenerateNote(model, provenance) + "\n//\n// " + failuresPurpose +
                             "\n// No call on these heaps crashed, hung or broke the invariant.\n"
                       : fileHeader(model, provenance, failuresPurpose, theories) +
                             body(failingBuilders) + failures;
  files.legalName = subject + "_legal_test.cpp";
  std::string legalBuilders, legalTests, unreached;
  for (size_t h = 0; h < suite.heaps.size(); ++h) {
    if (h >= suite.legal.size() || !suite.legal[h]) {
      unreached += (unreached.empty() ? "" : ", ") + std::to_string(h + 1);
      continue;
    }
    std::string builder = fmt::format("legalHeap{}", h + 1);
    const LegalSequence &sequence = *suite.legal[h];
    std::string steps;
    for (const LegalStep &step : sequence.calls) {
      const Callable &method = model.callables[suite.methods[suite.plans[step.first].method]];
      steps += fmt::format("  {};\n", callText(method, step.second));
    }
    std::vector<std::string> constructorArguments;
    if (suite.constructor >= 0)
      constructorArguments =
          argumentLiterals(model.callables[suite.constructor], sequence.constructorArguments);
    legalBuilders += fmt::format("/// Heap {} of the builder tests, reached through the public "
                                 "API.\n{} *{}() {{\n  auto *self = new {}({});\n{}  return "
                                 "self;\n}}\n\n",
                                 h + 1, receiver, builder, receiver,
                                 fmt::join(constructorArguments, ", "), steps);
    std::string body =
        fmt::format("  std::unique_ptr<{}> self({}());\n  EXPECT_TRUE(self->{}());\n", receiver,
                    builder, invariant);
    for (const HeapCallOutcome *outcome : byHeap[h]) {
      if (!outcome->failed())
        body += passingCall(model, suite, builder, *outcome);
    }
    legalTests += fmt::format("TEST({}LegalTest, Heap{}) {{\n{}}}\n\n", subject, h + 1, body);
  }
  if (!legalTests.empty()) {
    std::string legalPurpose =
        fmt::format("Legal tests: the heaps of {} that public call sequences reach, built by those "
                    "sequences, with the builder tests' calls.{}",
                    suite.description,
                    unreached.empty() ? std::string(" Every heap is reached.")
                                      : (unreached.find(',') == std::string::npos
                                             ? " No sequence reaches heap "
                                             : " No sequence reaches heaps ") +
                                            unreached + ".");
    std::string text = "// " + generatedByNote(model, provenance) + "\n// " +
                       regenerateNote(model, provenance) + "\n//\n// " + legalPurpose + "\n";
    for (const std::string &header : model.includeSpellings)
      text += "#include \"" + header + "\"\n";
    files.legal = text + "\n#include <gtest/gtest.h>\n\n#include <memory>\n\nnamespace {\n\n" +
                  legalBuilders + "} // namespace\n\n" + legalTests;
  }
  return files;
}

} // namespace unitgen
