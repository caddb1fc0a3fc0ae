// A pattern matched in time linear in the input: what generated code runs instead of a
// RegExp for a pattern V8 could backtrack on (toolform's src/schema/linear/compile.ts
// writes the program at build time). A lazily built DFA over the program's NFA: a state
// is the set of NFA nodes reached after a character (with whether it was the first
// position and whether the last character was a word character, for ^ and \b); each
// (state, character class) transition is worked out once, by an epsilon closure and a
// step (at most the program's size), then cached. Every character costs one cached
// step or one closure, so a call costs at most input length × program size, whatever
// the pattern. The cache is dropped when it holds too many states (memory stays bounded).
// Semantics: a match anywhere (JSON Schema's unanchored `pattern`), code points as the
// "u" flag reads them (a surrogate pair is one character, a lone surrogate is itself), and
// V8's one departure from the spec kept (an empty match between a pair's halves, below).

/** What generated code calls: the RegExp method it needs. */
export interface LinearRegex {
  test(s: string): boolean;
}

interface LinearState {
  /** NFA nodes reached, before their closure (sorted, unique). */
  p: number[];
  /** 1: at the input's start; 2: the last character was a word character. */
  f: number;
  /** Transitions by class: a state, or null for "matched". */
  t: (LinearState | null | undefined)[];
  /** Whether the input may end here (computed on first need). */
  e: boolean | undefined;
}

/** The class of a code point: how many class bounds (sorted starts of classes) are at or below it. The build (src/schema/linear/compile.ts) numbers classes with this too. */
export function linearClassOf(bounds: readonly number[], cp: number): number {
  let lo = 0;
  let hi = bounds.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (bounds[mid]! <= cp) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** The matcher of a program: class bounds, nodes (kind, x, y; node 0 starts), per char node the classes it takes. */
export function linearRegex(bounds: readonly number[], nodes: readonly number[], sets: readonly (readonly number[])[]): LinearRegex {
  const size = nodes.length / 3;
  const classes = bounds.length + 1;
  const classOf = (cp: number): number => linearClassOf(bounds, cp);
  const ascii: number[] = [];
  for (let cp = 0; cp < 128; cp++) ascii.push(classOf(cp));
  // \w is ASCII; the program's bounds split the word characters off when it uses \b.
  const isWordCp = (cp: number): boolean => (cp >= 48 && cp <= 57) || (cp >= 65 && cp <= 90) || cp === 95 || (cp >= 97 && cp <= 122);
  // Without \b or \B the last character's kind matters to nothing: not kept (fewer states).
  let boundaries = false;
  for (let n = 0; n < size; n++) if (nodes[n * 3] === 3 && nodes[n * 3 + 1]! >= 2) boundaries = true;
  const word: boolean[] = [];
  for (let k = 0; k < classes; k++) word.push(boundaries && isWordCp(k === 0 ? 0 : bounds[k - 1]!));
  const takes = (set: readonly number[], k: number): boolean => {
    for (let i = 0; i < set.length; i += 2) if (k >= set[i]! && k <= set[i + 1]!) return true;
    return false;
  };

  const mark = new Int32Array(size);
  let stamp = 0;
  const stack: number[] = [];
  /** The closure of p and the start node, in context; char nodes go to `out`. True when it reaches the match node. */
  const closure = (p: readonly number[], f: number, atEnd: boolean, nextWord: boolean, out: number[]): boolean => {
    if (++stamp === 0x7fffffff) {
      mark.fill(0);
      stamp = 1;
    }
    stack.length = 0;
    for (let i = p.length - 1; i >= 0; i--) stack.push(p[i]!);
    stack.push(0);
    const prevWord = (f & 2) !== 0;
    while (stack.length) {
      const n = stack.pop()!;
      if (mark[n] === stamp) continue;
      mark[n] = stamp;
      const op = nodes[n * 3]!;
      const x = nodes[n * 3 + 1]!;
      const y = nodes[n * 3 + 2]!;
      if (op === 0) return true;
      if (op === 1) stack.push(y, x);
      else if (op === 2) out.push(n);
      else if (x === 0 ? (f & 1) !== 0 : x === 1 ? atEnd : x === 2 ? prevWord !== nextWord : prevWord === nextWord) stack.push(y);
    }
    return false;
  };

  const maxStates = Math.max(64, Math.floor((1 << 20) / classes));
  // Keyed by a hash of (f, p), states of one hash in a list: no string is built per state.
  let cache = new Map<number, LinearState[]>();
  let count = 0;
  const state = (p: number[], f: number): LinearState => {
    let h = f + 0x811c9dc5;
    for (const n of p) h = Math.imul(h ^ n, 0x01000193);
    const bucket = cache.get(h);
    if (bucket) {
      for (const s of bucket) {
        if (s.f !== f || s.p.length !== p.length) continue;
        let i = 0;
        while (i < p.length && s.p[i] === p[i]) i++;
        if (i === p.length) return s;
      }
    }
    if (count >= maxStates) {
      cache = new Map();
      count = 0;
    }
    const s: LinearState = { p, f, t: [], e: undefined };
    const b = cache.get(h);
    if (b) b.push(s);
    else cache.set(h, [s]);
    count++;
    return s;
  };
  const chars: number[] = [];
  const step = (s: LinearState, k: number): LinearState | null => {
    chars.length = 0;
    if (closure(s.p, s.f, false, word[k]!, chars)) return null;
    if (++stamp === 0x7fffffff) {
      mark.fill(0);
      stamp = 1;
    }
    const next: number[] = [];
    for (const n of chars) {
      const to = nodes[n * 3 + 2]!;
      if (mark[to] !== stamp && takes(sets[nodes[n * 3 + 1]!]!, k)) {
        mark[to] = stamp;
        next.push(to);
      }
    }
    return state(next.sort((a, b) => a - b), word[k] ? 2 : 0);
  };

  // V8 also tries a match starting between the halves of a surrogate pair: nothing can be
  // read there, but an empty match can succeed, through \B (both neighbours are non-word).
  let midPair: boolean | undefined;

  return {
    test(str: string): boolean {
      let s = state([], 1);
      const len = str.length;
      for (let i = 0; i < len; ) {
        let cp = str.charCodeAt(i++);
        if (cp >= 0xd800 && cp <= 0xdbff && i < len) {
          const lo = str.charCodeAt(i);
          if (lo >= 0xdc00 && lo <= 0xdfff) {
            if ((midPair ??= ((chars.length = 0), closure([], 0, false, false, chars)))) return true;
            cp = 0x10000 + ((cp - 0xd800) << 10) + (lo - 0xdc00);
            i++;
          }
        }
        const k = cp < 128 ? ascii[cp]! : classOf(cp);
        let to = s.t[k];
        if (to === undefined) to = s.t[k] = step(s, k);
        if (to === null) return true;
        s = to;
      }
      return (s.e ??= ((chars.length = 0), closure(s.p, s.f, true, false, chars)));
    },
  };
}
