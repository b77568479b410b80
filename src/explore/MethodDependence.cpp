// MethodDependence: which methods read what others write or read (Palus §3.2), weighted by tf-idf.
#include "explore/MethodDependence.h"

#include <algorithm>
#include <cmath>
#include <set>

namespace unitgen {
namespace {

bool contains(const std::vector<std::string> &fields, const std::string &field) {
  return std::find(fields.begin(), fields.end(), field) != fields.end();
}

} // namespace

MethodDependence::MethodDependence(const ClassModel &model) {
  std::map<std::string, size_t> methodsAccessing; // document frequency
  for (const Callable &callable : model.callables) {
    if (!callable.isSupported() || !callable.needsReceiver() || callable.isUpcast)
      continue;
    Document &document = documents_[callable.id];
    document.reads = callable.effects.reads;
    document.writes = callable.effects.writes;
    std::map<std::string, double> counts;
    for (const std::string &field : document.reads)
      ++counts[field];
    for (const std::string &field : document.writes)
      ++counts[field];
    for (const auto &[field, count] : counts)
      ++methodsAccessing[field];
    document.weights = std::move(counts);
  }
  const double methods = static_cast<double>(documents_.size());
  for (auto &[id, document] : documents_)
    for (auto &[field, weight] : document.weights)
      weight *= std::log(methods / static_cast<double>(methodsAccessing[field]));
}

double MethodDependence::weight(int callable, const std::string &field) const {
  auto document = documents_.find(callable);
  if (document == documents_.end())
    return 0;
  auto found = document->second.weights.find(field);
  return found == document->second.weights.end() ? 0 : found->second;
}

double MethodDependence::relevance(int dependent, int on) const {
  auto from = documents_.find(dependent), to = documents_.find(on);
  if (dependent == on || from == documents_.end() || to == documents_.end())
    return 0;
  // The fields `dependent` reads that `on` writes (write-read) or reads too (read-read), each
  // once.
  std::set<std::string> through;
  for (const std::string &field : from->second.reads)
    if (contains(to->second.writes, field) || contains(to->second.reads, field))
      through.insert(field);
  double sum = 0;
  for (const std::string &field : through)
    sum += weight(dependent, field);
  return sum;
}

namespace {

/// Most relevant first; ties keep their id order (the documents' map order).
std::vector<std::pair<int, double>> ranked(std::vector<std::pair<int, double>> methods,
                                           size_t limit) {
  std::stable_sort(methods.begin(), methods.end(),
                   [](const auto &a, const auto &b) { return a.second > b.second; });
  if (limit > 0 && methods.size() > limit)
    methods.resize(limit);
  return methods;
}

} // namespace

std::vector<std::pair<int, double>> MethodDependence::dependencies(int callable,
                                                                   size_t limit) const {
  std::vector<std::pair<int, double>> methods;
  for (const auto &[other, document] : documents_)
    if (double w = relevance(callable, other); w > 0)
      methods.emplace_back(other, w);
  return ranked(std::move(methods), limit);
}

std::vector<std::pair<int, double>> MethodDependence::dependents(int callable, size_t limit) const {
  std::vector<std::pair<int, double>> methods;
  for (const auto &[other, document] : documents_)
    if (double w = relevance(other, callable); w > 0)
      methods.emplace_back(other, w);
  return ranked(std::move(methods), limit);
}

} // namespace unitgen
