// The input bound of a flagged pattern the linear matcher cannot run (a backreference or
// lookaround, built with allowUnchecked "pattern"): measured, not guessed from a
// complexity class. recheck's attack (prefixes, pumps, a suffix) is grown and V8's RegExp
// timed on it; the bound is the longest attack that took at most BUDGET_MS, rounded down
// to a power of two (so that the noise of one run seldom changes the generated code).
// A call then spends at most about BUDGET_MS on the pattern on the worst input recheck
// knows: ten times under the 10 ms a call may take on a slower machine.
// Growth is one pump at a time once a run takes a thousandth of the budget, so the run
// past the budget cannot take more than the budget times the cost of one pump.

export const BUDGET_MS = 1;

/** The longest input (a power of two, at most `max`) on which the attack stayed within BUDGET_MS. */
export function measuredInput(pattern: string, pumps: readonly { prefix: string; pump: string }[], suffix: string, max: number): number {
  if (pumps.length === 0 || pumps.every((p) => p.pump.length === 0)) return max;
  const re = new RegExp(pattern, "u");
  const attack = (n: number) => pumps.map((p) => p.prefix + p.pump.repeat(n)).join("") + suffix;
  const time = (s: string) => {
    let best = Infinity;
    for (let i = 0; i < 3; i++) {
      const t0 = performance.now();
      re.test(s);
      best = Math.min(best, performance.now() - t0);
      if (best > BUDGET_MS) break;
    }
    return best;
  };
  time(attack(1)); // compiled and warm before anything is timed
  let ok = 0;
  for (let n = 1; ; ) {
    const s = attack(n);
    if (s.length > max) return max;
    const t = time(s);
    if (t > BUDGET_MS) break;
    ok = s.length;
    n = t > BUDGET_MS / 1000 ? n + 1 : Math.max(n + 1, Math.floor(n * 1.25));
  }
  let p = 1;
  while (p * 2 <= ok) p *= 2;
  return Math.min(p, max);
}
