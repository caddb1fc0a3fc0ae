// The code blocks of the docs (README.md, docs/*.md, packages/runtime/README.md) and how each is
// tested, read from a marker: an HTML comment on the line right before the fence (a blank line
// between them is allowed). The markers:
//
//   <!-- not run: <reason> -->        not runnable (a transcript of a session that needs a server,
//                                     pseudo-code, a CI file, ...): the reason is required
//   <!-- check: tsc -->               ts/js: written into the docs app as its own module and
//                                     type-checked with strict tsc (one tsc run over all blocks)
//   <!-- run: node -->                ts/js: type-checked as above, then run with node (a complete program)
//   <!-- run: sh -->                  sh: each command line runs in the app (node_modules/.bin on PATH)
//   <!-- run: transcript -->          a terminal transcript (lines "$ cmd", then output): each command
//                                     runs in the app and must exit as the transcript implies: the code
//                                     a following "$ echo $?" prints, else non-zero when the output has a
//                                     line starting with "✗", else 0; JSON output must hold the keys shown
//
// Options after the marker, separated by ";":
//   given: a, b      free names the snippet leaves to the reader; a name the docs app exports
//                    (toolset, validateCall, the harness's exports, ...) is imported from there, any
//                    other is declared `any` (check: tsc / run: node)
//   in: <dir>        run in a folder <dir>/ of the app (run: transcript / sh): a copy of
//                    test/shipped/docs-fixtures/<dir>/ when that exists (the files the transcript
//                    reads), else empty; a package.json is added when it has none
//
// A `json` block needs no marker: it is parsed (a tool definition among them is built).
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";

export type Kind = "not run" | "check: tsc" | "run: node" | "run: sh" | "run: transcript" | "json";

export interface Block {
  /** Path relative to the repo root, e.g. docs/cli.md. */
  file: string;
  /** 1-based line of the opening fence. */
  line: number;
  lang: string;
  code: string;
  /** How it is tested; undefined when unmarked (a failure). */
  kind?: Kind;
  reason?: string;
  given: string[];
  in?: string;
  /** A marker that cannot apply to this block (a failure), with the fix. */
  problem?: string;
}

/** The markdown files whose blocks must be tested or marked. */
export function docFiles(root: string): string[] {
  const docs = readdirSync(join(root, "docs")).filter((f) => f.endsWith(".md")).sort().map((f) => `docs/${f}`);
  return ["README.md", ...docs, "packages/runtime/README.md"];
}

const MARKER = /^\s*<!--\s*(not run|check|run)\s*:\s*(.*?)\s*-->\s*$/;
const TS_LANGS = new Set(["ts", "typescript", "js", "javascript", "mjs", "tsx"]);

export const HOW_TO_MARK = `put one of these on the line right before the fence:
  <!-- check: tsc -->          (ts/js: type-checked; add "; given: a, b" for names the snippet leaves free)
  <!-- run: node -->           (ts/js: a complete program: type-checked and run)
  <!-- run: sh -->             (sh: the commands run in an app with both packages installed)
  <!-- run: transcript -->     (a "$ cmd" transcript: each command runs and exits as shown)
  <!-- not run: <the reason> -->
(the markers are described atop test/shipped/docs-blocks.ts)`;

function classify(b: Block, marker: RegExpExecArray | null): void {
  if (!marker) {
    if (b.lang === "json") b.kind = "json";
    return;
  }
  const [, verb, rest] = marker as unknown as [string, string, string];
  if (verb === "not run") {
    // The reason is free text (it may hold ";").
    b.kind = "not run";
    b.reason = rest;
    if (!b.reason) b.problem = "a <!-- not run: --> marker needs the reason after the colon";
    return;
  }
  const [head, ...opts] = rest.split(";").map((s) => s.trim());
  for (const o of opts) {
    const m = /^(given|in)\s*:\s*(.*)$/.exec(o);
    if (!m) b.problem = `unknown option "${o}" in the marker (known: given: a, b; in: dir)`;
    else if (m[1] === "given") b.given = m[2]!.split(",").map((s) => s.trim()).filter(Boolean);
    else b.in = m[2]!.replace(/\/$/, "");
  }
  const kind = `${verb}: ${head}` as Kind;
  const fits: Record<string, (x: Block) => boolean> = {
    "check: tsc": (x) => TS_LANGS.has(x.lang),
    "run: node": (x) => TS_LANGS.has(x.lang),
    "run: sh": (x) => ["sh", "bash", "shell", ""].includes(x.lang) && !x.code.startsWith("$ "),
    "run: transcript": (x) => x.code.trimStart().startsWith("$ "),
  };
  if (!fits[kind]) b.problem = `unknown marker "${verb}: ${head}"`;
  else if (!fits[kind]!(b)) b.problem = `the marker "${kind}" does not fit a \`${b.lang || "plain"}\` block${kind === "run: transcript" ? " that does not start with \"$ \"" : ""}`;
  b.kind = kind;
}

/** Every fenced block of one markdown file, with its marker. */
export function blocksOf(root: string, file: string): Block[] {
  const lines = readFileSync(join(root, file), "utf8").split("\n");
  const out: Block[] = [];
  for (let i = 0; i < lines.length; i++) {
    const open = /^(\s*)(`{3,}|~{3,})\s*([\w-]*)/.exec(lines[i]!);
    if (!open) continue;
    const fence = open[2]!;
    const body: string[] = [];
    let j = i + 1;
    for (; j < lines.length && !lines[j]!.trim().startsWith(fence); j++) body.push(lines[j]!.slice(Math.min(open[1]!.length, lines[j]!.length - lines[j]!.trimStart().length)));
    let k = i - 1;
    if (k >= 0 && lines[k]!.trim() === "") k--;
    const b: Block = { file, line: i + 1, lang: open[3]!.toLowerCase(), code: body.join("\n"), given: [] };
    classify(b, k >= 0 ? MARKER.exec(lines[k]!) : null);
    out.push(b);
    i = j;
  }
  return out;
}

/** What a tester runs when a block is wrong: where it is and how to mark or fix it. */
export function unmarkedMessage(b: Block): string {
  const head = b.code.split("\n").find((l) => l.trim()) ?? "";
  return `${b.file}:${b.line}: this \`${b.lang || "plain"}\` block (${JSON.stringify(head.slice(0, 70))}) is neither run by the docs test nor marked as not runnable; ${HOW_TO_MARK}`;
}

/** The commands of a transcript with the exit each must give: 0, non-zero (-1) or an exact code. */
export function transcriptCommands(code: string): { cmd: string; output: string; exit: number | "nonzero" }[] {
  const steps: { cmd: string; output: string[] }[] = [];
  for (const l of code.split("\n")) {
    if (l.startsWith("$ ")) steps.push({ cmd: l.slice(2), output: [] });
    else steps[steps.length - 1]?.output.push(l);
  }
  const out: { cmd: string; output: string; exit: number | "nonzero" }[] = [];
  for (let i = 0; i < steps.length; i++) {
    const s = steps[i]!;
    if (s.cmd.trim() === "echo $?") continue;
    const next = steps[i + 1];
    const shown = next?.cmd.trim() === "echo $?" ? Number(next.output.join("").trim()) : undefined;
    const exit = shown !== undefined && !Number.isNaN(shown) ? shown : s.output.some((l) => l.startsWith("✗")) ? "nonzero" : 0;
    out.push({ cmd: s.cmd, output: s.output.join("\n"), exit });
  }
  return out;
}
