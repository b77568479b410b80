// Hand-built finitizations (a singly linked list, a bag with a counted array) for the tests of
// what reads the exhaustive search's heaps.
#pragma once

#include "exhaustive/Finitization.h"

namespace unitgen::testing {

/// List {Node *head_; int size_;}, Node {int value; Node *next;}, scope 2, values 0..1.
inline Finitization listFinitization() {
  ClassModel model;
  model.target = "List";
  ClassInfo list;
  list.qualifiedName = "List";
  list.invariant = "repOK";
  Field head;
  head.name = "head_";
  head.shape = FieldShape::Ref;
  head.recordName = "List::Node";
  head.isPointer = true;
  Field size;
  size.name = "size_";
  size.shape = FieldShape::Value;
  size.type.kind = TypeKind::Integer;
  list.fields = {head, size};
  ClassInfo node;
  node.qualifiedName = "List::Node";
  Field value = size;
  value.name = "value";
  Field next = head;
  next.name = "next";
  node.fields = {value, next};
  model.classes = {list, node};
  FinitizationOptions options;
  options.scope = 2;
  return *finitize(model, options);
}

/// Bag {int *items_ (heap array counted by size_); int size_;}.
inline ClassModel bagModel() {
  ClassModel model;
  model.target = "Bag";
  ClassInfo bag;
  bag.qualifiedName = "Bag";
  bag.invariant = "repOK";
  Field items;
  items.name = "items_";
  items.typeSpelling = "int *";
  items.shape = FieldShape::HeapArray;
  items.isPointer = true;
  items.countField = "size_";
  Field size;
  size.name = "size_";
  size.typeSpelling = "int";
  size.shape = FieldShape::Value;
  size.type.kind = TypeKind::Integer;
  bag.fields = {items, size};
  model.classes = {bag};
  return model;
}

/// bagModel at scope 2, values 0..1. Candidate order: items_, size_, items_[0], items_[1].
inline Finitization bagFinitization() {
  FinitizationOptions options;
  options.scope = 2;
  return *finitize(bagModel(), options);
}

} // namespace unitgen::testing
