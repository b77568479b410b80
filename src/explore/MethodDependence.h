// MethodDependence: which methods read what others write or read (Palus §3.2), weighted by tf-idf.
#pragma once

#include "model/ClassModel.h"

#include <map>
#include <string>
#include <utility>
#include <vector>

namespace unitgen {

/// Palus's static method dependence over the model's methods (callables with a receiver), from
/// the fields each reads and writes (Callable::effects, transitive through the class's own
/// methods). Each method is a document whose words are the fields it accesses, once for a read
/// and once for a write; a field's tf-idf weight in a method is that count times
/// log(methods / methods accessing the field), so a field every method touches weighs nothing.
/// Method `f` depends on `g` through a field `f` reads that `g` writes (write-read) or also
/// reads (read-read); the relevance W(f, g) sums `f`'s weights of those fields.
class MethodDependence {
public:
  explicit MethodDependence(const ClassModel &model);

  /// The tf-idf weight of `field` (`Class::field`) in method `callable`; 0 when it does not
  /// access it or is no method.
  double weight(int callable, const std::string &field) const;
  /// W(dependent, on): how tightly `dependent` depends on `on` (0: not at all, or the same
  /// method).
  double relevance(int dependent, int on) const;
  /// The methods `callable` depends on, most relevant first (ties by id), each with its
  /// relevance; at most `limit` of them (0: all).
  std::vector<std::pair<int, double>> dependencies(int callable, size_t limit = 0) const;
  /// The methods that depend on `callable`, most relevant first (ties by id): what Palus
  /// appends after a call of it (GuidedSeqGen's dep_m); at most `limit` (0: all).
  std::vector<std::pair<int, double>> dependents(int callable, size_t limit = 0) const;

private:
  /// Per method: its fields and their tf-idf weights; and what it reads and writes.
  struct Document {
    std::map<std::string, double> weights;
    std::vector<std::string> reads, writes;
  };
  std::map<int, Document> documents_;
};

} // namespace unitgen
