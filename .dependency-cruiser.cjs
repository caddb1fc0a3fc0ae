// The layers of toolform's source, checked by dependency-cruiser in the tests
// (test/repo/layers.test.ts), not by review. From the ground up:
//
//   src/io/        hashing, file stamps, atomic writes, the generated-file type: imports no layer
//   src/sources/   reading tool definitions (JSON, TypeScript, MCP servers), and beside it
//   src/schema/    analysing a schema (IR, lint, examples); the compile options
//   src/emit/      writing code from the IR (validators, types, the index and runtime files)
//   src/pipeline/  a build: compile, cache, generate, write (may import every layer below)
//   src/cli/ ...   the commands on top: they parse, call the pipeline and report
//
// No loop of imports anywhere in src/ (not even between two files of one folder),
// and packages/runtime (@toolform/runtime, shipped to users and joined into generated
// code) never imports the build tool. Each rule names why; `npx depcruise src
// packages/runtime/src --config .dependency-cruiser.cjs` prints any violation.
/** @type {import("dependency-cruiser").IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: "io-is-the-ground-floor",
      comment: "src/io holds what every layer needs (hashes, stamps, atomic writes): it imports no other part of toolform.",
      severity: "error",
      from: { path: "^src/io/" },
      to: { path: "^src/(?!io/)" },
    },
    {
      name: "lower-layers-never-import-pipeline",
      comment: "sources, schema, emit and io are used by the pipeline; reaching back into it makes a loop.",
      severity: "error",
      from: { path: "^src/(sources|schema|emit|io)/" },
      to: { path: "^src/pipeline/" },
    },
    {
      name: "lower-layers-never-import-the-cli",
      comment: "The commands sit on top; nothing below them imports them.",
      severity: "error",
      from: { path: "^src/(sources|schema|emit|io|pipeline)/" },
      to: { path: "^src/cli/" },
    },
    {
      name: "schema-never-imports-emit",
      comment: "The analysis of a schema comes before code is written from it (checks that need emitted code live in emit/, e.g. emit/example-check.ts).",
      severity: "error",
      from: { path: "^src/schema/" },
      to: { path: "^src/emit/" },
    },
    {
      name: "sources-never-import-emit",
      comment: "Reading a tool definition needs no emitter (it may use schema/'s JSON Pointer helpers).",
      severity: "error",
      from: { path: "^src/sources/" },
      to: { path: "^src/emit/" },
    },
    {
      name: "runtime-never-imports-the-build-tool",
      comment: "@toolform/runtime ships alone (and its rt/ modules are joined into generated code): it cannot depend on toolform's build.",
      severity: "error",
      from: { path: "^packages/runtime/src/" },
      // Also by name: a self-reference to the "toolform" package (not resolved: its name is its path).
      to: { path: "^(src|bin|scripts)/|^toolform($|/)" },
    },
    {
      name: "no-circular",
      comment: "No loop of imports in src/, dynamic and type-only imports included: across two folders a layer reaches up; inside one, two files that need each other hold one job split wrongly (what both need goes to a third file they both import).",
      severity: "error",
      from: { path: "^src/" },
      to: { circular: true },
    },
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    exclude: { path: "(^|/)(node_modules|dist)/|^src/playground/page/" },
    tsPreCompilationDeps: true,
    enhancedResolveOptions: { exportsFields: ["exports"], conditionNames: ["import", "require", "node", "default", "types"] },
  },
};
