// BodyScanner: fields read and written, project functions called and literals of one function body.
#pragma once

#include "frontend/Facts.h"
#include "frontend/TypeDescriber.h"

#include <clang/AST/Decl.h>
#include <clang/AST/Expr.h>

namespace unitgen {

class BodyScanner {
public:
  explicit BodyScanner(const TypeDescriber &names) : names_(names) {}

  /// Direct facts of a function definition (constructor initializers included); calls are
  /// recorded as USRs and followed later, when all TUs are merged.
  BodyFacts scan(const clang::FunctionDecl *function) const;

  /// Literals spelled in a project file anywhere in `expr` (in-class initializers).
  void scanLiterals(const clang::Expr *expr, const clang::ASTContext &context,
                    Literals &literals) const;

  /// Value of a project constant (`static constexpr int kMax = 8;`, `const char* kPrefix = "x"`).
  static void addConstant(const clang::VarDecl *var, Literals &literals);

private:
  const TypeDescriber &names_;
};

} // namespace unitgen
