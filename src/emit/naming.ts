// The one naming function: identifiers and file names for tools (camelIdent, pascalIdent,
// fileBase, toolIdentifiers), and fresh names within one generated module (Names).
import { Name } from "./fragment.js";

/** An identifier toolform chose (toolIdentifiers below, typesNamespace): checked again, as a Name. */
export function identCode(name: string): Name {
  if (!/^[A-Za-z_$][A-Za-z0-9_$]*$/.test(name)) throw new Error(`not an identifier: ${JSON.stringify(name)}`);
  return new Name(name);
}

export const IDENT = /^[A-Za-z_$][A-Za-z0-9_$]*$/;
export const RESERVED = new Set(
  (
    "break case catch class const continue debugger default delete do else enum export extends false finally for function if " +
    "import in instanceof new null return super switch this throw true try typeof var void while with yield let static " +
    "implements interface package private protected public await arguments eval undefined NaN Infinity"
  ).split(" "),
);

/** Words of a free-form name: "legal_draft_v3" → ["legal", "draft", "v3"]. */
function words(raw: string): string[] {
  return raw
    .normalize("NFKD")
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean);
}

/**
 * Names the generated modules declare themselves: the runtime namespace `rt` (tool
 * modules, index), the index's tables of schemas and hashes, its exports, `tool`, whose type name would be the index's
 * `ToolArgs`. A tool named "toolset" or "rt" must not redeclare them. Nor the names the
 * CommonJS wrapper gives every module (`exports`, `module`, `require`): CommonJS is
 * written by the emitter, `const x = …; exports.x = x;`. (`__filename`/`__dirname` have no
 * camelCase form.) (The ajv engine's names carry an `ajv_<hash>_` prefix, which camelIdent never writes.)
 */
const MODULE_NAMES = new Set(["rt", "inputSchemas", "schemaHashes", "toolset", "toolNames", "toolsBySchemaHash", "validateCall", "tool", "exports", "module", "require"]);

/** camelCase identifier for a tool name: "legal_draft_v3" → "legalDraftV3". Never empty, never reserved. */
export function camelIdent(raw: string): string {
  const w = words(raw);
  let s = w.map((x, i) => (i === 0 ? x.toLowerCase() : x[0]!.toUpperCase() + x.slice(1).toLowerCase())).join("");
  if (s === "" || /^[0-9]/.test(s)) s = "tool" + s.charAt(0).toUpperCase() + s.slice(1);
  return RESERVED.has(s) || MODULE_NAMES.has(s) ? s + "Tool" : s;
}

/** PascalCase type name: "legal_draft_v3" → "LegalDraftV3". */
export function pascalIdent(raw: string): string {
  const c = camelIdent(raw);
  return c[0]!.toUpperCase() + c.slice(1);
}

/** A file-system-safe base name: "legal_draft_v3" → "legal_draft_v3"; "a/b:c" → "a_b_c". */
export function fileBase(raw: string): string {
  let s = raw
    .normalize("NFKD")
    .replace(/[^A-Za-z0-9_.-]+/g, "_")
    .replace(/^[._-]+/, "")
    .replace(/_+$/, "")
    .toLowerCase()
    .slice(0, 100)
    // "<name>.d" would be written as "<name>.d.ts": a declaration file holding code.
    .replace(/\.d$/, "_d");
  // Windows device names (con, nul, com1 …) cannot be files there, with any extension.
  if (s === "" || s === "index" || s.startsWith("_") || /^(con|prn|aux|nul|com\d|lpt\d)(\.|$)/.test(s)) s = "tool_" + s;
  return s;
}

/** The names a tool's generated code goes by; the tool's own name stays its `name`, in messages and in the index. */
export interface ToolIdentifiers {
  /** The exported tool object: "legalDraftV3". */
  ident: string;
  /** The argument type: "LegalDraftV3Args". */
  typeName: string;
  /** The module's file name without extension: "legal_draft_v3". */
  file: string;
}

/**
 * Identifiers and file names for a set of distinct tool names (the one naming function
 * for tools: camelIdent/pascalIdent/fileBase, made distinct). Look-alike names are distinct
 * tools — "calculate_BMI" and "calculate_bmi", "car.rental" and "car_rental" — but map to the
 * same identifier or file name, and two files differing only in case cannot both exist on
 * macOS or Windows. Tools whose identifier or file name meet (ignoring case) form a group: its
 * first member — snake_case names first, then in code-unit order — keeps the plain names, the
 * others get `_2`, `_3` … on both (a number whose names another tool already has is skipped):
 * "calculate_BMI" → `calculateBmi_2` in calculate_bmi_2.ts. The result depends only on the set
 * of names, never on their order.
 */
export function toolIdentifiers(names: Iterable<string>): Map<string, ToolIdentifiers> {
  const sorted = [...new Set(names)].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  const base = new Map(sorted.map((n) => [n, { ident: camelIdent(n), file: fileBase(n) }]));
  const keys = (b: { ident: string; file: string }) => ["i:" + b.ident.toLowerCase(), "f:" + b.file.toLowerCase()];
  // Groups: names linked by a shared key (union-find over the keys).
  const parent = new Map<string, string>();
  const find = (x: string): string => {
    let r = x;
    while (parent.get(r) !== r) r = parent.get(r)!;
    parent.set(x, r);
    return r;
  };
  const owner = new Map<string, string>();
  for (const n of sorted) {
    parent.set(n, n);
    for (const k of keys(base.get(n)!)) {
      const o = owner.get(k);
      if (o === undefined) owner.set(k, n);
      else parent.set(find(n), find(o));
    }
  }
  const groups = new Map<string, string[]>();
  for (const n of sorted) {
    const r = find(n);
    const g = groups.get(r);
    if (g) g.push(n);
    else groups.set(r, [n]);
  }
  const taken = new Set(owner.keys());
  const out = new Map<string, ToolIdentifiers>();
  const set = (n: string, ident: string, file: string) => out.set(n, { ident, typeName: ident[0]!.toUpperCase() + ident.slice(1) + "Args", file });
  for (const g of groups.values()) {
    // Sorted already; snake_case names ("calculate_bmi", "car_rental": the usual spelling) first.
    const snake = (n: string) => /^[a-z0-9_]+$/.test(n) && base.get(n)!.file === n;
    const ordered = [...g.filter(snake), ...g.filter((n) => !snake(n))];
    const first = base.get(ordered[0]!)!;
    set(ordered[0]!, first.ident, first.file);
    let k = 2;
    for (const n of ordered.slice(1)) {
      const b = base.get(n)!;
      let ident: string, file: string;
      do {
        ident = `${b.ident}_${k}`;
        file = `${b.file}_${k}`;
        k++;
      } while (keys({ ident, file }).some((key) => taken.has(key)));
      for (const key of keys({ ident, file })) taken.add(key);
      set(n, ident, file);
    }
  }
  return out;
}

/**
 * Bases of the names that live inside one generated function (`x0`, `k0`, `from0` …).
 * Their counters restart with each function (Names.restartLocals), so a place gets the
 * same names in its is_* and err_* functions: shorter, and the two compress together.
 * No module-level name (constants, functions, entry points) is made from these bases.
 */
export const LOCAL_BASES: ReadonlySet<string> = new Set(["x", "k", "i", "j", "y", "n", "w", "u", "o", "a", "c", "_k", "matched", "matches", "evaluated", "nkeys", "from", "dup", "count", "branches"]);

/** Fresh names within one generated module. */
export class Names {
  private used = new Map<string, number>();
  /** Exact names fresh() never returns: names declared beside ours in the module scope. */
  private taken = new Set<string>();
  constructor(reserved: Iterable<string> = []) {
    for (const r of reserved) {
      this.used.set(r, 1);
      this.taken.add(r);
    }
  }
  /** A new identifier starting with `prefix` (itself sanitized). */
  fresh(prefix: string): Name {
    // Fresh names are always base + counter, and a base never ends in a digit,
    // so "v1"+"0" and "v"+"10" cannot meet; reserved names never end in a digit.
    let base = prefix.replace(/[^A-Za-z0-9_$]/g, "_");
    if (!IDENT.test(base)) base = "_" + base;
    if (/\d$/.test(base)) base += "_";
    let n = this.used.get(base) ?? 0;
    while (this.taken.has(`${base}${n}`)) n++;
    this.used.set(base, n + 1);
    return new Name(`${base}${n}`);
  }
  /** A new generated function starts: its local names (LOCAL_BASES) count from 0 again. */
  restartLocals(): void {
    for (const base of LOCAL_BASES) this.used.delete(base);
  }
  /**
   * A name fresh() must skip. The tool's exported identifier comes from its name
   * ("is 0" → `is0`) and shares the module scope with the validator's `is0`,
   * `collect0`, `re0` …: without this a hostile tool name is a duplicate declaration.
   */
  avoid(name: string): void {
    this.taken.add(name);
  }
  /** Marks a name as taken (an import, a module-level constant). */
  reserve(name: string): Name {
    if (!IDENT.test(name) || RESERVED.has(name) || /\d$/.test(name)) throw new Error(`not a reservable identifier: ${JSON.stringify(name)}`);
    if (this.used.has(name)) throw new Error(`name taken: ${name}`);
    this.used.set(name, 1);
    return new Name(name);
  }
}

/** Whether a key is inherited by plain objects (so `o[key] !== undefined` is not an own-property test). */
export function isInheritedKey(key: string): boolean {
  return key in Object.prototype || key === "__proto__";
}
