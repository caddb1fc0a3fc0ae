// A proof, without recheck, that V8's backtracking runs a pattern in time linear in the
// input: counted on the pattern's program (the Thompson NFA of ../linear/compile.ts, whose
// splits are the choices a backtracking matcher makes, in its order; counted repetition
// expanded as V8 iterates it).
//
// A backtracking matcher visits every path of the program that is consistent with the
// input, one after another, until one matches: after i characters, each path still alive
// (ended at a char node that reads character i) costs a step and the ε-paths it fans out
// into. The number of paths alive after each character is what this counts, as a vector
// (char node → paths ending there) per reachable prefix, over the classes of code points
// the program tells apart, plus the paths a fresh start at that position opens (V8 tries
// every start position; `^` ends those at once, at the cost of reaching it). When every
// reachable vector holds at most MAX_LIVE paths and every ε fan-out at most MAX_FANOUT, no
// input of n characters costs more than n × MAX_LIVE × (MAX_FANOUT + 1) steps plus the
// starts': linear, with a small constant. Anything outside that (more paths, an ε-cycle
// from a loop whose body can match empty, more vectors than MAX_VECTORS) is "not proven",
// never "vulnerable": recheck decides those.
//
// Sound by over-approximation: a matcher that stops at the first match visits fewer paths
// than counted; `$`, `\b` and `\B` are counted as passing whatever the position (more
// paths); only `^` cuts paths, and only where it surely fails (after the first position);
// classes no char node tells apart are one letter; and a vector below another (fewer paths
// everywhere) has successors below the other's. The proof is pure computation on the
// pattern: the same answer on any machine and under any load.
import { ASSERT, OP, type LinearProgram } from "../linear/compile.js";

/** Paths alive after one character, at most. The corpus's leap-year date-time pattern, with five overlapping branches, keeps 6. */
export const MAX_LIVE = 32;
/** ε-paths fanning out from one place (to char nodes, a match, a failed `^`), at most. */
export const MAX_FANOUT = 64;
/** Distinct vectors explored, and steps taken, before giving up: the proof's own work stays small whatever the pattern. */
const MAX_VECTORS = 4_000;
const MAX_WORK = 2_000_000;

interface Closure {
  /** char node → ε-paths reaching it. */
  reach: Map<number, number>;
  /** Every ε-path's end: char nodes, the match, a failed `^`. */
  fanout: number;
}

class NotProven extends Error {}

/** Whether V8's backtracking on `program`'s pattern is proven linear in the input. */
export function provenLinear(program: LinearProgram): boolean {
  try {
    return prove(program);
  } catch (e) {
    if (e instanceof NotProven) return false;
    throw e;
  }
}

function prove({ nodes, sets, bounds }: LinearProgram): boolean {
  const entry = nodes[1]!; // node 0 jumps to the pattern's entry
  const memo = [new Map<number, Closure>(), new Map<number, Closure>()];
  const onStack = new Set<number>();

  /** The ε-paths from `n` (at the input's first position or not). */
  const closure = (n: number, first: boolean): Closure => {
    const m = memo[first ? 1 : 0]!;
    const seen = m.get(n);
    if (seen) return seen;
    if (onStack.has(n)) throw new NotProven("an ε-cycle: a loop whose body can match empty");
    onStack.add(n);
    const op = nodes[n * 3]!;
    const x = nodes[n * 3 + 1]!;
    const y = nodes[n * 3 + 2]!;
    let c: Closure;
    if (op === OP.char) c = { reach: new Map([[n, 1]]), fanout: 1 };
    else if (op === OP.match) c = { reach: new Map(), fanout: 1 };
    else if (op === OP.split) c = sum(closure(x, first), closure(y, first));
    else if (op === OP.assert && x === ASSERT.start) c = first ? closure(y, first) : { reach: new Map(), fanout: 1 };
    else if (op === OP.assert) c = closure(y, first); // $, \b, \B: as if passing
    else throw new NotProven(`node kind ${op}`);
    onStack.delete(n);
    if (c.fanout > MAX_FANOUT) throw new NotProven("ε fan-out");
    m.set(n, c);
    return c;
  };

  // Classes of code points no char node tells apart, grouped: one representative each.
  const charNodes: number[] = [];
  for (let n = 0; n < nodes.length / 3; n++) if (nodes[n * 3] === OP.char) charNodes.push(n);
  const takes = (n: number, k: number): boolean => {
    const s = sets[nodes[n * 3 + 1]!]!;
    for (let i = 0; i < s.length; i += 2) if (k >= s[i]! && k <= s[i + 1]!) return true;
    return false;
  };
  if ((bounds.length + 1) * charNodes.length > MAX_WORK) return false;
  const letters = new Map<string, number>();
  for (let k = 0; k <= bounds.length; k++) {
    const key = charNodes.filter((n) => takes(n, k)).join(",");
    if (key !== "" && !letters.has(key)) letters.set(key, k);
  }

  const fresh = closure(entry, false); // a start at a later position
  const start = closure(entry, true);
  let atStart = 0;
  for (const p of start.reach.values()) atStart += p;
  if (atStart > MAX_LIVE) return false;
  const queue: Map<number, number>[] = [start.reach];
  const seen = new Set<string>([keyOf(start.reach)]);
  let work = 0;
  while (queue.length > 0) {
    const v = queue.pop()!;
    for (const k of letters.values()) {
      const next = new Map(fresh.reach);
      let live = 0;
      for (const [n, paths] of v) {
        if (!takes(n, k)) continue;
        const reach = closure(nodes[n * 3 + 2]!, false).reach;
        if ((work += reach.size + 1) > MAX_WORK) return false;
        for (const [m, p] of reach) next.set(m, (next.get(m) ?? 0) + paths * p);
      }
      for (const p of next.values()) live += p;
      if (live > MAX_LIVE) return false;
      const key = keyOf(next);
      if (seen.has(key)) continue;
      if (seen.size >= MAX_VECTORS) return false;
      seen.add(key);
      queue.push(next);
    }
  }
  return true;
}

function sum(a: Closure, b: Closure): Closure {
  const reach = new Map(a.reach);
  for (const [n, p] of b.reach) reach.set(n, (reach.get(n) ?? 0) + p);
  return { reach, fanout: a.fanout + b.fanout };
}

function keyOf(v: Map<number, number>): string {
  return [...v].sort((a, b) => a[0] - b[0]).join(";");
}
