// The goals table of BENCHMARKS.md: each goal of the issues that set one, its target, the
// figure this run measured and whether it is met (bench/run.ts writes it; nothing here times).
import type { BuildSpeed } from "./buildspeed.js";
import type { ColdResult } from "./coldstart.js";
import { coldBuildGoal, type ColdBuildResult } from "./coldbuild.js";
import { bundleGoal, type SetResult as BundleSet } from "./bundle.js";
import { fmtB, fmtMs, fmtX, goalStatus, perToolRatios, ratio, type Grid } from "./report.js";
import type { SizeRow } from "./size.js";

export type Goal = [goal: string, target: string, measured: string, status: string];

/** What one run measured, as bench/run.ts holds it. */
export interface Measured {
  grids: Record<"valid" | "invalid", Grid>;
  toolformReady: boolean;
  nTools: number;
  cold: ColdResult[] | undefined;
  sizes: SizeRow[] | undefined;
  buildSpeed: BuildSpeed;
  coldBuild: ColdBuildResult | undefined;
  coldBuildMissing: string;
  bundles: BundleSet[] | undefined;
  bundleMissing: string;
}

export function benchGoals({ grids, toolformReady, nTools, cold, sizes, buildSpeed, coldBuild, coldBuildMissing, bundles, bundleMissing }: Measured): Goal[] {
  const goals: Goal[] = [];
  const na = toolformReady ? "" : "n/a: toolform not available yet";
  {
    const v = ratio(grids.valid, "toolform", "ajv");
    goals.push(["valid args: toolform validate vs ajv allErrors:false (geomean)", "≤ 0.60×", fmtX(v), v === undefined ? na || "n/a" : goalStatus(v, 0.6)]);
    const hv = perToolRatios(grids.valid, "toolform", "handwritten");
    const hvMax = hv.size ? Math.max(...hv.values()) : undefined;
    goals.push(["valid args: toolform validate vs hand-written (each tool)", "≤ 1.25×", hv.size ? [...hv].map(([t, x]) => `${t} ${fmtX(x)}`).join(", ") : "–", hvMax === undefined ? na || "n/a" : goalStatus(hvMax, 1.25)]);
    // Issue 15's error-path figure is validate plus the feedback text (what a harness sends the
    // model); the hand-written floor builds the same kind of text in every call.
    const iv = ratio(grids.invalid, "toolform-feedback", "ajv-all");
    goals.push(["invalid args: toolform validate + feedback vs ajv allErrors:true (geomean)", "≤ 1.30×", fmtX(iv), iv === undefined ? na || "n/a" : goalStatus(iv, 1.3)]);
    const hi = perToolRatios(grids.invalid, "toolform-feedback", "handwritten");
    const hiMax = hi.size ? Math.max(...hi.values()) : undefined;
    goals.push(["invalid args: toolform validate + feedback vs hand-written (each tool)", "≤ 1.00×", hi.size ? [...hi].map(([t, x]) => `${t} ${fmtX(x)}`).join(", ") : "–", hiMax === undefined ? na || "n/a" : goalStatus(hiMax, 1.0)]);
    const c = (id: string) => cold?.find((r) => r.id === id && !r.failed);
    const tf = c("toolform");
    const saCands = [c("ajv-sa"), c("ajv-sa-all")].filter(Boolean) as ColdResult[];
    const sa = saCands.sort((a, b) => a.overMs - b.overMs)[0];
    const comp = c("ajv-compile");
    goals.push([
      `cold start, ${nTools} tools: toolform vs the faster ajv standalone import (over node start-up)`,
      "≤ 1.00×",
      tf && sa ? `${fmtMs(tf.overMs)} ms vs ${fmtMs(sa.overMs)} ms (${fmtX(tf.overMs / sa.overMs)})` : "–",
      !tf || !sa ? na || "n/a" : tf.overMs <= sa.overMs ? "met" : `missed by ${fmtMs(tf.overMs - sa.overMs)} ms`,
    ]);
    goals.push([
      `cold start, ${nTools} tools: ajv compile time over node start-up ÷ toolform's`,
      "≥ 5×",
      tf && comp ? `${fmtMs(comp.overMs)} ms ÷ ${fmtMs(tf.overMs)} ms = ${fmtX(comp.overMs / tf.overMs)}` : "–",
      !tf || !comp ? na || "n/a" : comp.overMs / tf.overMs >= 5 ? "met" : "missed",
    ]);
    const s = (id: string) => sizes?.find((r) => r.id === id);
    const stf = s("toolform");
    // Against what loads: ajv's standalone output bundled with the runtime it requires.
    const ssa = s("ajv-sa-all-bundle");
    for (const [what, key] of [["raw .js", "perToolRaw"], ["gzip", "perToolGzip"]] as const) {
      goals.push([
        `size per tool (${what}, ${nTools} tools): toolform vs ajv standalone allErrors:true, bundled`,
        "≤ 1.00×",
        stf && ssa ? `${fmtB(stf[key])} B vs ${fmtB(ssa[key])} B (${fmtX(stf[key] / ssa[key])})` : "–",
        !stf || !ssa ? na || "n/a" : goalStatus(stf[key], ssa[key]),
      ]);
    }
  }

  {
    const why = buildSpeed.status === "measured" ? "n/a" : "n/a: not measured";
    const c = buildSpeed.cold1000Ms;
    const o = buildSpeed.oneTool1000Ms;
    const nc = buildSpeed.noChange1000Ms;
    const g = buildSpeed.largeGrowth;
    const top = buildSpeed.largeTop;
    goals.push(["build: 1,000 tools, cold `toolform build` (wall)", "< 10 s", c !== undefined ? `${(c / 1000).toFixed(1)} s` : "–", c === undefined ? why : c < 10_000 ? "met" : `missed: ${(c / 10_000).toFixed(1)}× the target`]);
    goals.push(["build: one-tool rebuild at 1,000 tools, new process (median)", "< 300 ms", o !== undefined ? `${fmtMs(o)} ms` : "–", o === undefined ? why : o < 300 ? "met" : `missed: ${(o / 300).toFixed(1)}× the target`]);
    goals.push(["build: no-change rebuild at 1,000 tools (median)", "< 150 ms", nc !== undefined ? `${fmtMs(nc)} ms` : "–", nc === undefined ? why : nc < 150 ? "met" : `missed: ${(nc / 150).toFixed(1)}× the target`]);
    goals.push([
      "build: the largest tool, cold `toolform build` (wall)",
      "reported",
      top ? `${(top.ms / 1000).toFixed(1)} s (${top.properties.toLocaleString("en-US")} properties)` : "–",
      top ? "reported" : why,
    ]);
    goals.push([
      "build: one large tool, CPU per property at the largest size ÷ at the smallest (same run)",
      "≤ 1.30× (linear)",
      g !== undefined && Number.isFinite(g) ? `${fmtX(g)}${top ? ` (${top.properties.toLocaleString("en-US")} properties: ${(top.ms / 1000).toFixed(1)} s)` : ""}` : "–",
      g === undefined || !Number.isFinite(g) ? why : g <= 1.3 ? "met" : `missed: grows ${fmtX(g)}`,
    ]);
  }

  goals.push(coldBuildGoal(coldBuild, coldBuildMissing));
  goals.push(bundleGoal(bundles, bundleMissing));
  // The worst-case pattern times (issue 33 item 4) are the pattern table's, written with the regex matcher.
  goals.push(["worst-case pattern times (faults issue)", "see the pattern table", "see the pattern table", "see the pattern table"]);
  return goals;
}
