// What every adapter gives the bench: one or more validator rows, each able to
// prepare a tool into the function that is timed.

import type { BenchTool } from "../workload/tools.js";

export interface Prepared {
  /** The function the bench times: validate one call, return what a harness would use. */
  run: (args: unknown) => unknown;
  /** Did `run`'s result accept the call? */
  ok: (result: unknown) => boolean;
  /** How many errors `run`'s result reports (for an invalid call). */
  nErrors: (result: unknown) => number;
  /** One line of what the validator says, for the report (first error). */
  firstMessage?: (result: unknown) => string;
  /** Timed only: not a validator (normalize), so its verdicts are not checked. */
  timingOnly?: boolean;
}

export interface ValidatorRow {
  /** Short stable id, used by --filter and in the goals. */
  id: string;
  /** Row label in the tables. */
  label: string;
  /** Prepare one tool, or return undefined when this validator does not cover it. */
  prepare: (tool: BenchTool) => Prepared | undefined;
}

export interface AdapterResult {
  /** Package (or thing) and its version, for the report header. */
  versions: Record<string, string>;
  rows: ValidatorRow[];
  /** Set when the adapter cannot run; the bench reports this instead of rows. */
  unavailable?: string;
  /** Caveats to print under the tables. */
  notes?: string[];
}

export type Adapter = (tools: BenchTool[]) => Promise<AdapterResult>;
