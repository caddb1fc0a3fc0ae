// `toolform check`: compare what the sources produce (generated in memory, by the
// same pipeline as `build`) with what is on disk. Stale files get a short unified
// diff; missing files, orphans (files carrying toolform's header that no tool
// produces any more) and strays (anything else in the folder, such as a temp
// file a killed build left) are listed. Nothing is written.
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import type { GeneratedFile } from "../io/generated-file.js";
import { isLockFile } from "./lock.js";
import { existingOutputs, strayEntries } from "../io/write.js";

export interface StaleFile {
  path: string;
  /** Unified diff from the file on disk to the generated one (capped). */
  diff: string;
  added: number;
  removed: number;
}

export interface Drift {
  stale: StaleFile[];
  missing: string[];
  orphaned: string[];
  /** Anything else in the folder: a user's file, a temp file a killed build left, a folder. */
  stray: string[];
  upToDate: string[];
  clean: boolean;
}

export interface CompareOptions {
  /** Lines of diff shown per stale file (default 40). */
  maxDiffLines?: number;
  /** Label of the folder in diff headers (default "generated"). */
  label?: string;
}

export function compareOutputs(outDir: string, files: readonly GeneratedFile[], opts: CompareOptions = {}): Drift {
  const label = opts.label ?? "generated";
  const drift: Drift = { stale: [], missing: [], orphaned: [], stray: [], upToDate: [], clean: true };
  const expected = new Set(files.map((f) => f.path));
  for (const f of files) {
    const abs = join(outDir, f.path);
    if (!existsSync(abs)) {
      drift.missing.push(f.path);
      continue;
    }
    const onDisk = readFileSync(abs, "utf8");
    if (onDisk === f.contents) {
      drift.upToDate.push(f.path);
      continue;
    }
    const d = unifiedDiff(onDisk, f.contents, { from: `${label}/${f.path} (on disk)`, to: `${label}/${f.path} (from sources)`, maxLines: opts.maxDiffLines ?? 40 });
    drift.stale.push({ path: f.path, ...d });
  }
  for (const old of existingOutputs(outDir)) if (!expected.has(old)) drift.orphaned.push(old);
  // The build lock (and a takeover marker) is not output: a build holding it is writing the folder now.
  drift.stray = strayEntries(outDir, expected).filter((f) => !isLockFile(f));
  drift.clean = drift.stale.length === 0 && drift.missing.length === 0 && drift.orphaned.length === 0 && drift.stray.length === 0;
  return drift;
}

type Op = { kind: " " | "-" | "+"; line: string; a: number; b: number };

/** Splits into lines, keeping a note when the text does not end with a newline. */
function lines(text: string): string[] {
  if (text === "") return [];
  const ls = text.split("\n");
  if (ls[ls.length - 1] === "") ls.pop();
  else ls[ls.length - 1] += " ⏎ (no newline at end of file)";
  return ls;
}

/** Largest middle part (after trimming the common prefix and suffix) diffed line by line; beyond it the middle is shown as replaced. */
const LCS_CELLS = 4_000_000;

/** Line operations turning `a` into `b`: common prefix/suffix trimmed, LCS on the middle. */
export function diffLines(a: string[], b: string[]): Op[] {
  let pre = 0;
  while (pre < a.length && pre < b.length && a[pre] === b[pre]) pre++;
  let suf = 0;
  while (suf < a.length - pre && suf < b.length - pre && a[a.length - 1 - suf] === b[b.length - 1 - suf]) suf++;
  const ops: Op[] = [];
  for (let i = 0; i < pre; i++) ops.push({ kind: " ", line: a[i]!, a: i, b: i });
  const am = a.slice(pre, a.length - suf);
  const bm = b.slice(pre, b.length - suf);
  const n = am.length;
  const m = bm.length;
  if (n * m > LCS_CELLS) {
    am.forEach((line, i) => ops.push({ kind: "-", line, a: pre + i, b: pre }));
    bm.forEach((line, j) => ops.push({ kind: "+", line, a: pre + n, b: pre + j }));
  } else if (n > 0 || m > 0) {
    // lcs[i][j] = LCS length of am[i..] and bm[j..], in one flat array.
    const w = m + 1;
    const lcs = new Uint32Array((n + 1) * w);
    for (let i = n - 1; i >= 0; i--)
      for (let j = m - 1; j >= 0; j--) lcs[i * w + j] = am[i] === bm[j] ? lcs[(i + 1) * w + j + 1]! + 1 : Math.max(lcs[(i + 1) * w + j]!, lcs[i * w + j + 1]!);
    let i = 0;
    let j = 0;
    while (i < n || j < m) {
      if (i < n && j < m && am[i] === bm[j]) {
        ops.push({ kind: " ", line: am[i]!, a: pre + i, b: pre + j });
        i++;
        j++;
      } else if (i < n && (j === m || lcs[(i + 1) * w + j]! >= lcs[i * w + j + 1]!)) {
        ops.push({ kind: "-", line: am[i]!, a: pre + i, b: pre + j });
        i++;
      } else {
        ops.push({ kind: "+", line: bm[j]!, a: pre + i, b: pre + j });
        j++;
      }
    }
  }
  for (let k = 0; k < suf; k++) ops.push({ kind: " ", line: a[a.length - suf + k]!, a: a.length - suf + k, b: b.length - suf + k });
  return ops;
}

/** A unified diff (3 lines of context) of two texts, cut after `maxLines` lines of hunks. */
export function unifiedDiff(before: string, after: string, opts: { from: string; to: string; maxLines?: number; context?: number }): { diff: string; added: number; removed: number } {
  const ops = diffLines(lines(before), lines(after));
  const ctx = opts.context ?? 3;
  const max = opts.maxLines ?? 40;
  const added = ops.filter((o) => o.kind === "+").length;
  const removed = ops.filter((o) => o.kind === "-").length;
  // Hunks: runs of changes with `ctx` lines around them, merged when they touch.
  const changed = ops.map((o, i) => (o.kind === " " ? -1 : i)).filter((i) => i >= 0);
  const hunks: [number, number][] = [];
  for (const i of changed) {
    const lo = Math.max(0, i - ctx);
    const hi = Math.min(ops.length - 1, i + ctx);
    const last = hunks[hunks.length - 1];
    if (last && lo <= last[1] + 1) last[1] = Math.max(last[1], hi);
    else hunks.push([lo, hi]);
  }
  const out = [`--- ${opts.from}`, `+++ ${opts.to}`];
  let shown = 0;
  let cut = false;
  for (const [lo, hi] of hunks) {
    if (shown >= max) {
      cut = true;
      break;
    }
    const slice = ops.slice(lo, hi + 1);
    const aStart = slice[0]!.a;
    const bStart = slice[0]!.b;
    const aLen = slice.filter((o) => o.kind !== "+").length;
    const bLen = slice.filter((o) => o.kind !== "-").length;
    out.push(`@@ -${aLen ? aStart + 1 : aStart},${aLen} +${bLen ? bStart + 1 : bStart},${bLen} @@`);
    for (const o of slice) {
      if (shown >= max) {
        cut = true;
        break;
      }
      out.push(o.kind + o.line);
      shown++;
    }
  }
  if (cut) out.push(`… diff cut after ${max} lines (${added} added, ${removed} removed in all)`);
  return { diff: out.join("\n"), added, removed };
}
