// Proves that a generated snippet neither loads modules nor generates code at run time.
//
// Two independent checks, both run on every emitted snippet:
//  1. `literalViolations`: the textual bans (require(, import, export, eval(, new Function,
//     Function() looked for in the code OUTSIDE string, template, regex literals and
//     comments. Schema contents (enum values, patterns, consts) end up in string and
//     regex literals, so a schema saying "import data" must not trip the check, while the
//     same text as code must.
//  2. `parserViolations`: esbuild re-parses the snippet with every free reference to
//     `require`, `eval` and `Function` (also via globalThis/self/window/global) replaced
//     by a marker, and with every import or require() of a module refused by a plugin.
//     This sees what text cannot: `typeof require`, `const F = Function`, aliasing.
// Neither can see `(function(){}).constructor("...")`; the tests run the output under
// `node --disallow-code-generation-from-strings` for that.
import { build, type Plugin } from "esbuild";

/** Replaces the contents of string/template/regex literals and comments by spaces (same length). */
export function blankLiterals(code: string): string {
  const out: string[] = [];
  const n = code.length;
  let i = 0;
  // The last significant token, to tell a regex literal from a division.
  let prev: "start" | "word" | "value" | "punct" | "closeParen" | "closeBrace" = "start";
  let prevWord = "";
  // Brace depths at which a template literal's `${` was opened.
  const templates: number[] = [];
  let depth = 0;
  const REGEX_AFTER_WORD = new Set(["return", "typeof", "instanceof", "in", "of", "new", "delete", "void", "throw", "case", "do", "else", "yield", "await"]);

  const blank = (from: number, to: number): void => {
    for (let k = from; k < to; k++) out.push(code[k] === "\n" ? "\n" : " ");
  };
  /** Scans template characters from i (just after ` or }) to the closing ` or a `${`. */
  const scanTemplate = (): void => {
    const start = i;
    while (i < n) {
      const c = code[i]!;
      if (c === "\\") {
        i += 2;
        continue;
      }
      if (c === "`") {
        blank(start, i);
        out.push("`");
        i++;
        prev = "value";
        return;
      }
      if (c === "$" && code[i + 1] === "{") {
        blank(start, i);
        out.push("${");
        i += 2;
        templates.push(depth);
        depth++;
        prev = "punct";
        return;
      }
      i++;
    }
    throw new SyntaxError("unterminated template literal");
  };

  while (i < n) {
    const c = code[i]!;
    const d = code[i + 1];
    if (c === '"' || c === "'") {
      const start = i++;
      while (i < n && code[i] !== c) {
        if (code[i] === "\\") i++;
        else if (code[i] === "\n") throw new SyntaxError("unterminated string literal");
        i++;
      }
      if (i >= n) throw new SyntaxError("unterminated string literal");
      out.push(c);
      blank(start + 1, i);
      out.push(c);
      i++;
      prev = "value";
      continue;
    }
    if (c === "`") {
      out.push("`");
      i++;
      scanTemplate();
      continue;
    }
    if (c === "/" && d === "/") {
      const start = i;
      while (i < n && code[i] !== "\n") i++;
      blank(start, i);
      continue;
    }
    if (c === "/" && d === "*") {
      const end = code.indexOf("*/", i + 2);
      if (end < 0) throw new SyntaxError("unterminated comment");
      blank(i, end + 2);
      i = end + 2;
      continue;
    }
    if (c === "/") {
      const regexAllowed =
        prev === "start" || prev === "punct" || prev === "closeBrace" || (prev === "word" && REGEX_AFTER_WORD.has(prevWord));
      if (regexAllowed) {
        const start = i++;
        let inClass = false;
        while (i < n) {
          const r = code[i]!;
          if (r === "\\") i += 2;
          else if (r === "\n") throw new SyntaxError("unterminated regular expression");
          else if (r === "[") (inClass = true), i++;
          else if (r === "]") (inClass = false), i++;
          else if (r === "/" && !inClass) break;
          else i++;
        }
        if (i >= n) throw new SyntaxError("unterminated regular expression");
        out.push("/");
        blank(start + 1, i);
        out.push("/");
        i++;
        while (i < n && /[\w$]/.test(code[i]!)) out.push(code[i++]!); // flags
        prev = "value";
        continue;
      }
      out.push(c);
      i++;
      prev = "punct";
      continue;
    }
    if (/[A-Za-z_$\\]/.test(c) || c.charCodeAt(0) > 127) {
      const start = i;
      while (i < n && (/[\w$\\]/.test(code[i]!) || code.charCodeAt(i) > 127)) i++;
      prevWord = code.slice(start, i);
      out.push(prevWord);
      prev = "word";
      continue;
    }
    if (/[0-9]/.test(c) || (c === "." && d !== undefined && /[0-9]/.test(d))) {
      const start = i;
      while (i < n && /[\w.]/.test(code[i]!)) i++;
      out.push(code.slice(start, i));
      prev = "value";
      continue;
    }
    if (/\s/.test(c)) {
      out.push(c);
      i++;
      continue;
    }
    if (c === "{") depth++;
    if (c === "}") {
      if (templates.length > 0 && templates[templates.length - 1] === depth - 1) {
        templates.pop();
        depth--;
        out.push("}");
        i++;
        scanTemplate();
        continue;
      }
      depth--;
    }
    out.push(c);
    i++;
    prev = c === ")" || c === "]" ? "closeParen" : c === "}" ? "closeBrace" : "punct";
  }
  return out.join("");
}

const LITERAL_BANS: ReadonlyArray<readonly [RegExp, string]> = [
  [/(?<![\w$.])require\s*\(/, "require("],
  [/(?<![\w$.])import(?![\w$])/, "import"],
  [/(?<![\w$.])export(?![\w$])/, "export"],
  [/(?<![\w$.])eval\s*\(/, "eval("],
  [/(?<![\w$.])new\s+Function(?![\w$])/, "new Function"],
  [/(?<![\w$.])Function\s*\(/, "Function("],
];

/** Textual bans found in `code` outside literals and comments ("require(", "import", ...), with line numbers. */
export function literalViolations(code: string): string[] {
  let stripped: string;
  try {
    stripped = blankLiterals(code);
  } catch (e) {
    // Could not tell literals from code: be conservative and look at the raw text.
    stripped = code;
    void e;
  }
  const found: string[] = [];
  for (const [re, what] of LITERAL_BANS) {
    const g = new RegExp(re.source, "g");
    let m: RegExpExecArray | null;
    while ((m = g.exec(stripped))) {
      const line = stripped.slice(0, m.index).split("\n").length;
      found.push(`${what} at line ${line}: ${code.split("\n")[line - 1]!.trim().slice(0, 120)}`);
    }
  }
  return found;
}

/**
 * Asks esbuild's parser whether `code` (which must declare `exportName` at top level)
 * references require/eval/Function as free names or imports anything.
 */
export async function parserViolations(code: string, exportName: string, markerSeed: string): Promise<string[]> {
  const marker = `__tf_forbidden_${markerSeed}_`;
  const define: Record<string, string> = {};
  for (const name of ["require", "eval", "Function"]) {
    define[name] = marker + name;
    for (const g of ["globalThis", "self", "window", "global"]) define[`${g}.${name}`] = marker + name;
  }
  const refuse: Plugin = {
    name: "toolform-refuse-imports",
    setup(b) {
      b.onResolve({ filter: /.*/ }, (a) => ({ errors: [{ text: `refused ${a.kind} of "${a.path}"` }] }));
    },
  };
  let text: string;
  try {
    const r = await build({
      stdin: { contents: `${code}\nexport { ${exportName} };\n`, loader: "js", sourcefile: "snippet.mjs" },
      bundle: true,
      write: false,
      format: "esm",
      platform: "neutral",
      treeShaking: false,
      logLevel: "silent",
      define,
      plugins: [refuse],
    });
    text = r.outputFiles[0]!.text;
  } catch (e) {
    const errors = (e as { errors?: Array<{ text: string }> }).errors;
    return errors && errors.length ? errors.map((x) => x.text) : [String((e as Error).message ?? e)];
  }
  const found: string[] = [];
  for (const name of ["require", "eval", "Function"]) {
    if (text.includes(marker + name)) found.push(`free reference to ${name}`);
  }
  // Dynamic import() and import.meta survive bundling as text; the one export we appended is expected.
  const body = text.replace(/export\s*\{[^}]*\};?\s*$/, "");
  found.push(...literalViolations(body).filter((v) => /^(import|export)/.test(v)));
  return found;
}
