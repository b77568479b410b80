// The flag table (CLI11) for all verbs and the dispatch to list / generate / explore / coverage.
#include "cli/Cli.h"

#include "cli/Options.h"
#include "cli/Verbs.h"
#include "exhaustive/Transcoping.h"
#include "pipeline/Pipeline.h"
#include "pipeline/StrategyRegistry.h"

#include <CLI/CLI.hpp>
#include <fmt/format.h>

#include <limits>

#include <cstdio>

namespace unitgen {
namespace {

/// A whole number from `low` to `high`, refused with a message a person reads.
CLI::Validator wholeNumber(long long low, long long high) {
  return CLI::Validator(
      [low, high](std::string &text) -> std::string {
        try {
          size_t used = 0;
          const long long value = std::stoll(text, &used);
          if (used == text.size() && value >= low && value <= high)
            return "";
        } catch (const std::exception &) {
        }
        return fmt::format("'{}' is not a whole number from {} to {}", text, low, high);
      },
      fmt::format("INT in [{} - {}]", low, high));
}

void addTarget(CLI::App *verb, Options &options, bool required) {
  verb->add_option("-p,--build-dir", options.buildDir, "Build folder holding compile_commands.json")
      ->required();
  auto *cls = verb->add_option("--class", options.className,
                               "Qualified name of the class under test (e.g. ds::TreeMap)");
  auto *fn = verb->add_option("--function", options.functionName,
                              "Qualified name of a free function under test");
  cls->excludes(fn);
  if (required)
    verb->callback([cls, fn] {
      if (cls->count() + fn->count() == 0)
        throw CLI::ValidationError("--class or --function", "one of them is required");
    });
  verb->add_option("--source", options.source,
                   "Only consider the class defined in this file (for ambiguous names)");
  verb->add_option("--invariant", options.invariant,
                   "Name of the invariant method (default: repOK, invariant, checkRep, isValid)");
}

/// --methods, --args and the bounds of the state-space strategies.
void addStateSpace(CLI::App *verb, Options &options) {
  verb->add_option("--methods", options.methods,
                   "State-space strategies: only these methods (and constructors, by class name)")
      ->delimiter(',');
  verb->add_option("--args", options.args,
                   "State-space strategies: the argument pool (default 1..N, N = --max-length)")
      ->delimiter(',');
  verb->add_option("--max-states", options.maxStates,
                   "State-space strategies: stop once this many states are kept")
      ->check(wholeNumber(1, 1000000000000))
      ->capture_default_str();
  verb->add_option("--max-memory", options.maxMemoryMb,
                   "State-space strategies: stop once unitgen uses this many MB")
      ->check(wholeNumber(1, 1 << 24))
      ->capture_default_str();
}

/// The flags given to `verb` that belong to a strategy other than `strategy`
/// (StrategyEntry::ownFlags): they would be ignored, so that is an error.
std::vector<CLI::Option *> othersFlags(CLI::App *verb, const std::string &strategy) {
  std::vector<CLI::Option *> given;
  for (const StrategyEntry &entry : strategies()) {
    if (entry.name == strategy)
      continue;
    for (const std::string &name : entry.ownFlags)
      if (CLI::Option *option = verb->get_option_no_throw(name); option && option->count() > 0)
        given.push_back(option);
  }
  return given;
}

/// The strategy whose own flag `option` is.
std::string owner(const CLI::Option *option) {
  for (const StrategyEntry &entry : strategies())
    for (const std::string &name : entry.ownFlags)
      if (option->check_name(name))
        return entry.name;
  return "";
}

/// `--strategy`'s help: each strategy the verb offers with its summary.
std::string strategyHelp(const std::string &lead, bool forExplore) {
  std::string text = lead;
  for (const std::string &name : strategyNames(forExplore))
    text += "; " + name + ": " + findStrategy(name)->summary;
  return text;
}

/// The project's tests the palus strategy learns legal call sequences from.
void addLearnFrom(CLI::App *verb, Options &options) {
  verb->add_option("--learn-from", options.learnFrom,
                   "The project's tests: their sources (one test program; gtest_main unless one "
                   "defines main), or a test target of the build folder (its name or its "
                   "executable). Their calls, recorded, guide --strategy palus and give every "
                   "strategy their values");
  verb->add_option("--guidance", options.guidance,
                   "palus: what guides it — the model's call sequences alone, their arguments "
                   "too, or also dependent methods (the paper's ablation)")
      ->check(CLI::IsMember({"model", "arguments", "full"}))
      ->capture_default_str();
}

/// The user's theories, checked on every object a call changes or makes.
void addTheories(CLI::App *verb, Options &options) {
  verb->add_option("--theories", options.theories,
                   "A C++ source of theories (#include <unitgen/theory.h>, UNITGEN_THEORY): "
                   "properties of every object of a class, checked after each call; a "
                   "violation is a failure test")
      ->check(CLI::ExistingFile);
}

/// The bounded-exhaustive strategy's finitization and field-coverage criteria.
void addExhaustive(CLI::App *verb, Options &options) {
  verb->add_option("--scope", options.scope,
                   "exhaustive: objects of each node type; sizes default to 0..scope, other "
                   "integers to 0..scope-1")
      ->check(wholeNumber(0, 1000))
      ->capture_default_str();
  verb->add_option("--sizes", options.sizes, "exhaustive: the size field's range a..b");
  verb->add_option("--values", options.values, "exhaustive: the other integers' range a..b");
  verb->add_option("--finitization", options.finitizationFile,
                   "exhaustive: JSON overrides, {\"objects\": {\"Node\": 4}, \"fields\": "
                   "{\"Tree::size_\": [0, 4]}}");
  verb->add_option("--numbers", options.numbers,
                   "exhaustive: symbolic searches the reference fields and solves the numbers "
                   "from the invariant's comparisons; concrete enumerates every number, as "
                   "Korat does")
      ->check(CLI::IsMember({"symbolic", "concrete"}))
      ->capture_default_str();
  verb->add_flag("--count-only", options.countOnly,
                 "exhaustive: count the valid heaps without reading them back");
  verb->add_option("--criterion", options.criterion,
                   "exhaustive: the heaps a field-coverage suite keeps (each adds an (object, "
                   "field, value) pair): fet searches every heap; fbt-linear, fbt-quadratic, "
                   "fbt-average stop when each field's pairs reach the size transcoped from the "
                   "small scopes; fbt-time-quadratic, fbt-time-exponential, fbt-time-average at "
                   "the transcoped time")
      ->check(CLI::IsMember(coverageCriterionNames()));
  verb->add_option("--small-scope", options.smallScope,
                   "exhaustive, fbt-*: fit the scopes 1..this (below --scope)")
      ->check(wholeNumber(1, 1000))
      ->capture_default_str();
  verb->add_option("--heap-order", options.heapOrder,
                   "exhaustive: the order the heaps come in (an early-stopped criterion keeps "
                   "what came first): korat (a pointer null, then an object in use, then a new "
                   "one; the last field read moves first), smaller-first (one pass per number "
                   "of objects, searching the smaller heaps again), interleaved (the same "
                   "passes taking turns, an equal share of the work each) or auto (interleaved "
                   "for the fbt criteria, which may stop early; korat otherwise)")
      ->check(CLI::IsMember({"auto", "korat", "smaller-first", "interleaved"}))
      ->capture_default_str();
  verb->add_option("--clock", options.clock,
                   "exhaustive, fbt-time-*: what the small scopes' searches are timed in and "
                   "the target scope's search stops at: work (the driver's invariant runs and "
                   "heaps written; the same suite on every run) or seconds (wall time, as the "
                   "paper measures; the suite varies with the machine's load)")
      ->check(CLI::IsMember({"work", "seconds"}))
      ->capture_default_str();
}

} // namespace

int runCli(int argc, char **argv) {
  Options options;
  CLI::App app{"unitgen: generates GoogleTest suites for C++ classes by exploring call sequences"};
  app.require_subcommand(1);
  app.set_version_flag("--version", "unitgen 0.1.0");

  CLI::App *list = app.add_subcommand("list", "List the classes and functions unitgen can test");
  list->add_option("-p,--build-dir", options.buildDir, "Build folder holding compile_commands.json")
      ->required();
  list->add_option("--source", options.source, "Only list what is defined in this file");
  list->add_flag("--json", options.json, "Print JSON instead of a table");

  CLI::App *generate = app.add_subcommand("generate", "Explore a class and write a test suite");
  addTarget(generate, options, true);
  generate->add_option("--out", options.outDir, "Folder for the generated files")->required();
  generate->add_option("--budget", options.budget, "Exploration time: 30s, 2m, 500ms")
      ->capture_default_str();
  generate
      ->add_option("--seed", options.seed,
                   "Random seed (same seed + --max-executions = same output)")
      ->check(wholeNumber(0, std::numeric_limits<long long>::max()))
      ->capture_default_str();
  generate->add_option("--max-executions", options.maxExecutions,
                       "Stop exploring after N executions (repeatable runs)");
  generate
      ->add_option("--max-length", options.maxLength,
                   "Most calls in one sequence (default: 16 for random, 6 for concolic's "
                   "candidate sequences)")
      ->check(wholeNumber(1, 100000));
  generate
      ->add_option("--strategy", options.strategy,
                   strategyHelp("Exploration strategy (docs/strategies/)", false))
      ->check(CLI::IsMember(strategyNames(false)))
      ->capture_default_str();
  generate->add_option("--call-timeout", options.callTimeout, "A call running longer is a hang")
      ->capture_default_str();
  addLearnFrom(generate, options);
  addTheories(generate, options);
  generate->add_option("--legal-budget", options.legalBudget,
                       "exhaustive: time for the legal search (default: what --budget leaves "
                       "after the heaps, at least 1s; 0s: no legal tests)");
  generate
      ->add_option("--memory-limit", options.memoryLimitMb,
                   "Memory the code under test may allocate, in MB (at least 16)")
      ->check(wholeNumber(16, 1 << 20))
      ->capture_default_str();
  generate->add_option("--exec-mode", options.execMode, "Driver process model")
      ->check(CLI::IsMember({"persistent", "fork"}))
      ->capture_default_str();
  generate->add_option(
      "--cache-dir", options.cacheDir,
      "Cache of built drivers and parsed models (default: $XDG_CACHE_HOME/unitgen or "
      "~/.cache/unitgen)");
  generate->add_flag("--no-minimize", options.noMinimize, "Keep tests as found");
  generate->add_flag("--no-sanitizer-watch", options.noSanitizerWatch,
                     "Do not re-run the search's runs on the sanitizer build while it searches");
  generate
      ->add_option("--assertions", options.assertions,
                   "Observer checks: every one, or only those no shorter test already makes")
      ->check(CLI::IsMember({"all", "distinct"}))
      ->capture_default_str();
  generate->add_flag("--no-format", options.noFormat, "Do not run clang-format on the output");
  generate->add_option("--link-target", options.linkTarget,
                       "CMake target the generated tests link against");
  generate->add_option("--dump-model", options.dumpModel, "Also write the class model as JSON");
  generate->add_option("-j,--jobs", options.jobs, "Parallel compile jobs")
      ->check(wholeNumber(1, 1024))
      ->capture_default_str();
  generate->add_flag("-q,--quiet", options.quiet, "No progress line");
  addStateSpace(generate, options);
  addExhaustive(generate, options);

  CLI::App *explore = app.add_subcommand(
      "explore", "Explore the states of a class breadth-first; print one row per iteration");
  addTarget(explore, options, true);
  explore
      ->add_option("--strategy", options.strategy,
                   strategyHelp("Exploration strategy (docs/strategies/)", true))
      ->check(CLI::IsMember(strategyNames(true)))
      ->required();
  // No default_val here: the verbs share one Options, and a default set for explore became
  // generate's too (random's --max-length 16 became 8, the budget 10m). Defaults are applied
  // after parsing, for the verb that ran (--max-length: stateSpaceOptions, 8).
  CLI::Option *exploreBudget =
      explore->add_option("--budget", options.budget, "Time limit (default 10m)");
  explore
      ->add_option("--max-length", options.maxLength,
                   "Iterations N, calls after the constructor (default 8)")
      ->check(wholeNumber(1, 100000));
  addStateSpace(explore, options);
  explore->add_option("--call-timeout", options.callTimeout, "A call running longer is a hang")
      ->capture_default_str();
  addLearnFrom(explore, options);
  explore
      ->add_option("--memory-limit", options.memoryLimitMb,
                   "Memory the code under test may allocate, in MB (at least 16)")
      ->check(wholeNumber(16, 1 << 20))
      ->capture_default_str();
  explore->add_option("--cache-dir", options.cacheDir,
                      "Cache of built drivers and parsed models (default: as generate's)");
  explore->add_flag("--json", options.json, "One JSON object per row");
  explore->add_flag("--no-subsumption", options.noSubsumption,
                    "symbolic-state: keep every path's state (to measure what subsumption saves)");
  explore->add_option("-j,--jobs", options.jobs, "Parallel compile jobs")
      ->check(wholeNumber(1, 1024))
      ->capture_default_str();
  addExhaustive(explore, options);

  CLI::App *coverage = app.add_subcommand(
      "coverage", "Build and run a test folder under llvm-cov; print line and branch coverage");
  addTarget(coverage, options, true);
  coverage->add_option("--tests", options.testsDir, "Folder with the test .cpp files")->required();
  coverage->add_flag("--include-failures", options.includeFailures,
                     "Also build *_failures_test.cpp files");
  coverage->add_flag("--json", options.json, "Print JSON");
  coverage->add_option("-j,--jobs", options.jobs, "Parallel compile jobs")
      ->check(wholeNumber(1, 1024))
      ->capture_default_str();
  coverage->add_option("--cache-dir", options.cacheDir,
                       "Cache of the project's compiled objects (default: as generate's)");

  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError &error) {
    if (error.get_exit_code() == 0)
      return app.exit(error);
    std::fprintf(stderr, "unitgen: error: %s\n", error.what());
    std::fprintf(stderr, "Run 'unitgen %s--help' for the flags.\n",
                 app.get_subcommands().empty()
                     ? ""
                     : (app.get_subcommands().front()->get_name() + " ").c_str());
    return static_cast<int>(ExitCode::Usage);
  }

  if (explore->parsed() && exploreBudget->count() == 0)
    options.budget = "10m";
  for (CLI::App *verb : {generate, explore})
    if (verb->parsed())
      if (std::vector<CLI::Option *> given = othersFlags(verb, options.strategy); !given.empty()) {
        std::fprintf(stderr, "unitgen: error: %s is for --strategy %s, not %s\n",
                     given.front()->get_name().c_str(), owner(given.front()).c_str(),
                     options.strategy.c_str());
        return static_cast<int>(ExitCode::Usage);
      }

  Error error;
  bool ok = true;
  if (list->parsed())
    ok = runList(options, error);
  else if (generate->parsed())
    ok = runGenerate(options, error);
  else if (coverage->parsed())
    ok = runCoverage(options, error);
  else if (explore->parsed())
    ok = runExplore(options, error);
  if (ok)
    return 0;
  std::fprintf(stderr, "unitgen: error: %s\n", error.message.c_str());
  return static_cast<int>(error.code);
}

} // namespace unitgen
