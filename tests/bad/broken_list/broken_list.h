// BrokenList: a sorted singly linked list of distinct ints with three planted bugs, each on
// some heaps only: insert(2) into a list of two or more nodes follows a null pointer, remove()
// of the head of a list of two or more forgets the size, contains(3) on a list holding 0 loops.
#pragma once

class BrokenList {
public:
  BrokenList() = default;
  BrokenList(const BrokenList &) = delete;
  BrokenList &operator=(const BrokenList &) = delete;
  ~BrokenList();

  bool insert(int value);
  bool remove(int value);
  bool contains(int value) const;
  int size() const { return size_; }
  bool repOK() const;

private:
  struct Node {
    int value;
    Node *next;
  };
  Node *head_ = nullptr;
  int size_ = 0;
};
