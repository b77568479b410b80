// Running clang over each TU of the database (one parse per TU, in parallel) and merging the facts.
#include "frontend/ProjectParser.h"

#include "frontend/AstUtil.h"
#include "frontend/CompileDatabase.h"
#include "frontend/FactCollector.h"

#include <clang/AST/ASTConsumer.h>
#include <clang/Frontend/CompilerInstance.h>
#include <clang/Frontend/FrontendAction.h>
#include <clang/Tooling/ArgumentsAdjusters.h>
#include <clang/Tooling/CompilationDatabase.h>
#include <clang/Tooling/Tooling.h>
#include <llvm/Support/FileSystem.h>
#include <llvm/Support/Path.h>
#include <llvm/Support/VirtualFileSystem.h>

#include <fmt/format.h>

#include <atomic>
#include <thread>

namespace unitgen {

namespace {

/// The database seen by one ClangTool: exactly the command of its TU.
class SingleCommandDatabase : public clang::tooling::CompilationDatabase {
public:
  explicit SingleCommandDatabase(clang::tooling::CompileCommand command)
      : command_(std::move(command)) {}
  std::vector<clang::tooling::CompileCommand> getCompileCommands(llvm::StringRef) const override {
    return {command_};
  }
  std::vector<std::string> getAllFiles() const override { return {command_.Filename}; }

private:
  clang::tooling::CompileCommand command_;
};

/// Keeps clang quiet on the terminal and remembers the first error with its location.
class ErrorCollector : public clang::DiagnosticConsumer {
public:
  void HandleDiagnostic(clang::DiagnosticsEngine::Level level,
                        const clang::Diagnostic &info) override {
    clang::DiagnosticConsumer::HandleDiagnostic(level, info);
    if (level < clang::DiagnosticsEngine::Error)
      return;
    llvm::SmallString<128> message;
    info.FormatDiagnostic(message);
    std::string where;
    if (info.hasSourceManager() && info.getLocation().isValid()) {
      const clang::SourceManager &sources = info.getSourceManager();
      SourceLocation location = locationOf(sources, info.getLocation());
      clang::SourceLocation expansion = sources.getExpansionLoc(info.getLocation());
      where = location.str() + ":" + std::to_string(sources.getExpansionColumnNumber(expansion));
      errorFiles.insert(location.file);
    }
    if (firstError.empty())
      firstError = (where.empty() ? "" : where + ": ") + "error: " + std::string(message);
  }

  std::string firstError;
  std::set<std::string> errorFiles;
};

struct TuResult {
  TuCollection facts;
  std::vector<std::string> inputs; ///< the files the parse read
  std::string firstError;
  std::set<std::string> errorFiles;
};

class CollectConsumer : public clang::ASTConsumer {
public:
  CollectConsumer(clang::CompilerInstance &compiler, TuResult &out)
      : compiler_(compiler), out_(out) {}

  void HandleTranslationUnit(clang::ASTContext &context) override {
    out_.facts = collectFacts(context, compiler_.getSema());
    // Every file the parse read, so a model cached from it is dropped when one changes.
    const clang::SourceManager &sources = context.getSourceManager();
    for (auto file = sources.fileinfo_begin(); file != sources.fileinfo_end(); ++file) {
      llvm::StringRef real = file->first->tryGetRealPathName();
      out_.inputs.push_back(std::string(real.empty() ? file->first->getName() : real));
    }
  }

  /// Library bodies cannot change the model; skipping them saves about a third of parse time.
  bool shouldSkipFunctionBody(clang::Decl *decl) override { return !isProjectDecl(decl); }

private:
  clang::CompilerInstance &compiler_;
  TuResult &out_;
};

class CollectAction : public clang::ASTFrontendAction {
public:
  explicit CollectAction(TuResult &out) : out_(out) {}

protected:
  std::unique_ptr<clang::ASTConsumer> CreateASTConsumer(clang::CompilerInstance &compiler,
                                                        llvm::StringRef) override {
    compiler.getFrontendOpts().SkipFunctionBodies = true;
    return std::make_unique<CollectConsumer>(compiler, out_);
  }

private:
  TuResult &out_;
};

class CollectActionFactory : public clang::tooling::FrontendActionFactory {
public:
  explicit CollectActionFactory(TuResult &out) : out_(out) {}
  std::unique_ptr<clang::FrontendAction> create() override {
    return std::make_unique<CollectAction>(out_);
  }

private:
  TuResult &out_;
};

/// The TU's command with `file` in place of its source.
std::vector<std::string> commandFor(const TuFacts &tu, const std::string &file) {
  std::vector<std::string> command = tu.commandLine;
  for (std::string &argument : command) {
    llvm::SmallString<256> path(argument);
    if (!llvm::sys::path::is_absolute(path))
      llvm::sys::fs::make_absolute(tu.directory, path);
    llvm::sys::path::remove_dots(path, /*remove_dot_dot=*/true);
    if (path == tu.file)
      argument = file;
  }
  return command;
}

/// The file, beside `tu`'s source, that instantiateClass parses instead of it.
std::string instantiationFile(const TuFacts &tu) { return tu.file + ".unitgen-instantiation.cpp"; }

/// Parses `tu`; with `wrapper` text, parses instead a file of that text (instantiationFile),
/// which includes the TU's source, with the TU's command (the source itself is untouched).
TuResult parseTu(const TuFacts &tu, const std::string &wrapper = "") {
  TuResult result;
  const std::string mainFile = wrapper.empty() ? tu.file : instantiationFile(tu);
  SingleCommandDatabase database(
      {tu.directory, mainFile, wrapper.empty() ? tu.commandLine : commandFor(tu, mainFile), ""});
  // A file system of its own, so that each tool's working directory is not the process's.
  llvm::IntrusiveRefCntPtr<llvm::vfs::FileSystem> files(
      llvm::vfs::createPhysicalFileSystem().release());
  clang::tooling::ClangTool tool(database, {mainFile},
                                 std::make_shared<clang::PCHContainerOperations>(), files);
  if (!wrapper.empty())
    tool.mapVirtualFile(mainFile, wrapper); // a reference: `wrapper` outlives the tool
  tool.setPrintErrorMessage(false);
  ErrorCollector errors;
  tool.setDiagnosticConsumer(&errors);
  // -w: the project's -Werror must not turn warnings into parse failures here;
  // -fno-caret-diagnostics: also silences clang's "N errors generated." on stderr.
  std::vector<std::string> extra = {"-w", "-fno-caret-diagnostics"};
  if (!clangResourceDir().empty())
    extra.push_back("-resource-dir=" + clangResourceDir());
  tool.appendArgumentsAdjuster(clang::tooling::getInsertArgumentAdjuster(
      extra, clang::tooling::ArgumentInsertPosition::BEGIN));
  CollectActionFactory factory(result);
  if (tool.run(&factory) != 0 && errors.firstError.empty())
    errors.firstError = tu.file + ": error: clang could not process this file";
  // A name clang did not resolve is relative to the TU's working directory.
  for (std::string &input : result.inputs) {
    llvm::SmallString<256> path(input);
    if (!llvm::sys::path::is_absolute(path))
      llvm::sys::fs::make_absolute(tu.directory, path);
    input = std::string(path);
  }
  result.firstError = std::move(errors.firstError);
  result.errorFiles = std::move(errors.errorFiles);
  return result;
}

} // namespace

Expected<ProjectFacts> parseProject(const std::string &buildDir) {
  ProjectFacts project;
  Expected<std::vector<TuFacts>> tus = loadCompileCommands(buildDir, project.databasePath);
  if (!tus)
    return tus.error();
  project.tus = std::move(*tus);
  clangResourceDir(); // computed once, before the workers race for it

  std::vector<TuResult> results(project.tus.size());
  std::atomic<size_t> next{0};
  auto work = [&] {
    for (size_t i = next++; i < results.size(); i = next++)
      results[i] = parseTu(project.tus[i]);
  };
  size_t workers =
      std::max<size_t>(1, std::min<size_t>(std::thread::hardware_concurrency(), results.size()));
  std::vector<std::thread> threads;
  for (size_t i = 1; i < workers; ++i)
    threads.emplace_back(work);
  work();
  for (std::thread &thread : threads)
    thread.join();

  // Merging in database order keeps the model independent of thread timing.
  std::set<std::string> inputs;
  for (size_t i = 0; i < results.size(); ++i) {
    inputs.insert(project.tus[i].file);
    inputs.insert(results[i].inputs.begin(), results[i].inputs.end());
    project.tus[i].firstError = std::move(results[i].firstError);
    project.tus[i].errorFiles = std::move(results[i].errorFiles);
    project.merge(static_cast<int>(i), std::move(results[i].facts.records),
                  std::move(results[i].facts.functions), std::move(results[i].facts.bodies));
  }
  project.inputs.assign(inputs.begin(), inputs.end());
  return project;
}

Expected<std::string> instantiateClass(ProjectFacts &project, const std::string &className) {
  const std::string templateName = className.substr(0, className.find('<'));
  const RecordFacts *pattern = nullptr;
  for (const RecordFacts *record : project.findRecords(templateName))
    if (record->isTemplate && !record->tus.empty())
      pattern = record;
  if (!pattern)
    return inputError(fmt::format("'{}' is no class template of the project", templateName));
  const int index = *pattern->tus.begin();
  const TuFacts &tu = project.tus[index];
  // The standard types a user may name as arguments come first, even when the TU does not
  // include them; the class is required complete after the TU's code.
  const std::string wrapper =
      fmt::format("#include <cstddef>\n#include <cstdint>\n#include <map>\n#include <memory>\n"
                  "#include <set>\n#include <string>\n#include <string_view>\n#include <utility>\n"
                  "#include <vector>\n#include \"{0}\"\nusing {1} = {2};\n"
                  "static_assert(sizeof({1}) > 0, \"unitgen instantiates {2}\");\n",
                  tu.file, kInstantiationAlias, className);
  TuResult result = parseTu(tu, wrapper);
  const std::string mainFile = instantiationFile(tu);
  if (result.errorFiles.count(mainFile) || (tu.firstError.empty() && !result.firstError.empty())) {
    // The error's place is the instantiating file unitgen wrote, which the user never sees.
    std::string why = result.firstError;
    if (why.rfind(mainFile, 0) == 0 && why.find("error: ") != std::string::npos)
      why = why.substr(why.find("error: ") + 7);
    return inputError(
        fmt::format("cannot instantiate '{}' in a file including {}: {}", className, tu.file, why));
  }
  if (result.facts.instantiated.empty())
    return inputError(fmt::format("'{}' is no class unitgen can test", className));
  std::string instantiated = std::move(result.facts.instantiated);
  project.merge(index, std::move(result.facts.records), std::move(result.facts.functions),
                std::move(result.facts.bodies));
  return instantiated;
}

} // namespace unitgen
