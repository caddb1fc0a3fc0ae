// A pattern (ECMAScript, "u" flag) compiled at build time into the program that
// @toolform/runtime's rt/linear.ts runs in time linear in the input: a Thompson NFA over
// the pattern's syntax tree (parsed by @eslint-community/regexpp), with the code points
// split into the classes no part of the pattern tells apart.
//
// Sound because JSON Schema only asks whether a pattern matches somewhere: without
// backreferences or lookaround, whether ECMAScript's backtracking finds a match depends
// on the language of the pattern alone (greedy or lazy, captures and the empty-iteration
// check change which match is found, never whether one is). Those two are refused here
// (`unsupported`), and so are patterns whose program would be larger than MAX_NODES.
//
// Counted repetition is expanded (x{2,4} is x x (x (x)?)?): the program holds
// size(x) × max nodes, so a cap bounds it, and with it the matcher's work per character.
import { RegExpParser, type AST } from "@eslint-community/regexpp";
import { linearClassOf } from "@toolform/runtime/rt/linear";
import { complement, DIGIT, LINE_TERMINATORS, MAX_CP, probe, union, WORD, type CodeSet } from "./charset.js";

/** Node kinds (three numbers per node: kind, x, y). */
export const OP = { match: 0, split: 1, char: 2, assert: 3 } as const;
/** Assertion kinds (x of an assert node). */
export const ASSERT = { start: 0, end: 1, word: 2, notWord: 3 } as const;

/**
 * The most nodes a program may have. The matcher does at most this much work per
 * character of input (when its state cache misses), so it bounds the time per call
 * together with the input bound (maxPatternInput); BENCHMARKS.md measures the worst.
 */
export const MAX_NODES = 500;

export interface LinearProgram {
  /** Class boundaries: code point cp is in class k = the number of bounds ≤ cp. */
  bounds: number[];
  /** The nodes, three numbers each; node 0 is the start. */
  nodes: number[];
  /** Per char node's set (x): the classes it accepts, as inclusive ranges of class numbers. */
  sets: number[][];
}

export type Compiled = { program: LinearProgram } | { unsupported: string };

class Unsupported extends Error {}

const parser = new RegExpParser({ ecmaVersion: 2024 });

/** The linear program of `source`, or why there is none. Throws only on a pattern that does not parse (check patternCompileError first). */
export function compileLinear(source: string): Compiled {
  let ast: AST.Pattern;
  try {
    ast = parser.parsePattern(source, 0, source.length, { unicode: true });
  } catch (e) {
    return { unsupported: `its syntax is not read by the linear matcher's parser (${e instanceof Error ? e.message : String(e)})` };
  }
  try {
    return { program: new Builder().build(ast) };
  } catch (e) {
    if (e instanceof Unsupported) return { unsupported: e.message };
    throw e;
  }
}

class Builder {
  private nodes: number[] = [];
  private codeSets: CodeSet[] = [];
  private setIndex = new Map<string, number>();
  private usesWord = false;

  build(ast: AST.Pattern): LinearProgram {
    this.add(OP.split, 0, 0); // node 0: the start, pointed at the entry once it is known
    const match = this.add(OP.match, 0, 0);
    const entry = this.alternatives(ast.alternatives, match);
    this.nodes[1] = entry;
    this.nodes[2] = entry;
    return this.finish();
  }

  private add(op: number, x: number, y: number): number {
    const id = this.nodes.length / 3;
    if (id >= MAX_NODES) throw new Unsupported(`its program would have more than ${MAX_NODES} states (counted repetitions multiply: x{1,100} is 100 copies of x)`);
    this.nodes.push(op, x, y);
    return id;
  }

  private alternatives(alts: readonly AST.Alternative[], next: number): number {
    const entries = alts.map((a) => this.sequence(a.elements, next));
    let entry = entries[entries.length - 1]!;
    for (let i = entries.length - 2; i >= 0; i--) entry = this.add(OP.split, entries[i]!, entry);
    return entry;
  }

  private sequence(elements: readonly AST.Element[], next: number): number {
    let entry = next;
    for (let i = elements.length - 1; i >= 0; i--) entry = this.element(elements[i]!, entry);
    return entry;
  }

  private element(e: AST.Element, next: number): number {
    switch (e.type) {
      case "Character":
      case "CharacterSet":
      case "CharacterClass":
        return this.add(OP.char, this.set(this.codeSet(e)), next);
      case "Group":
      case "CapturingGroup":
        return this.alternatives(e.alternatives, next);
      case "Quantifier":
        return this.quantifier(e, next);
      case "Assertion":
        switch (e.kind) {
          case "start":
            return this.add(OP.assert, ASSERT.start, next);
          case "end":
            return this.add(OP.assert, ASSERT.end, next);
          case "word":
            this.usesWord = true;
            return this.add(OP.assert, e.negate ? ASSERT.notWord : ASSERT.word, next);
          default:
            throw new Unsupported(`it has a ${e.kind} (${e.raw}), which no linear-time matcher decides`);
        }
      case "Backreference":
        throw new Unsupported(`it has a backreference (${e.raw}), which no linear-time matcher decides`);
      default:
        throw new Unsupported(`it uses ${e.raw}, which the linear matcher does not support`);
    }
  }

  private quantifier(q: AST.Quantifier, next: number): number {
    let entry = next;
    if (q.max === Infinity) {
      const loop = this.add(OP.split, 0, next);
      this.nodes[loop * 3 + 1] = this.element(q.element, loop);
      entry = loop;
    } else {
      for (let i = q.min; i < q.max; i++) entry = this.add(OP.split, this.element(q.element, entry), next);
    }
    for (let i = 0; i < q.min; i++) entry = this.element(q.element, entry);
    return entry;
  }

  private set(s: CodeSet): number {
    const key = s.join(",");
    let i = this.setIndex.get(key);
    if (i === undefined) {
      i = this.codeSets.length;
      this.codeSets.push(s);
      this.setIndex.set(key, i);
    }
    return i;
  }

  private codeSet(e: AST.Character | AST.CharacterSet | AST.CharacterClass | AST.CharacterClassElement): CodeSet {
    switch (e.type) {
      case "Character":
        return [e.value, e.value];
      case "CharacterClassRange":
        return [e.min.value, e.max.value];
      case "CharacterSet": {
        let s: CodeSet;
        switch (e.kind) {
          case "any":
            return complement(LINE_TERMINATORS);
          case "digit":
            s = DIGIT;
            break;
          case "word":
            s = WORD;
            break;
          case "space":
            s = probe("\\s");
            break;
          case "property":
            if (e.strings) throw new Unsupported(`it uses ${e.raw}, a property of strings`);
            // Read unnegated: \P{…} is the complement of \p{…}.
            s = probe(e.raw.replace(/^\\P/, "\\p"));
            break;
        }
        return e.negate ? complement(s) : s;
      }
      case "CharacterClass": {
        if (e.unicodeSets) throw new Unsupported(`it uses the v flag's class syntax (${e.raw})`);
        const s = union(...e.elements.map((x) => this.codeSet(x)));
        return e.negate ? complement(s) : s;
      }
      default:
        throw new Unsupported(`it uses ${e.raw}, which the linear matcher does not support`);
    }
  }

  /** Code points split into classes by every set's edges (and \w's when \b is used); sets rewritten over classes. */
  private finish(): LinearProgram {
    const all = this.usesWord ? [...this.codeSets, WORD] : this.codeSets;
    const edges = new Set<number>();
    for (const s of all) {
      for (let i = 0; i < s.length; i += 2) {
        if (s[i]! > 0) edges.add(s[i]!);
        if (s[i + 1]! < MAX_CP) edges.add(s[i + 1]! + 1);
      }
    }
    const bounds = [...edges].sort((a, b) => a - b);
    const classOf = (cp: number): number => linearClassOf(bounds, cp);
    const sets = this.codeSets.map((s) => {
      const out: number[] = [];
      for (let i = 0; i < s.length; i += 2) {
        const a = classOf(s[i]!);
        const b = classOf(s[i + 1]!);
        if (out.length && out[out.length - 1] === a - 1) out[out.length - 1] = b;
        else out.push(a, b);
      }
      return out;
    });
    return { bounds, nodes: this.nodes, sets };
  }
}
