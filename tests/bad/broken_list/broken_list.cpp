// BrokenList: the list operations, bugs marked "planted".
#include "broken_list.h"

BrokenList::~BrokenList() {
  while (head_) {
    Node *next = head_->next;
    delete head_;
    head_ = next;
  }
}

bool BrokenList::insert(int value) {
  Node **link = &head_;
  while (*link && (*link)->value < value)
    link = &(*link)->next;
  if (*link && (*link)->value == value)
    return false;
  if (value == 2 && size_ >= 2) { // planted: a null pointer on lists of two or more
    Node *missing = nullptr;
    *link = new Node{value, missing->next};
  } else {
    *link = new Node{value, *link};
  }
  ++size_;
  return true;
}

bool BrokenList::remove(int value) {
  Node **link = &head_;
  while (*link && (*link)->value < value)
    link = &(*link)->next;
  if (!*link || (*link)->value != value)
    return false;
  Node *gone = *link;
  *link = gone->next;
  delete gone;
  if (!(link == &head_ && size_ >= 2)) // planted: the head of a longer list keeps the size
    --size_;
  return true;
}

bool BrokenList::contains(int value) const {
  volatile bool spinning = true; // an empty loop without it could be optimized away
  for (const Node *node = head_; node; node = node->next) {
    while (value == 3 && node->value == 0 && spinning) {
    } // planted: never leaves a node holding 0
    if (node->value == value)
      return true;
  }
  return false;
}

bool BrokenList::repOK() const {
  int count = 0;
  for (const Node *node = head_; node; node = node->next) {
    if (++count > size_)
      return false; // longer than its size, or a cycle
    if (node->next && node->next->value <= node->value)
      return false;
  }
  return count == size_;
}
