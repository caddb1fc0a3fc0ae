// The work reading one reply may do, counted in characters handed to a step (JSON.parse,
// jsonrepair, the repair scan, the bracket scan). Every step is linear in what it is
// handed, but a reply's steps overlap (each bracket a start, each fence a body), and
// jsonrepair itself is not linear (it rebuilds its output on some repairs). So: jsonrepair
// reads at most MAX_REPAIR characters at a time, and one reply's steps together at most
// a fixed multiple of its length; past either, the text is "too large to repair" and
// parsing goes on without it. Total work is then linear in the reply, whatever it holds.

/** The most characters jsonrepair is handed at once (its cost grows faster than its input). */
export const MAX_REPAIR = 65_536;

/** Characters of work allowed per character of a reply, and the allowance every reply has. */
const PER_CHAR = 8;
const BASE = 4 * MAX_REPAIR;

/** Every character of work taken by any Work, ever: an instrumented counter for tests. */
export const workCounter = { chars: 0 };

export class Work {
  spent = 0;
  constructor(readonly limit: number) {}

  /** The allowance for reading a text of `length` characters. */
  static forText(length: number): Work {
    return new Work(PER_CHAR * length + BASE);
  }

  /** Takes `n` characters of work; false (and nothing taken) when that would pass the limit. */
  take(n: number): boolean {
    if (this.spent + n > this.limit) return false;
    this.spent += n;
    workCounter.chars += n;
    return true;
  }

  get exhausted(): boolean {
    return this.spent >= this.limit;
  }
}

export const TOO_LARGE = "too large to repair";
