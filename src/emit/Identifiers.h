// Identifiers: C++ names for emitted code (camel case, keywords) and a scope keeping them unique.
#pragma once

#include <set>
#include <string>

namespace unitgen {

/// `ds::TreeMap` → `TreeMap`, `ds::Stack<int>` → `Stack`: the name a person uses for a class.
std::string unqualifiedName(const std::string &qualifiedName);

/// `TreeMap` → `treeMap`, `UBStack` → `ubStack`, `AVLTree` → `avlTree`, `my_class` → `myClass`.
/// A leading run of capitals is an acronym: it is lowered except for its last letter when a
/// lowercase letter follows (that letter starts the next word).
std::string lowerCamel(const std::string &name);

/// `executeQuery` → `ExecuteQuery`, `out_of_range` → `OutOfRange`, `heap-use-after-free` →
/// `HeapUseAfterFree`, `hello world` → `HelloWorld`. Characters that cannot appear in an
/// identifier separate words; the result may be empty.
std::string upperCamel(const std::string &text);

/// `TreeMap` → `tree_map`, `UBStack` → `ub_stack`, `weightCategory` → `weight_category`.
std::string snakeCase(const std::string &name);

bool isCppKeyword(const std::string &word);
bool isIdentifier(const std::string &word);

/// The local names of one test body. Names are handed out in the order they are asked for, so
/// the same test always gets the same names: `treeMap`, then `treeMap2`, `treeMap3`.
class NameScope {
public:
  /// Names that must never be declared: keywords are always reserved, plus these (unqualified
  /// free functions and global classes the test calls, which a local would shadow).
  explicit NameScope(std::set<std::string> reserved = {});

  /// A fresh name built from `base` (itself, else `base2`, `base3`, ...), now taken.
  std::string declare(const std::string &base);
  /// The name `declare(base)` would return, without taking it (for a declaration inside
  /// EXPECT_THROW, whose scope ends with the macro).
  std::string peek(const std::string &base) const;

private:
  std::set<std::string> reserved_;
  std::set<std::string> taken_;
};

} // namespace unitgen
