// Finitization: default domains from the model and a scope, overridable by flags and a JSON file.
#include "exhaustive/Finitization.h"

#include "support/Hash.h"

#include <fmt/format.h>
#include <fmt/ranges.h>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <cctype>
#include <map>

namespace unitgen {
namespace {

int classIndex(const ClassModel &model, const std::string &name) {
  for (size_t i = 0; i < model.classes.size(); ++i)
    if (model.classes[i].qualifiedName == name)
      return static_cast<int>(i);
  return -1;
}

/// An integer of the class under test that counts its elements (size_, count, length, n...).
bool isSizeField(const Field &field) {
  std::string name;
  for (char c : field.name)
    if (std::isalpha(static_cast<unsigned char>(c)))
      name += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  for (const char *word : {"size", "count", "length", "num"})
    if (name.find(word) != std::string::npos)
      return true;
  return name == "n";
}

std::string whyNotFinitizable(const Field &field) {
  switch (field.shape) {
  case FieldShape::Opaque:
    return field.note.empty() ? "it is not walked" : field.note;
  case FieldShape::Embedded:
    return "it embeds a record by value";
  default:
    return "its type " + field.typeSpelling +
           " has no finite domain (only integers, bools, chars, "
           "enums and pointers to records do)";
  }
}

struct Overrides {
  std::map<std::string, int> objects;
  std::map<std::string, std::pair<long long, long long>> fields;
  std::map<std::string, bool> sharing;
};

Expected<Overrides> readOverrides(const std::string &path) {
  Overrides overrides;
  if (path.empty())
    return overrides;
  bool ok = false;
  std::string text = readFile(path, &ok);
  if (!ok)
    return Error{ExitCode::Input, "--finitization: cannot read '" + path + "'"};
  try {
    nlohmann::json j = nlohmann::json::parse(text);
    if (j.contains("objects"))
      for (auto &[name, count] : j.at("objects").items())
        overrides.objects[name] = count.get<int>();
    if (j.contains("fields"))
      for (auto &[name, range] : j.at("fields").items())
        overrides.fields[name] = {range.at(0).get<long long>(), range.at(1).get<long long>()};
    if (j.contains("sharing"))
      for (auto &[name, shared] : j.at("sharing").items())
        overrides.sharing[name] = shared.get<bool>();
  } catch (const std::exception &e) {
    return Error{ExitCode::Input, fmt::format("--finitization '{}': {}", path, e.what())};
  }
  return overrides;
}

/// The heap's classes: the target, then the records its reference fields reach, breadth-first.
Expected<std::vector<int>> classesOfTheHeap(const ClassModel &model) {
  std::vector<int> classes{0};
  for (size_t i = 0; i < classes.size(); ++i)
    for (const Field &field : model.classes[classes[i]].fields)
      if (field.shape == FieldShape::Ref) {
        int target = classIndex(model, field.recordName);
        if (target < 0)
          return Error{ExitCode::Input, fmt::format("field {}::{} points to {}, which the model "
                                                    "does not describe",
                                                    model.classes[classes[i]].qualifiedName,
                                                    field.name, field.recordName)};
        if (std::find(classes.begin(), classes.end(), target) == classes.end())
          classes.push_back(target);
      }
  return classes;
}

/// An array behind a pointer field, whose elements are added after every object's fields.
struct PendingArray {
  std::string name, countField, capacityField;
  int object, pointerField, block;
};

/// Checks that every class and field the --finitization file names is in the heap (a name no
/// field has is a typo, not a wish to ignore), and takes its "sharing" declarations.
std::optional<Error> applyOverrideNames(const ClassModel &model, const std::vector<int> &classes,
                                        const Overrides &overrides, Finitization &result) {
  for (const auto &entry : overrides.fields) {
    const std::string &name = entry.first;
    bool known = false;
    for (int cls : classes)
      for (const Field &field : model.classes[cls].fields)
        known |= model.classes[cls].qualifiedName + "::" + field.name +
                     (field.shape == FieldShape::HeapArray ? "[]" : "") ==
                 name;
    if (!known)
      return Error{ExitCode::Usage, fmt::format("--finitization: the heap of {} has no field {}",
                                                model.targetClass().qualifiedName, name)};
  }
  for (const auto &[name, shared] : overrides.sharing) {
    int cls = classIndex(model, name);
    if (cls <= 0 || std::find(classes.begin(), classes.end(), cls) == classes.end())
      return Error{ExitCode::Usage,
                   fmt::format("--finitization: \"sharing\" names {}, which is not a class of "
                               "node objects in the heap of {}",
                               name, model.targetClass().qualifiedName)};
    result.declaredSharing[cls] = shared;
    if (!shared)
      result.unshared.push_back(cls);
  }
  for (const auto &entry : overrides.objects)
    if (const std::string &name = entry.first;
        std::none_of(classes.begin(), classes.end(),
                     [&](int cls) { return model.classes[cls].qualifiedName == name; }))
      return Error{ExitCode::Usage, fmt::format("--finitization: the heap of {} has no objects "
                                                "of class {}",
                                                model.targetClass().qualifiedName, name)};
  return std::nullopt;
}

/// The elements, after every object's fields: numbers of `values` (or the `name[]` override),
/// counted by the class's count field when it has one.
void appendElements(const std::vector<PendingArray> &pendingArrays,
                    std::pair<long long, long long> values, const Overrides &overrides,
                    Finitization &result) {
  for (const PendingArray &array : pendingArrays) {
    int countField = -1;
    std::string countName = array.name.substr(0, array.name.rfind("::") + 2) + array.countField;
    for (size_t k = 0; k < result.fields.size() && !array.countField.empty(); ++k)
      if (result.fields[k].object == array.object && result.fields[k].name == countName)
        countField = static_cast<int>(k);
    std::pair<long long, long long> range = values;
    if (auto it = overrides.fields.find(array.name + "[]"); it != overrides.fields.end())
      range = it->second;
    for (int i = 0; i < result.arrays[array.block]; ++i) {
      CandidateField element{-1,
                             result.fields[array.pointerField].classIndex,
                             0,
                             fmt::format("{}[{}]", array.name, i),
                             {}};
      element.domain.low = range.first;
      element.domain.high = range.second;
      element.domain.block = array.block;
      element.index = i;
      element.countField = countField;
      result.fields.push_back(std::move(element));
    }
  }
}

} // namespace

std::optional<HeapOrder> parseHeapOrder(const std::string &name, bool stopsEarly) {
  if (name == "auto")
    return stopsEarly ? HeapOrder::Interleaved : HeapOrder::Korat;
  if (name == "korat")
    return HeapOrder::Korat;
  if (name == "smaller-first")
    return HeapOrder::SmallerFirst;
  if (name == "interleaved")
    return HeapOrder::Interleaved;
  return std::nullopt;
}

void orderHeaps(Finitization &finitization, HeapOrder order) {
  int largest = 0;
  for (auto [cls, count] : finitization.objects)
    largest = std::max(largest, count);
  finitization.objectLimits.clear();
  finitization.interleavePasses = order == HeapOrder::Interleaved;
  if (order == HeapOrder::Korat)
    return;
  for (int limit = 0; limit < largest; ++limit)
    finitization.objectLimits.push_back(limit);
}

Expected<Finitization> finitize(const ClassModel &model, const FinitizationOptions &options) {
  if (model.targetIsFunction || model.classes.empty())
    return Error{ExitCode::Usage, "--strategy exhaustive needs a class (--class)"};
  const ClassInfo &target = model.targetClass();
  if (target.invariant.empty())
    return Error{ExitCode::Input,
                 fmt::format("--strategy exhaustive needs the invariant of {} (a const bool "
                             "method without arguments such as repOK; name it with --invariant)",
                             target.qualifiedName)};
  if (options.scope < 0)
    return Error{ExitCode::Usage, "--scope must not be negative"};
  Expected<Overrides> overrides = readOverrides(options.file);
  if (!overrides)
    return overrides.error();
  Expected<std::vector<int>> heapClasses = classesOfTheHeap(model);
  if (!heapClasses)
    return heapClasses.error();
  const std::vector<int> &classes = *heapClasses;
  Finitization result;
  result.symbolicNumbers = options.symbolicNumbers;
  for (int cls : classes) {
    int count = cls == 0 ? 1 : options.scope;
    if (auto it = overrides->objects.find(model.classes[cls].qualifiedName);
        it != overrides->objects.end() && cls != 0)
      count = it->second;
    result.objects.push_back({cls, count});
  }
  std::pair<long long, long long> sizes =
      options.sizes.value_or(std::pair{0LL, 1LL * options.scope});
  std::pair<long long, long long> values =
      options.values.value_or(std::pair{0LL, std::max(0LL, options.scope - 1LL)});
  std::vector<PendingArray> pendingArrays;
  int object = 0;
  for (auto [cls, count] : result.objects) {
    const ClassInfo &info = model.classes[cls];
    for (int k = 0; k < count; ++k, ++object) {
      int ordinal = 0;
      for (const Field &field : info.fields) {
        std::string name = info.qualifiedName + "::" + field.name;
        if (!isFinitizable(field))
          return Error{ExitCode::Input,
                       fmt::format("--strategy exhaustive: the field {} ({}) "
                                   "cannot be finitized: {}",
                                   name, field.typeSpelling, whyNotFinitizable(field))};
        CandidateField candidate{object, cls, ordinal++, name, {}};
        FieldDomain &domain = candidate.domain;
        if (field.shape == FieldShape::HeapArray) {
          domain.block = static_cast<int>(result.arrays.size());
          domain.low = 1; // no numbers: the domain is null or the array
          result.arrays.push_back(static_cast<int>(std::max(0LL, sizes.second)));
          pendingArrays.push_back({name, field.countField, field.capacityField, object,
                                   static_cast<int>(result.fields.size()), domain.block});
        } else if (field.shape == FieldShape::Ref) {
          domain.objects = true;
          domain.targetClass = classIndex(model, field.recordName);
        } else if (field.type.kind == TypeKind::Bool) {
          domain.high = 1;
        } else if (field.type.kind == TypeKind::Enum) {
          if (field.type.enumerators.empty())
            return Error{ExitCode::Input,
                         "--strategy exhaustive: the enum of " + name + " has no enumerators"};
          domain.low = domain.high = field.type.enumerators[0].second;
          for (const auto &[_, value] : field.type.enumerators) {
            domain.low = std::min<long long>(domain.low, value);
            domain.high = std::max<long long>(domain.high, value);
          }
        } else {
          std::tie(domain.low, domain.high) = cls == 0 && isSizeField(field) ? sizes : values;
        }
        if (auto it = overrides->fields.find(name); it != overrides->fields.end()) {
          if (domain.objects || domain.block >= 0)
            return Error{ExitCode::Input,
                         "--finitization: " + name +
                             (domain.objects
                                  ? " holds objects; set its class's count instead"
                                  : " is an array; give its elements' range as " + name + "[]")};
          std::tie(domain.low, domain.high) = it->second;
        }
        if (!domain.objects && domain.block < 0 && domain.high < domain.low)
          return Error{ExitCode::Usage, fmt::format("the domain of {} is empty ({}..{})", name,
                                                    domain.low, domain.high)};
        result.fields.push_back(std::move(candidate));
      }
      // An array holds as many elements as the object's capacity field may claim, so a test
      // built from the heap can fill it (UBStack: capacity_ 10, size_ at most the scope).
      for (const PendingArray &array : pendingArrays)
        if (array.object == object && !array.capacityField.empty())
          for (const CandidateField &field : result.fields)
            if (field.object == object &&
                field.name == info.qualifiedName + "::" + array.capacityField)
              result.arrays[array.block] = static_cast<int>(
                  std::max<long long>(result.arrays[array.block], field.domain.high));
    }
  }
  if (std::optional<Error> error = applyOverrideNames(model, classes, *overrides, result))
    return *error;
  appendElements(pendingArrays, values, *overrides, result);
  return result;
}

Expected<std::pair<long long, long long>> parseRange(const std::string &flag,
                                                     const std::string &text) {
  try {
    size_t dots = text.find("..");
    size_t used = 0;
    long long low = std::stoll(text.substr(0, dots), &used);
    if (used != (dots == std::string::npos ? text.size() : dots))
      throw std::invalid_argument(text);
    long long high = low;
    if (dots != std::string::npos) {
      std::string rest = text.substr(dots + 2);
      high = std::stoll(rest, &used);
      if (used != rest.size())
        throw std::invalid_argument(text);
    }
    if (high < low)
      return Error{ExitCode::Usage, fmt::format("{}: '{}' is an empty range", flag, text)};
    return std::pair{low, high};
  } catch (const std::exception &) {
    return Error{ExitCode::Usage, fmt::format("{}: '{}' is not a range a..b", flag, text)};
  }
}

} // namespace unitgen
