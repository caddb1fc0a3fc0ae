// Help texts: `toolform --help` and `toolform <command> --help`.

/** Where the docs are read from an installed package: absolute (docs/ is not in the package). The repository of package.json (test/cli/commands.test.ts checks). */
export const DOCS_URL = "https://github.com/toolform/toolform/blob/main/docs/cli.md";

const PROJECT_FLAGS = `  -c, --config PATH        config file (default: toolform.config.{ts,mts,js,mjs} in the current folder)
  -o, --out DIR            output folder (overrides outDir)
      --emit ts|js|cjs     TypeScript modules, or JavaScript (ESM, or CommonJS) with .d.ts beside it
      --unknown-args reject|schema
                           undeclared arguments are errors (reject), or only where the schema says so
      --strict             warnings are errors
      --no-lint            no lint advice (schema warnings stay)
      --no-cache           do not read or write the build cache (node_modules/.cache/toolform)`;

const OUTPUT_FLAGS = `  -q, --quiet              print errors only
      --json               print one machine-readable JSON result on stdout
      --no-color           no colours (also NO_COLOR=1; colours are only used on a terminal)`;

export const HELP: Record<string, string> = {
  main: `toolform — tool definitions in, precompiled dependency-free validators out

Usage: toolform <command> [options]

Commands:
  build       generate the validators into outDir (what "prebuild" runs); --watch to keep going
  watch       build, then rebuild on every change of a source, a schema or the config
  check       generate in memory and compare with outDir; exit 1 when it is out of date (CI)
  init        write a config, an example JSON tool and a defineTool file; add the build step
  validate    check one tool call against the built tools and print what the model would see
  compile     compile one JSON Schema into a standalone ESM validator module
  lint        print the advice on the tool definitions (lint and schema warnings)
  pull        write each MCP server's tools/list to its snapshot file (check --live: drift)
  playground  a local page: each tool's type, validator and findings, and a call editor

Options:
  -h, --help               help (also: toolform <command> --help)
  -v, --version            toolform's version

Exit codes: 0 ok, 1 invalid schema/source (or drift, or an invalid call), 2 usage or config error.
Docs: ${DOCS_URL}`,

  build: `Usage: toolform build [options]

Reads the config and generates index.ts (every tool, one section each; from 256 tools
the sections go to chunk files the index imports) and the runtime into outDir
(index.js, index.d.ts and a package.json naming their module type under --emit js|cjs).
Writes only the files whose content changed, and switches atomically; files of
removed tools are deleted. On an error nothing is written: the last good output stays.

Options:
${PROJECT_FLAGS}
  -w, --watch              keep running and rebuild on change (same as \`toolform watch\`)
      --print-inputs       write nothing; print the files a build reads (one per line,
                           relative, sorted): the inputs of a Turborepo/Nx/Bazel task
      --print-outputs      write nothing; print the files a build writes
      --no-wait            fail at once (exit 1) when another build or watch is writing outDir,
                           instead of waiting for it (one build at a time holds outDir/.toolform.lock)
${OUTPUT_FLAGS}

Exit codes: 0 built, 1 a schema or source is invalid (nothing written) or outDir is locked (--no-wait), 2 usage or config error.`,

  watch: `Usage: toolform watch [options]      (same as: toolform build --watch)

Builds, then rebuilds on every change of a source file, an imported schema
fragment, the schemas folder or the config (debounced ~100 ms; never two builds
at once; its own output is ignored). Only tools whose inputs changed are
regenerated. A broken source prints its error and keeps the last good output;
fixing it recovers. Ctrl-C stops.

Options:
${PROJECT_FLAGS}
      --poll               poll the file system instead of native events
${OUTPUT_FLAGS.replace("print one machine-readable JSON result on stdout", "print one JSON line per build on stdout")}`,

  check: `Usage: toolform check [options]

Generates in memory through the same pipeline as build (prettier included),
writes nothing, and compares with outDir: stale files (with a short diff),
missing files, and orphans (files with toolform's header that no tool produces).

Options:
${PROJECT_FLAGS}
      --diff-lines N       lines of diff shown per stale file (default 40; 0 for none)
      --live               instead: compare each MCP server's current tools (schemas and
                           descriptions) with the generated code; exit 1 on drift
      --timeout MS         --live: how long to wait for each server
${OUTPUT_FLAGS}

Exit codes: 0 up to date, 1 drift (run \`toolform build\` and commit), 2 config or schema error.`,
  pull: `Usage: toolform pull [options]

Lists the tools of each MCP source (tools/list, following pagination) and writes
them to the source's snapshot file, sorted and stable, so builds run offline and
the snapshot can be reviewed in a diff. A snapshot is read only as its MCP
source's: a glob that also matches it (tools/**/*.json) skips it.

Options:
  -c, --config PATH        config file (default: toolform.config.{ts,mts,js,mjs} in the current folder)
      --source LABEL       only this MCP source (repeatable)
      --timeout MS         how long to wait for each server
${OUTPUT_FLAGS}

Exit codes: 0 done (changed or not), 2 a server could not be reached or config error.`,

  init: `Usage: toolform init [options]

Writes toolform.config.ts, tools/example.json (an MCP JSON tool) and
tools/example.tool.ts (a defineTool file), and adds the build step to
package.json where it will run: "prebuild": "toolform build" when a "build"
script exists (npm runs prebuild before it), else "generate": "toolform build".
Existing files and existing scripts are left alone.

Options:
      --json               print the steps as JSON`,

  validate: `Usage: toolform validate TOOL [ARGS_JSON | -] [options]

Validates one call against the built toolset in outDir (index.js, or index.ts
loaded with tsx) and prints the report (toDict) and the model-facing feedback.
ARGS_JSON is the arguments object as JSON; "-" reads it from stdin; none is {}.

Options:
      --from-sources       generate from the sources in memory instead of using outDir
  -c, --config PATH        config file
  -o, --out DIR            the built folder (overrides outDir)
      --json               print {tool, valid, report, feedback, errors} as JSON

Exit codes: 0 valid, 1 invalid call, 2 usage error or nothing built.`,

  compile: `Usage: toolform compile SCHEMA.json [-o OUT.js|OUT.ts] [options]

Compiles one JSON Schema (any schema, not only tools) into a standalone ESM
module exporting \`is\` and \`validate\` (the same report as tools), typed: -o x.js
writes x.d.ts beside it, -o x.ts writes TypeScript. Without -o the module is
printed on stdout.

Options:
  -o, --out FILE           where to write the module (.js/.mjs with declarations, or .ts)
      --name NAME          name used in messages (default: the file name)
      --unknown-args reject|schema
                           default schema (plain JSON Schema)
      --no-formats         treat "format" as an annotation
      --allow-unchecked    build even where a part cannot be checked (a pattern
                           JS cannot compile, an unknown format or keyword):
                           a warning each instead of an error
  -q, --quiet              print errors only

Exit codes: 0 written, 1 invalid schema, 2 usage error.`,

  lint: `Usage: toolform lint [options]

Runs the pipeline and prints only the advice: lint findings (ambiguous names,
missing descriptions, free text where an enum belongs, ...) and schema warnings.
Rules are switched off in the config: lint: { "missing-description": false };
a source's advice by its lint setting: { mcp: ..., snapshot: ..., lint: "off" | "warn" | "error" }.

Options:
  -c, --config PATH        config file
      --max-warnings N     exit 1 when there are more than N warnings (default: no limit)
      --json               print the findings as JSON
      --no-cache           do not use the build cache

Exit codes: 0 no errors (warnings alone exit 0, as in ESLint), 1 errors or more warnings
than --max-warnings, 2 usage or config error.`,

  playground: `Usage: toolform playground [options]

Serves a page on 127.0.0.1 over the project's tools, rebuilt as the sources
change: per tool its TypeScript interface, its generated validator, the lint and
description-guard findings with their fixes, and a call editor (arguments, or a
whole OpenAI, Anthropic or MCP reply) showing the report and the feedback text a
model would get, as you type. A scratch pane compiles any pasted definition. The
validators run in the page under a Content-Security-Policy without eval. Nothing
is written to the project. Ctrl-C stops.

Options:
  -c, --config PATH        config file
  -p, --port N             port to listen on (default: a free one)
      --no-open            do not open the page in the browser
      --poll               poll for changes (file systems without events)

Exit codes: 0 stopped, 2 usage or config error.`,
};
