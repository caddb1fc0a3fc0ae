// The JSON Schema Test Suite through toolform's generated code (compileSchema →
// module → is/validate), the way a user's schema goes through it. Shared by the
// `npm run conformance` table and the vitest gate.
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { compileSchema } from "../../src/compile-schema.js";

export const SUITE = join(import.meta.dirname, "..", "json-schema-test-suite");

export interface CaseResult {
  /** "draft2020-12/type.json#3/1": file, group index, test index. */
  id: string;
  draft: string;
  file: string;
  group: string;
  test: string;
  status: "pass" | "fail" | "skip";
  reason?: string;
}

/** Whole files skipped, with the reason. Everything else runs. */
export const SKIP_FILES: Record<string, string> = {
  "draft2020-12/vocabulary.json": "needs custom meta-schemas with $vocabulary; toolform judges the standard vocabularies only",
  "draft2020-12/optional/format-assertion.json": "needs a meta-schema declaring the format-assertion vocabulary",
  "draft2020-12/optional/cross-draft.json": "refs a 2019-09 document, which toolform reads as 2020-12 (it has no 2019-09 dialect)",
  "draft7/optional/content.json": "contentMediaType/contentEncoding are annotations in toolform (as in 2020-12), never assertions",
};

function remotes(): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const dir = join(SUITE, "remotes");
  const walk = (d: string) => {
    for (const f of readdirSync(d)) {
      const p = join(d, f);
      if (statSync(p).isDirectory()) walk(p);
      else if (f.endsWith(".json")) out["http://localhost:1234/" + relative(dir, p).split("\\").join("/")] = JSON.parse(readFileSync(p, "utf8"));
    }
  };
  walk(dir);
  return out;
}

export function suiteFiles(drafts = ["draft2020-12", "draft7"]): { draft: string; file: string; abs: string }[] {
  const out: { draft: string; file: string; abs: string }[] = [];
  for (const draft of drafts) {
    const root = join(SUITE, "tests", draft);
    const walk = (d: string) => {
      for (const f of readdirSync(d).sort()) {
        const p = join(d, f);
        if (statSync(p).isDirectory()) walk(p);
        else if (f.endsWith(".json")) out.push({ draft, file: relative(root, p).split("\\").join("/"), abs: p });
      }
    };
    walk(root);
  }
  return out;
}

/**
 * Files whose cases check that unknown words are ignored, as the spec says. toolform fails
 * closed on them by default (a build error: the validator would check less than the author
 * wrote), so these files run with the `allowUnchecked` opt-out; every other file runs with
 * the default, so an unchecked part anywhere else fails the gate.
 */
export const ALLOW_UNCHECKED_FILES: Record<string, ("format" | "keyword")[]> = {
  "optional/format/unknown.json": ["format"],
  "optional/unknownKeyword.json": ["keyword"],
  "optional/refOfUnknownKeyword.json": ["keyword"],
};

interface Group {
  description: string;
  schema: unknown;
  tests: { description: string; data: unknown; valid: boolean }[];
}

async function load(code: string): Promise<{ is(v: unknown): boolean; validate(v: unknown): { ok: boolean; errors: unknown[] } }> {
  return import("data:text/javascript;base64," + Buffer.from(code).toString("base64"));
}

export async function runSuite(opts: { drafts?: string[]; filter?: string } = {}): Promise<CaseResult[]> {
  const rem = remotes();
  const results: CaseResult[] = [];
  for (const { draft, file, abs } of suiteFiles(opts.drafts)) {
    const key = `${draft}/${file}`;
    if (opts.filter && !key.includes(opts.filter)) continue;
    const groups = JSON.parse(readFileSync(abs, "utf8")) as Group[];
    const skipFile = SKIP_FILES[key];
    const formatAssert = file.startsWith("optional/format/");
    for (const [gi, g] of groups.entries()) {
      const base = { draft, file };
      const push = (ti: number, status: CaseResult["status"], reason?: string) =>
        results.push({ ...base, id: `${key}#${gi}/${ti}`, group: g.description, test: g.tests[ti]!.description, status, ...(reason ? { reason } : {}) });
      if (skipFile) {
        g.tests.forEach((_t, ti) => push(ti, "skip", skipFile));
        continue;
      }
      let mod: Awaited<ReturnType<typeof load>> | undefined;
      let why = "";
      try {
        const allowUnchecked = ALLOW_UNCHECKED_FILES[file] ?? [];
        const r = await compileSchema(g.schema, { unknownArgs: "schema", formats: formatAssert, dialect: draft === "draft7" ? "draft-07" : "2020-12", remotes: rem, format: false, examples: false, allowUnchecked });
        if (r.code) mod = await load(r.code);
        else why = "build refused: " + r.diagnostics.filter((d) => d.severity === "error").map((d) => d.message).join("; ");
      } catch (e) {
        why = "build threw: " + (e as Error).message.split("\n")[0];
      }
      g.tests.forEach((t, ti) => {
        if (!mod) return push(ti, "fail", why);
        try {
          const verdict = mod.is(t.data);
          const report = mod.validate(t.data);
          if (verdict !== t.valid) return push(ti, "fail", `is() said ${verdict}, expected ${t.valid}`);
          if (report.ok !== t.valid) return push(ti, "fail", `validate().ok said ${report.ok}`);
          if (!report.ok && report.errors.length === 0) return push(ti, "fail", "invalid without an error");
          push(ti, "pass");
        } catch (e) {
          push(ti, "fail", "threw: " + (e as Error).message);
        }
      });
    }
  }
  return results;
}

/** Markdown table: per draft and file, passed/failed/skipped, and the total line. */
export function table(results: CaseResult[]): string {
  const rows = new Map<string, [number, number, number]>();
  for (const r of results) {
    const k = `${r.draft} | ${r.file}`;
    const row = rows.get(k) ?? [0, 0, 0];
    row[r.status === "pass" ? 0 : r.status === "fail" ? 1 : 2]++;
    rows.set(k, row);
  }
  const lines = ["| draft | file | passed | failed | skipped |", "|---|---|---:|---:|---:|"];
  for (const [k, [p, f, s]] of rows) lines.push(`| ${k} | ${p} | ${f} | ${s} |`);
  const sum = (st: string) => results.filter((r) => r.status === st).length;
  lines.push("", `${sum("pass")} passed, ${sum("fail")} failed, ${sum("skip")} skipped`);
  return lines.join("\n");
}
