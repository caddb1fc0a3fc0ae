// A string built to match a pattern, for examples: literals, classes, groups,
// alternation (the first branch), counts; lookarounds and \b are left out and the
// result tested against the pattern. Class characters are varied ("3a18f6d4…", not
// "0000…"), so an id or a hash looks like one. Backreferences give undefined.

/** A deterministic, varied walk over a class's characters: position k takes allowed[(7k + 3) mod n]. */
function fill(chars: string[], count: number): string {
  let out = "";
  for (let k = 0; k < count; k++) out += chars[(7 * k + 3) % chars.length]!;
  return out;
}

const DIGITS = [..."0123456789"];
const LOWER = [..."abcdefghijklmnopqrstuvwxyz"];
const UPPER = [..."ABCDEFGHIJKLMNOPQRSTUVWXYZ"];
const WORD = [...LOWER, ...DIGITS];

type Node = { kind: "chars"; chars: string[] } | { kind: "lit"; text: string } | { kind: "group"; alts: Node[][] };
interface Item {
  node: Node;
  min: number;
  max: number;
}

class Parser {
  i = 0;
  constructor(
    readonly src: string,
    readonly open: number,
  ) {}

  alternatives(): Node[][] | undefined {
    const alts: Node[][] = [];
    let seq: Node[] = [];
    const items: Item[] = [];
    const flush = (): Node[] => {
      const out: Node[] = [];
      for (const it of items) {
        // The minimum count; a range over a class gives `open` characters (three: "abc" says more than "a" or "").
        const times = it.node.kind === "chars" && it.max > it.min && it.min <= this.open ? Math.min(this.open, it.max) : it.min;
        if (it.node.kind === "chars") out.push({ kind: "lit", text: fill(it.node.chars, times) });
        else for (let k = 0; k < times; k++) out.push(it.node);
      }
      items.length = 0;
      return out;
    };
    while (this.i < this.src.length) {
      const c = this.src[this.i]!;
      if (c === ")") break;
      if (c === "|") {
        this.i++;
        seq.push(...flush());
        alts.push(seq);
        seq = [];
        continue;
      }
      const node = this.atom();
      if (node === undefined) return undefined;
      const q = this.quantifier();
      if (q === undefined) return undefined;
      items.push({ node, ...q });
    }
    seq.push(...flush());
    alts.push(seq);
    return alts;
  }

  atom(): Node | undefined {
    const c = this.src[this.i]!;
    if (c === "^" || c === "$") {
      this.i++;
      return { kind: "lit", text: "" };
    }
    if (c === "(") {
      this.i++;
      // Lookarounds add no characters: built without them, the final test decides.
      const look = /^\?(?:=|!|<=|<!)/.exec(this.src.slice(this.i));
      if (look) this.i += look[0].length;
      else if (this.src.startsWith("?:", this.i)) this.i += 2;
      else if (/^\?<[A-Za-z_$][\w$]*>/.test(this.src.slice(this.i))) this.i = this.src.indexOf(">", this.i) + 1;
      else if (this.src[this.i] === "?") return undefined;
      const alts = this.alternatives();
      if (alts === undefined || this.src[this.i] !== ")") return undefined;
      this.i++;
      return look ? { kind: "lit", text: "" } : { kind: "group", alts };
    }
    if (c === "[") return this.cls();
    if (c === "\\") {
      const e = this.src[this.i + 1];
      this.i += 2;
      if (e === "d") return { kind: "chars", chars: DIGITS };
      if (e === "w") return { kind: "chars", chars: WORD };
      if (e === "s") return { kind: "lit", text: " " };
      if (e === "b" || e === "B") return { kind: "lit", text: "" };
      if (e !== undefined && /[.\-+*?()[\]{}|^$\\/_:@#,=!&%~'"<> ]/.test(e)) return { kind: "lit", text: e };
      return undefined;
    }
    if (c === ".") {
      this.i++;
      return { kind: "chars", chars: WORD };
    }
    if (/[+*?{}\]]/.test(c)) return undefined;
    this.i++;
    return { kind: "lit", text: c };
  }

  cls(): Node | undefined {
    const end = this.src.indexOf("]", this.i + 1);
    if (end < 0) return undefined;
    const body = this.src.slice(this.i + 1, end);
    this.i = end + 1;
    if (body.startsWith("^")) {
      const not = body.slice(1).replace(/\\(.)/g, "$1");
      const chars = WORD.filter((ch) => !not.includes(ch));
      return chars.length ? { kind: "chars", chars } : undefined;
    }
    const chars: string[] = [];
    for (let j = 0; j < body.length; j++) {
      let ch = body[j]!;
      if (ch === "\\") {
        const e = body[++j];
        if (e === "d") chars.push(...DIGITS);
        else if (e === "w") chars.push(...WORD);
        else if (e === "s") chars.push(" ");
        else if (e !== undefined && /[^A-Za-z0-9]/.test(e)) chars.push(e);
        else return undefined;
        continue;
      }
      if (body[j + 1] === "-" && j + 2 < body.length && body[j + 2] !== "\\") {
        const to = body[j + 2]!;
        for (let k = ch.charCodeAt(0); k <= to.charCodeAt(0) && chars.length < 200; k++) chars.push(String.fromCharCode(k));
        j += 2;
        continue;
      }
      chars.push(ch);
    }
    // Letters and digits first: "a-z0-9-" should give "a1b…" rather than "-".
    const nice = chars.filter((ch) => /[A-Za-z0-9]/.test(ch));
    return { kind: "chars", chars: nice.length ? [...new Set(nice)] : [...new Set(chars)] };
  }

  quantifier(): { min: number; max: number } | undefined {
    const rest = this.src.slice(this.i);
    const m = /^(?:\{(\d+)(?:(,)(\d*))?\}|\+|\*|\?)\??/.exec(rest);
    if (!m) return { min: 1, max: 1 };
    this.i += m[0].length;
    const q = m[0].replace(/\?$/, "") || "?";
    if (q === "+") return { min: 1, max: Infinity };
    if (q === "*") return { min: 0, max: Infinity };
    if (q === "?") return { min: 0, max: 1 };
    const min = Number(m[1]);
    if (min > 256) return undefined;
    return { min, max: m[2] === undefined ? min : m[3] === "" ? Infinity : Number(m[3]) };
  }
}

function render(seq: Node[]): string {
  let out = "";
  for (const n of seq) out += n.kind === "lit" ? n.text : n.kind === "chars" ? fill(n.chars, 1) : render(n.alts[0]!);
  return out;
}

/** A string matching `pattern` (JS, u flag), or undefined when the pattern is beyond this builder. `open`: characters for each open count over a class. */
export function patternExample(pattern: string, open = 3): string | undefined {
  const p = new Parser(pattern, open);
  const alts = p.alternatives();
  if (alts === undefined || p.i !== pattern.length) return undefined;
  const s = render(alts[0]!);
  try {
    return new RegExp(pattern, "u").test(s) ? s : undefined;
  } catch {
    return undefined;
  }
}
