// The tokenizer behind the page's highlighting (highlight.ts): one pass over the code for
// comments, strings, template literals, numbers, keywords and identifiers. Regular
// expression literals are left plain (telling them from division needs a parser). The
// tokens' texts joined are the code, always: a wrong guess only colours wrongly.
const KEYWORDS = new Set(
  "as async await break case catch class const continue declare default delete do else export extends false finally for from function if import in instanceof interface let namespace new null readonly return static switch this throw true try type typeof undefined var void while yield".split(" "),
);

const TOKEN = /(\/\/[^\n]*|\/\*[\s\S]*?\*\/)|("(?:[^"\\\n]|\\.)*"|'(?:[^'\\\n]|\\.)*'|`(?:[^`\\]|\\[\s\S])*`)|(\b\d[\d_]*(?:\.\d+)?(?:e[+-]?\d+)?\b)|([A-Za-z_$][\w$]*)/g;

/** The spans of `code` as [text, class] pairs ("" for plain text). */
export function tokens(code: string): [string, string][] {
  const out: [string, string][] = [];
  let last = 0;
  for (const m of code.matchAll(TOKEN)) {
    const i = m.index!;
    if (i > last) out.push([code.slice(last, i), ""]);
    const cls = m[1] ? "c" : m[2] ? "s" : m[3] ? "n" : KEYWORDS.has(m[4]!) ? "k" : /^[A-Z]/.test(m[4]!) ? "t" : "";
    out.push([m[0], cls]);
    last = i + m[0].length;
  }
  if (last < code.length) out.push([code.slice(last), ""]);
  // Plain neighbours joined: fewer nodes.
  const joined: [string, string][] = [];
  for (const t of out) {
    const prev = joined[joined.length - 1];
    if (prev && prev[1] === "" && t[1] === "") prev[0] += t[0];
    else joined.push([t[0], t[1]]);
  }
  return joined;
}
