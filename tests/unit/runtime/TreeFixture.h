// A hand-probed binary search tree for the exhaustive driver's tests: its classes with their
// fields, as a generated driver declares them, and the subject's repOK.
#pragma once

#include "exhaustive/KoratSearch.h"

#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <set>
#include <string>
#include <unistd.h>
#include <vector>

extern "C" {
extern uintptr_t __unitgen_field_base;
extern uintptr_t __unitgen_field_span;
void __unitgen_field_read(uintptr_t offset);
}

namespace unitgen_rt::korat::tree {

/// A file in a temporary folder of this process's own (ctest runs every test of the binary in
/// a process of its own, side by side), removed when the test exits.
inline std::string scratchFile(const std::string &name) {
  struct Folder {
    pid_t owner = getpid();
    std::filesystem::path path =
        std::filesystem::temp_directory_path() / ("unitgen-runtime-test-" + std::to_string(owner));
    Folder() { std::filesystem::create_directories(path); }
    ~Folder() {
      // A forked child that exits through exit() runs this too: only the owner removes it.
      std::error_code ignored;
      if (getpid() == owner)
        std::filesystem::remove_all(path, ignored);
    }
  };
  static Folder folder;
  return (folder.path / name).string();
}

/// Reports a read of `field` as the pass's field-read probes do, then reads it.
template <class T> T probed(const T &field) {
  uintptr_t at = reinterpret_cast<uintptr_t>(&field) - __unitgen_field_base;
  if (at < __unitgen_field_span)
    __unitgen_field_read(at);
  return field;
}

struct Node {
  int value;
  Node *left;
  Node *right;
};

struct Tree {
  Node *root;
  int size;
};

/// Ordered keys, no node reached twice, `size` nodes: the subject's repOK, depth first.
inline bool treeInvariant(const void *object) {
  const Tree *tree = static_cast<const Tree *>(object);
  struct Frame {
    const Node *node;
    const Node *low, *high;
  };
  std::set<const Node *> visited;
  std::vector<Frame> pending;
  if (const Node *root = probed(tree->root))
    pending.push_back({root, nullptr, nullptr});
  while (!pending.empty()) {
    Frame f = pending.back();
    pending.pop_back();
    if (!visited.insert(f.node).second)
      return false;
    int value = probed(f.node->value);
    if ((f.low && value <= f.low->value) || (f.high && value >= f.high->value))
      return false;
    if (const Node *left = probed(f.node->left))
      pending.push_back({left, f.low, f.node});
    if (const Node *right = probed(f.node->right))
      pending.push_back({right, f.node, f.high});
  }
  return static_cast<int>(visited.size()) == probed(tree->size);
}

template <class Owner, class T, T Owner::*Member> void setNumber(void *o, long long n, void *) {
  static_cast<Owner *>(o)->*Member = static_cast<T>(n);
}
template <class Owner, Node *Owner::*Member> void setPointer(void *o, long long, void *target) {
  static_cast<Owner *>(o)->*Member = static_cast<Node *>(target);
}

inline const FieldInfo kTreeFields[] = {{"root", offsetof(Tree, root), sizeof(Node *),
                                         &setPointer<Tree, &Tree::root>, 0, nullptr, nullptr},
                                        {"size", offsetof(Tree, size), sizeof(int),
                                         &setNumber<Tree, int, &Tree::size>, 0, nullptr, nullptr}};
inline const FieldInfo kNodeFields[] = {{"value", offsetof(Node, value), sizeof(int),
                                         &setNumber<Node, int, &Node::value>, 0, nullptr, nullptr},
                                        {"left", offsetof(Node, left), sizeof(Node *),
                                         &setPointer<Node, &Node::left>, 0, nullptr, nullptr},
                                        {"right", offsetof(Node, right), sizeof(Node *),
                                         &setPointer<Node, &Node::right>, 0, nullptr, nullptr}};
inline void *allocateTree() { return new Tree{}; }
inline void *allocateNode() { return new Node{}; }
inline const ClassInfo kClasses[] = {{"Tree", sizeof(Tree), alignof(Tree), kTreeFields, 2,
                                      &treeInvariant, &allocateTree, nullptr, 0, nullptr},
                                     {"Node", sizeof(Node), alignof(Node), kNodeFields, 3, nullptr,
                                      &allocateNode, nullptr, 0, nullptr}};

} // namespace unitgen_rt::korat::tree
