#pragma once
// geo::Canvas takes any geo::Shape; the project implements Shape in Square and Circle, so a
// test passes one of those, never a mock.
#include <string>

namespace geo {

class Shape {
public:
  virtual ~Shape() = default;
  virtual double area() const = 0;
  virtual std::string name() const = 0;
};

class Square : public Shape {
public:
  explicit Square(double side) : side_(side) {}
  double area() const override { return side_ * side_; }
  std::string name() const override { return "square"; }

private:
  double side_;
};

class Circle : public Shape {
public:
  explicit Circle(int radius) : radius_(radius) {}
  double area() const override { return 3 * radius_ * radius_; }
  std::string name() const override { return "circle"; }

private:
  int radius_;
};

class Canvas {
public:
  /// Adds the shape's area when it is larger than 10; counts every shape.
  void add(const Shape &shape);
  double total() const { return total_; }
  int count() const { return count_; }
  std::string last() const { return last_; }

private:
  double total_ = 0;
  int count_ = 0;
  std::string last_;
};

} // namespace geo
