// The work budget of one check (the compiler writes WORK_MAX into generated code too).

/**
 * Work done by one check, counted in calls of recursive ($ref-target) functions. Branches
 * of anyOf/oneOf that recurse into the same value make checking exponential in the depth
 * of the input — a 700-byte argument can take seconds (ajv's too) — so past WORK_MAX calls
 * the check stops and refuses ("maxSteps"), fail-closed (an error-path call counts 4: that
 * path allocates). Every entry point (makeTool's
 * is/validate/normalize, compileSchema's is/validate) starts it again at 0.
 */
export const work = { n: 0 };
export const WORK_MAX = 1_000_000;

/**
 * Failures counted by a check that runs the error path without a sink (`s` null): a tool's
 * `is` runs it so (nothing allocated, one function less per tool to ship), through
 * fitsPlace, which compares the count before and after and puts it back. A count put back,
 * not a flag: a check started inside another (a getter calling a tool) can neither clear
 * the outer one's failures nor add its own to them.
 */
export const probe = { n: 0 };

/** A place's generated error function: pushes the errors of `v` at path `p` into `s`, or, with `s` null, counts them (see `probe`). */
export type PlaceCheck = (v: any, p: string, s: any[] | null, d: number) => void;

/** Whether `v` fits a place, asked of its error function without a sink (a tool's `is`, the normaliser's questions). The count is put back: a question asked during another check is not that check's failure. */
export function fitsPlace(check: PlaceCheck, v: unknown, d: number): boolean {
  const n = probe.n;
  try {
    check(v, "", null, d);
    return probe.n === n;
  } finally {
    probe.n = n; // also when the value throws as it is read (the normaliser's caller then keeps the value as it came)
  }
}

/**
 * A tool's two entries from its root's error function: `is` (asked without a sink, as fitsPlace)
 * and `collect` (every error into `s`; true when they come in the feedback's order, which the
 * emitter knows of some schemas). One runtime call per tool instead of two generated functions.
 */
export function rootEntries(check: PlaceCheck, inOrder: boolean): [is: (v: unknown) => boolean, collect: (v: unknown, s: unknown[]) => boolean] {
  return [
    (v) => fitsPlace(check, v, 0),
    (v, s) => {
      check(v, "", s, 0);
      return inOrder;
    },
  ];
}

/** Whether an error helper (or generated code that fails without a helper) runs without a sink: then it counts the failure (see `probe`), and makes no error. The one place that counts. */
export function probing(s: readonly unknown[] | null): s is null {
  if (s !== null) return false;
  probe.n++;
  return true;
}
