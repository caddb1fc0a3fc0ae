// Lays generated code out the way a reader expects, in one linear pass, instead of
// running prettier over every file (prettier was 40% of a cold build). The code
// builder writes correct but flat text (`{ a; b; } else { c; }` on one line); this
// puts each statement of a block on its own line, indents by nesting, keeps the
// line breaks the builder wrote inside expressions, and keeps at most one blank
// line. It never changes a token: only the whitespace between tokens, so it cannot
// change what the code means (strings, template literals, regex literals and
// comments are read whole). Deterministic: the same text in gives the same text out.

import { textIn, type Code, type Lang } from "./code.js";

type Kind = "ws" | "nl" | "line-comment" | "block-comment" | "string" | "template" | "regex" | "word" | "punct";

interface Token {
  kind: Kind;
  text: string;
  /** Line breaks in the whitespace before this token (0, 1, or 2 meaning "a blank line"). */
  breaks: number;
  /** Whitespace (no break) before this token. */
  space: boolean;
}

const PUNCT3 = ["===", "!==", "**=", "...", "<<=", ">>=", ">>>", "&&=", "||=", "??="];
const PUNCT2 = ["=>", "==", "!=", "<=", ">=", "&&", "||", "??", "?.", "++", "--", "+=", "-=", "*=", "/=", "%=", "&=", "|=", "^=", "<<", ">>", "**"];
/** PUNCT3 and PUNCT2 (and ">>>=") by first character, longest first. */
const PUNCT_BY_CHAR: Map<number, string[]> = (() => {
  const m = new Map<number, string[]>();
  for (const p of [">>>=", ...PUNCT3, ...PUNCT2]) {
    const c = p.charCodeAt(0);
    if (!m.has(c)) m.set(c, []);
    m.get(c)!.push(p);
  }
  return m;
})();

/** The longest punctuator at `i` (whose first character is `c`). */
function longestPunct(src: string, i: number, c: number): string {
  const candidates = PUNCT_BY_CHAR.get(c);
  if (candidates) for (const p of candidates) if (src.startsWith(p, i)) return p;
  return src[i]!;
}

/** Punctuators that no entry of PUNCT3/PUNCT2 starts with: ( ) [ ] { } , ; : ~ @ # */
const ONE_CHAR = new Set([..."()[]{},;:~@#"].map((ch) => ch.charCodeAt(0)));
/** After these, a `/` starts a regex literal (else it divides). */
const REGEX_AFTER_WORD = new Set(["return", "typeof", "case", "do", "else", "in", "of", "new", "delete", "void", "throw", "yield", "await", "instanceof"]);

function isIdentChar(c: number): boolean {
  return (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 36 || c === 95 || c > 127;
}

/** Splits source text into tokens; whitespace is folded into the next token's `breaks`/`space`. */
export function tokenize(src: string): Token[] {
  const out: Token[] = [];
  let i = 0;
  let breaks = 0;
  let space = false;
  const n = src.length;
  const push = (kind: Kind, text: string) => {
    out.push({ kind, text, breaks: Math.min(breaks, 2), space });
    breaks = 0;
    space = false;
  };
  const lastSignificant = (): Token | undefined => {
    for (let k = out.length - 1; k >= 0; k--) if (out[k]!.kind !== "line-comment" && out[k]!.kind !== "block-comment") return out[k];
    return undefined;
  };
  // Template literals: `depth` counts `${` nestings whose `}` resumes the template.
  const templateStack: number[] = [];
  let braceDepth = 0;
  const readTemplate = (start: number): number => {
    // From just after "`" or "}" (of a ${…}) to after the closing "`" or the next "${".
    let j = start;
    while (j < n) {
      const c = src.charCodeAt(j);
      if (c === 92) j += 2;
      else if (c === 96) return j + 1;
      else if (c === 36 && src.charCodeAt(j + 1) === 123) {
        templateStack.push(braceDepth);
        return j + 2;
      } else j++;
    }
    throw new SyntaxError("layout: unterminated template literal");
  };
  while (i < n) {
    const c = src.charCodeAt(i);
    if (c === 10) {
      breaks++;
      i++;
      continue;
    }
    if (c === 32 || c === 9 || c === 13) {
      space = true;
      i++;
      continue;
    }
    if (c === 47 && src.charCodeAt(i + 1) === 47) {
      let j = src.indexOf("\n", i);
      if (j < 0) j = n;
      push("line-comment", src.slice(i, j).trimEnd());
      i = j;
      continue;
    }
    if (c === 47 && src.charCodeAt(i + 1) === 42) {
      const j = src.indexOf("*/", i + 2);
      if (j < 0) throw new SyntaxError("layout: unterminated comment");
      push("block-comment", src.slice(i, j + 2));
      i = j + 2;
      continue;
    }
    if (c === 34 || c === 39) {
      let j = i + 1;
      while (j < n && src.charCodeAt(j) !== c) j += src.charCodeAt(j) === 92 ? 2 : 1;
      push("string", src.slice(i, j + 1));
      i = j + 1;
      continue;
    }
    if (c === 96) {
      const j = readTemplate(i + 1);
      push("template", src.slice(i, j));
      i = j;
      continue;
    }
    if (c === 125 && templateStack.length && templateStack[templateStack.length - 1] === braceDepth) {
      templateStack.pop();
      const j = readTemplate(i + 1);
      push("template", src.slice(i, j));
      i = j;
      continue;
    }
    if (c === 47) {
      const prev = lastSignificant();
      const regex = !prev || (prev.kind === "punct" && !/^[)\]}]$/.test(prev.text)) || (prev.kind === "word" && REGEX_AFTER_WORD.has(prev.text));
      if (regex) {
        let j = i + 1;
        let cls = false;
        while (j < n) {
          const d = src.charCodeAt(j);
          if (d === 92) j += 2;
          else if (d === 10) throw new SyntaxError("layout: unterminated regex literal");
          else {
            if (d === 91) cls = true;
            else if (d === 93) cls = false;
            else if (d === 47 && !cls) break;
            j++;
          }
        }
        j++;
        while (j < n && isIdentChar(src.charCodeAt(j))) j++;
        push("regex", src.slice(i, j));
        i = j;
        continue;
      }
    }
    if (isIdentChar(c)) {
      let j = i + 1;
      // Numbers: digits, letters, dots and exponent signs (1e-7, 0x1F, 1.5).
      if (c >= 48 && c <= 57) {
        while (j < n && (isIdentChar(src.charCodeAt(j)) || src.charCodeAt(j) === 46 || ((src.charCodeAt(j) === 45 || src.charCodeAt(j) === 43) && /[eE]/.test(src[j - 1]!)))) j++;
      } else while (j < n && isIdentChar(src.charCodeAt(j))) j++;
      push("word", src.slice(i, j));
      i = j;
      continue;
    }
    if (c === 46 && i + 1 < n && src.charCodeAt(i + 1) >= 48 && src.charCodeAt(i + 1) <= 57) {
      let j = i + 1;
      while (j < n && (isIdentChar(src.charCodeAt(j)) || src.charCodeAt(j) === 46)) j++;
      push("word", src.slice(i, j));
      i = j;
      continue;
    }
    // Brackets and separators never start a longer punctuator: most tokens take this short way;
    // the others look up only the punctuators that start with their character.
    const three = ONE_CHAR.has(c) ? src[i]! : longestPunct(src, i, c);
    if (three === "{") braceDepth++;
    else if (three === "}") braceDepth--;
    push("punct", three);
    i += three.length;
  }
  if (out.length) out.push({ kind: "nl", text: "", breaks: Math.min(breaks, 2), space });
  return out;
}

/** Words after which `{` opens an object literal (an expression), not a block. */
const EXPR_AFTER_WORD = new Set(["return", "case", "in", "of", "throw", "yield", "await", "new", "typeof", "delete", "extends", "keyof", "readonly"]);

interface Open {
  /** "{" "(" "[" or "${" — and for "{", whether it is a block. */
  ch: string;
  block: boolean;
  /** Output line it was opened on: openers on one line indent the next lines once. */
  line: number;
}

/** Re-lays the whitespace of generated code (see the file comment), written in `lang` (code.ts textIn). */
export function layoutCode(module: Code, lang: Lang = "ts", indentUnit = "  "): string {
  const toks = tokenize(textIn(module, lang));
  const lines: string[] = [];
  let cur = "";
  /** The indentation `cur` starts with, and whether anything follows it (kept, not measured: lines can be long). */
  let curIndent = "";
  let curHasText = false;
  let line = 0;
  const stack: Open[] = [];
  let prevSig: Token | undefined;
  let needBreak = 0; // 0 none, 1 newline, 2 blank line

  /** Levels of the open brackets (those opened on one line count once), or of those opened before line `before`. */
  const indentLevel = (before = Infinity): number => {
    let lvl = 0;
    let last = -1;
    for (const o of stack) {
      if (o.line >= before) break;
      if (o.line !== last) lvl++;
      last = o.line;
    }
    return lvl;
  };
  const newline = (blank: boolean) => {
    lines.push(curHasText ? cur : "");
    if (blank && lines[lines.length - 1] !== "") lines.push("");
    cur = "";
    curIndent = "";
    curHasText = false;
    line++;
  };
  const innermostIsBlock = () => stack.length === 0 || (stack[stack.length - 1]!.ch === "{" && stack[stack.length - 1]!.block);

  for (let k = 0; k < toks.length; k++) {
    const t = toks[k]!;
    if (t.kind === "nl") break;
    // Closers at the start of a line take the indentation of their opener's line.
    let breakHere = Math.max(needBreak, t.breaks);
    // A comment that followed on the same source line stays on the line (`{ // #/properties/x`).
    if (needBreak && t.breaks === 0 && t.kind === "line-comment" && curHasText) breakHere = 0;
    // No blank line straight after an opening brace or before a closing one.
    const closing = t.kind === "punct" && (t.text === "}" || t.text === ")" || t.text === "]");
    if (breakHere === 2 && (closing || (prevSig?.kind === "punct" && /^[{([]$/.test(prevSig.text)))) breakHere = 1;
    if (!curHasText && lines.length === 0 && breakHere) breakHere = 0;
    if (breakHere) {
      newline(breakHere === 2);
      needBreak = 0;
    }
    // Pop before measuring the indentation when the line starts with a closer.
    let closed: Open | undefined;
    if (closing) {
      const want = t.text === "}" ? "{" : t.text === ")" ? "(" : "[";
      // "}" of a template's ${…} is read inside the template token, so never here.
      while (stack.length && stack[stack.length - 1]!.ch !== want) stack.pop();
      closed = stack.pop();
    }
    if (!curHasText) {
      // A closer starting a line goes back to its opener's line, also when brackets opened with it are still open (`});` of `f({`).
      curIndent = indentUnit.repeat(closed ? indentLevel(closed.line) : indentLevel());
      cur = curIndent + reindentComment(t, curIndent);
      curHasText = true;
    } else {
      const glue = t.space || (closed?.block && t.text === "}") || (t.kind === "punct" && t.text === "{" && prevSig?.kind === "punct" && prevSig.text === ")");
      cur += (glue ? " " : "") + reindentComment(t, curIndent);
    }

    if (t.kind === "punct") {
      if (t.text === "{") {
        const p = prevSig;
        const block =
          !p ||
          (p.kind === "punct" && (p.text === ")" || p.text === "=>" || p.text === ";" || p.text === "}" || (p.text === "{" && innermostIsBlock()))) ||
          (p.kind === "word" && !EXPR_AFTER_WORD.has(p.text));
        stack.push({ ch: "{", block, line });
        if (block) needBreak = 1;
      } else if (t.text === "(" || t.text === "[") stack.push({ ch: t.text, block: false, line });
      else if (t.text === ";" && innermostIsBlock()) needBreak = 1;
      else if (t.text === "}" && closed?.block) {
        // `} else`, `} catch`, `})`, `},`, `};` stay on the line; anything else starts a new one.
        const next = toks[k + 1];
        const joins = next && next.breaks === 0 && ((next.kind === "word" && /^(else|catch|finally|while)$/.test(next.text)) || (next.kind === "punct" && /^[),;.\]]$/.test(next.text)));
        if (!joins) needBreak = 1;
      }
    }
    if (t.kind === "template" && t.text.endsWith("${")) stack.push({ ch: "${", block: false, line });
    if (t.kind === "template" && t.text.startsWith("}")) {
      // The `}` closing a ${…}: its opener was pushed as "${".
      while (stack.length && stack[stack.length - 1]!.ch !== "${") stack.pop();
      stack.pop();
      if (t.text.endsWith("${")) stack.push({ ch: "${", block: false, line });
    }
    if (t.kind === "line-comment") needBreak = Math.max(needBreak, 1);
    if (t.kind !== "line-comment" && t.kind !== "block-comment") prevSig = t;
  }
  if (curHasText) lines.push(cur);
  while (lines.length && lines[lines.length - 1] === "") lines.pop();
  return lines.join("\n") + "\n";
}

/** A multi-line block comment (JSDoc) re-indented to where it now starts; other tokens as they are. */
function reindentComment(t: Token, indent: string): string {
  if (t.kind !== "block-comment" || !t.text.includes("\n")) return t.text;
  const [first, ...rest] = t.text.split("\n");
  return [first, ...rest.map((l) => {
    const s = l.trimStart();
    return indent + (s.startsWith("*") ? " " + s : s);
  })].join("\n");
}
