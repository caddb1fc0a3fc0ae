import type { Limits } from "./limits.js";

/** A source of tool definitions. A plain string is a glob (JSON or TypeScript files, by extension). */
export type SourceSpec =
  | string
  | {
      /** Glob(s) of JSON or TypeScript files. */
      files: string | string[];
      /** TypeScript files: read `defineTool` calls statically (default) or import the module. */
      load?: "static" | "import";
      /** Lint advice on this source's tools (see {@link SourceLint}). */
      lint?: SourceLint;
    }
  | {
      /** A live MCP server (tools/list). With `snapshot`, `toolform pull` writes its tools there and the build reads that file (offline, reviewable); without one, every build lists the server live. */
      mcp: { command: string; args?: string[]; env?: Record<string, string>; cwd?: string } | { url: string };
      snapshot?: string;
      label?: string;
      /** Lint advice on this server's tools (see {@link SourceLint}); "off" suits a server you do not own. */
      lint?: SourceLint;
    };

/**
 * What the lint rules' advice to a tool's author (`lint/*` findings) does for one source's
 * tools, as ESLint's severities: "off" none is reported; "warn" warnings, never build errors
 * (not even under strict); "error" each is a build error. Warnings of danger to the caller (the
 * description guard, ReDoS, impossible schemas) are reported whatever it says, and `strict`
 * still makes them errors. Unset: the config's `lint` and `strict` decide.
 */
export type SourceLint = "off" | "warn" | "error";

export type UnknownArgs = "reject" | "schema";
/**
 * A schema part a validator would not check: a `pattern` that does not compile as a JavaScript
 * RegExp ("pattern"), a `format` toolform does not know ("format"), a keyword it does not
 * consume — a misspelling, a word of another draft ("keyword").
 */
export type UncheckedKind = "pattern" | "format" | "keyword";
export type Coerce = "none" | "lenient" | "normalized";

/** Options that can also be set per tool. */
export interface ToolOptions {
  /**
   * "reject" (default): an argument the tool does not declare is an error, at the root and in
   * objects that list properties; an object declaring no properties and no additionalProperties
   * is an open map and takes any key (README "Unknown arguments"). "schema": only where the schema forbids it.
   */
  unknownArgs?: UnknownArgs;
  /** Coercion of almost-right arguments (see README). Default "none". */
  coerce?: Coerce;
  /** How refusals read (MESSAGES.md): "lines" (default) one line per error; "annotated" the arguments as sent, pretty-printed, a comment at each wrong place, then the lines. A call can ask for either (`validate(args, { feedbackStyle })`). */
  feedbackStyle?: "lines" | "annotated";
  /**
   * "toolform" (default): toolform's own emitter. "ajv": ajv's standalone code with its
   * runtime inlined (still dependency-free, still no eval), errors mapped into the same
   * report — an escape hatch should a schema ever meet an emitter bug.
   */
  engine?: "toolform" | "ajv";
  /**
   * Emit the generated normaliser (default true). false leaves `normalize` the identity
   * and roughly halves the generated code: for tools that never coerce and whose
   * harness does not compare normalised arguments.
   */
  normalizer?: boolean;
  /**
   * Fail closed (default: nothing allowed): a schema part the validator would not check is a
   * build error naming the tool, the JSON pointer and the fix. The opt-out: `true`, or a list of
   * kinds (`["format"]`), builds with those parts unchecked and a warning for each — the old
   * behaviour. A `patternProperties` key that does not compile is an error whatever this says.
   */
  allowUnchecked?: boolean | UncheckedKind[];
}

export interface ToolformConfig extends ToolOptions {
  sources: SourceSpec[];
  /** Output folder. Default "generated". */
  outDir?: string;
  /** "ts" (default): TypeScript modules. "js": ESM JavaScript with .d.ts beside it. "cjs": CommonJS JavaScript (.js, for a package without "type": "module") with .d.ts beside it. */
  emit?: "ts" | "js" | "cjs";
  /**
   * Check `format` (default true); false reads every format as an annotation. An object names
   * formats of one's own, beside the known vocabulary (README "Formats"): `"annotation"`
   * accepts any value, a RegExp is checked as a `pattern` is (unanchored: write ^ and $).
   * A format in no vocabulary and not named here is a build error.
   */
  formats?: boolean | Readonly<Record<string, "annotation" | RegExp>>;
  /** Bound on recursion through $ref, reported as a constraint error. Default 128. */
  maxDepth?: number;
  /** Longest string a `pattern` is run on. Default 10000. */
  maxPatternInput?: number;
  /** Other schema documents for remote $ref: a folder of JSON files (keyed by $id) or a map URI → schema. */
  schemas?: string | Record<string, unknown>;
  /** Warnings become errors. */
  strict?: boolean;
  /** Lint rules by name: false switches one off, true switches on an opt-in one (guard-url, guard-too-long); or false for no lint warnings at all. */
  lint?: false | Record<string, boolean>;
  /** Per-tool overrides by tool name. */
  tools?: Record<string, ToolOptions>;
  /**
   * Model providers to write tool lists for, in generated/providers.ts (docs/providers.md):
   * "openai" (strict where the schema allows it), "anthropic", "gemini"; with the way back
   * from a provider's call to the tool's shape. Default none: no such file.
   */
  providers?: ("openai" | "anthropic" | "gemini")[];
  /** Bounds on one tool's schema (bytes, properties per object, enum size); past them the tool is a build error. See src/config/limits.ts for the defaults. */
  limits?: Partial<Limits>;
}

/** The config with every default filled in; paths absolute. */
export interface ResolvedConfig extends Required<Omit<ToolformConfig, "schemas" | "tools" | "lint" | "limits">> {
  limits: Limits;
  root: string;
  configFile?: string;
  schemas: Record<string, unknown>;
  tools: Record<string, ToolOptions>;
  lint: false | Record<string, boolean>;
  /** The package.json whose "type" chose `emit` (absent when the config names it). */
  emitFrom?: string;
}
