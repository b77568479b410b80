// Sequence editing (dependencies, removal with renumbering, concatenation) and value ordering.
#include "model/Sequence.h"

#include <algorithm>
#include <cstring>
#include <set>

namespace unitgen {

bool Value::operator==(const Value &other) const {
  if (kind != other.kind)
    return false;
  switch (kind) {
  case Kind::Null:
    return true;
  case Kind::Bool:
  case Kind::Int:
    return i == other.i;
  case Kind::UInt:
    return u == other.u;
  case Kind::Float:
    return std::memcmp(&f, &other.f, sizeof f) == 0;
  case Kind::String:
    return s == other.s;
  case Kind::List:
    return items == other.items;
  }
  return false;
}

bool Value::operator<(const Value &other) const {
  if (kind != other.kind)
    return kind < other.kind;
  switch (kind) {
  case Kind::Null:
    return false;
  case Kind::Bool:
  case Kind::Int:
    return i < other.i;
  case Kind::UInt:
    return u < other.u;
  case Kind::Float: {
    uint64_t a, b;
    std::memcpy(&a, &f, sizeof a);
    std::memcpy(&b, &other.f, sizeof b);
    return a < b;
  }
  case Kind::String:
    return s < other.s;
  case Kind::List:
    return std::lexicographical_compare(items.begin(), items.end(), other.items.begin(),
                                        other.items.end());
  }
  return false;
}

std::string Value::debugString() const {
  switch (kind) {
  case Kind::Null:
    return "null";
  case Kind::Bool:
    return i ? "true" : "false";
  case Kind::Int:
    return std::to_string(i);
  case Kind::UInt:
    return std::to_string(u) + "u";
  case Kind::Float:
    return std::to_string(f);
  case Kind::String:
    return "\"" + s + "\"";
  case Kind::List: {
    std::string text = "{";
    for (size_t k = 0; k < items.size(); ++k)
      text += (k ? ", " : "") + items[k].debugString();
    return text + "}";
  }
  }
  return "?";
}

bool Argument::operator==(const Argument &other) const {
  return kind == other.kind && variable == other.variable &&
         (kind == Kind::Variable || literal == other.literal);
}

bool Statement::operator==(const Statement &other) const {
  return callable == other.callable && receiver == other.receiver && args == other.args;
}

std::vector<int> Sequence::dependencies(int index) const {
  std::set<int> seen;
  std::vector<int> work{index};
  while (!work.empty()) {
    int current = work.back();
    work.pop_back();
    const Statement &statement = statements[current];
    auto visit = [&](int dep) {
      if (dep >= 0 && seen.insert(dep).second)
        work.push_back(dep);
    };
    visit(statement.receiver);
    for (const Argument &arg : statement.args)
      if (arg.kind == Argument::Kind::Variable)
        visit(arg.variable);
  }
  return {seen.begin(), seen.end()};
}

Sequence Sequence::without(int index) const {
  std::vector<bool> removed(statements.size(), false);
  removed[index] = true;
  std::vector<int> newIndex(statements.size(), -1);
  Sequence result;
  for (size_t i = 0; i < statements.size(); ++i) {
    const Statement &statement = statements[i];
    bool usesRemoved = statement.receiver >= 0 && removed[statement.receiver];
    for (const Argument &arg : statement.args)
      usesRemoved |= arg.kind == Argument::Kind::Variable && removed[arg.variable];
    if (removed[i] || usesRemoved) {
      removed[i] = true;
      continue;
    }
    Statement copy = statement;
    if (copy.receiver >= 0)
      copy.receiver = newIndex[copy.receiver];
    for (Argument &arg : copy.args)
      if (arg.kind == Argument::Kind::Variable)
        arg.variable = newIndex[arg.variable];
    newIndex[i] = static_cast<int>(result.statements.size());
    result.statements.push_back(std::move(copy));
  }
  return result;
}

std::vector<std::vector<int>> Sequence::independentParts() const {
  // Union-find over statement indices, each joined to its receiver and variable arguments.
  std::vector<int> parent(statements.size());
  for (size_t i = 0; i < parent.size(); ++i)
    parent[i] = static_cast<int>(i);
  auto root = [&](int i) {
    while (parent[i] != i)
      i = parent[i] = parent[parent[i]];
    return i;
  };
  auto join = [&](int a, int b) {
    if (b < 0)
      return;
    int ra = root(a), rb = root(b);
    parent[std::max(ra, rb)] = std::min(ra, rb);
  };
  for (size_t i = 0; i < statements.size(); ++i) {
    join(static_cast<int>(i), statements[i].receiver);
    for (const Argument &arg : statements[i].args)
      if (arg.kind == Argument::Kind::Variable)
        join(static_cast<int>(i), arg.variable);
  }
  std::vector<std::vector<int>> parts;
  std::vector<int> partOfRoot(statements.size(), -1);
  for (size_t i = 0; i < statements.size(); ++i) {
    int r = root(static_cast<int>(i));
    if (partOfRoot[r] < 0) {
      partOfRoot[r] = static_cast<int>(parts.size());
      parts.emplace_back();
    }
    parts[partOfRoot[r]].push_back(static_cast<int>(i));
  }
  return parts;
}

Sequence Sequence::only(const std::vector<int> &indices) const {
  std::vector<int> newIndex(statements.size(), -1);
  Sequence result;
  for (int i : indices) {
    Statement copy = statements[i];
    if (copy.receiver >= 0)
      copy.receiver = newIndex[copy.receiver];
    for (Argument &arg : copy.args)
      if (arg.kind == Argument::Kind::Variable)
        arg.variable = newIndex[arg.variable];
    newIndex[i] = static_cast<int>(result.statements.size());
    result.statements.push_back(std::move(copy));
  }
  return result;
}

std::vector<std::pair<int, int>> Sequence::repeatedCalls(int minLength) const {
  std::vector<std::pair<int, int>> runs;
  for (int i = 0, n = static_cast<int>(statements.size()); i < n;) {
    int end = i + 1;
    while (end < n && statements[i].receiver >= 0 &&
           statements[end].callable == statements[i].callable &&
           statements[end].receiver == statements[i].receiver)
      ++end;
    if (end - i >= minLength)
      runs.emplace_back(i, end);
    i = end;
  }
  return runs;
}

int Sequence::append(const Sequence &other) {
  int offset = static_cast<int>(statements.size());
  for (Statement statement : other.statements) {
    if (statement.receiver >= 0)
      statement.receiver += offset;
    for (Argument &arg : statement.args)
      if (arg.kind == Argument::Kind::Variable)
        arg.variable += offset;
    statements.push_back(std::move(statement));
  }
  return offset;
}

uint64_t Sequence::hash() const {
  // FNV-1a over a stable textual form: cheap, deterministic across runs and platforms.
  uint64_t h = 1469598103934665603ull;
  auto mix = [&](const std::string &text) {
    for (unsigned char c : text) {
      h ^= c;
      h *= 1099511628211ull;
    }
  };
  for (const Statement &statement : statements) {
    mix(std::to_string(statement.callable) + "@" + std::to_string(statement.receiver) + "(");
    for (const Argument &arg : statement.args)
      mix(arg.kind == Argument::Kind::Variable
              ? "v" + std::to_string(arg.variable)
              : std::to_string(static_cast<int>(arg.literal.kind)) + arg.literal.debugString());
    mix(");");
  }
  return h;
}

} // namespace unitgen
