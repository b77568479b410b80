// A builder that adopts move-only tokens (see CMakeLists.txt).
#pragma once

class Token {
public:
  explicit Token(int id) : id_(id) {}
  Token(const Token &) = delete;
  Token(Token &&) = default;
  int id() const { return id_; }

private:
  int id_;
};

class Builder {
public:
  Builder &add(int n);
  void adopt(Token token);
  int total() const { return total_; }

private:
  int total_ = 0;
};
