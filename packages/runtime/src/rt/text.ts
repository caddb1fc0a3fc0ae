// How paths and values are written in messages: a.b, a["odd key"], the string "ten".

/** [A-Za-z_$], and digits after the first character. */
export function identChar(c: number, after: boolean): boolean {
  return (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || c === 95 || c === 36 || (after && c >= 48 && c <= 57);
}

/** "edits[0].oldText" → ["edits", 0, "oldText"] (for Standard Schema issue paths). */
export function pathKeys(path: string): PropertyKey[] {
  const keys: PropertyKey[] = [];
  const re = /\.?([A-Za-z_$][\w$]*)|\[(\d+)\]|\[("(?:[^"\\]|\\.)*")\]/g;
  let m: RegExpExecArray | null;
  while ((m = re.exec(path))) keys.push(m[1] ?? (m[2] !== undefined ? Number(m[2]) : JSON.parse(m[3]!)));
  return keys;
}


/** Whether quote(s) is s between double quotes (nothing to escape). */
export function plain(s: string): boolean {
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    // ", \ and control characters are escaped; for surrogates and U+2028/9 JSON.stringify decides (it escapes lone surrogates only).
    // ASCII tested first: three compares for most characters, not seven.
    if (c < 0x7f ? c < 0x20 || c === 34 || c === 92 : (c >= 0xd800 && c <= 0xdfff) || c === 0x2028 || c === 0x2029) return false;
  }
  return true;
}

/**
 * plain(p) for a path, as pk and pi write them (and the emitter, with the same pk): a name that
 * is not a bare identifier is written quoted (a["odd key"]), and bare names, dots, brackets and
 * digits need no escape, so a path needs one only when it holds a quote. One native search, no scan.
 */
export function plainPath(p: string): boolean {
  return p.indexOf('"') < 0;
}

/** JSON.stringify for a string, without its cost in the common case (nothing to escape: one scan, no regex). */
export function quote(s: string): string {
  return plain(s) ? '"' + s + '"' : JSON.stringify(s);
}

/** A name a path writes bare (a.b): [A-Za-z_$][A-Za-z0-9_$]*, checked without a regex. */
export function isIdent(key: string): boolean {
  if (key.length === 0) return false;
  for (let i = 0; i < key.length; i++) if (!identChar(key.charCodeAt(i), i > 0)) return false;
  return true;
}

/** Path of a property below `p`, in the notation models read: a.b, a["odd key"]. */
export function pk(p: string, key: string): string {
  if (isIdent(key)) return p === "" ? key : p + "." + key;
  return p + "[" + quote(key) + "]";
}

/** Path of an item below `p`. */
export function pi(p: string, i: number): string {
  return p + "[" + i + "]";
}

export function clip(s: string, n = 60): string {
  return s.length <= n ? s : s.slice(0, n) + "…";
}

/** JSON Schema's name for the type of a value. */
export function jsonType(v: unknown): string {
  if (v === null) return "null";
  if (Array.isArray(v)) return "array";
  const t = typeof v;
  if (t === "number") return Number.isInteger(v) ? "integer" : Number.isFinite(v) ? "number" : String(v);
  if (t === "string" || t === "boolean" || t === "object") return t;
  return t; // undefined, bigint, symbol, function: not JSON
}

/** A short, safe rendering of a value, as JSON where possible. */
export function show(v: unknown, n = 60): string {
  try {
    if (typeof v === "string") return quote(clip(v, n));
    if (typeof v === "number") return Object.is(v, -0) ? "-0" : String(v);
    if (typeof v === "bigint") return String(v) + "n";
    if (v === undefined || typeof v === "symbol" || typeof v === "function") return typeof v;
    if (Array.isArray(v)) return v.length === 0 ? "[]" : `an array of ${v.length} item${v.length === 1 ? "" : "s"}`;
    if (typeof v === "object" && v !== null) {
      const keys = Object.keys(v);
      return keys.length === 0 ? "{}" : `an object with ${clip(keys.slice(0, 5).map((k) => JSON.stringify(k)).join(", ") + (keys.length > 5 ? ", …" : ""), n)}`;
    }
    return String(v);
  } catch {
    return "a value that cannot be shown";
  }
}

/** Each JSON type in a message's words. */
const TYPE_PHRASE: Readonly<Record<string, string>> = { string: "a string", number: "a number", integer: "an integer", boolean: "true or false", null: "null", array: "an array", object: "an object" };

/** "a string or null" for the types ["string", "null"]: what a type error says is expected (the emitter and the runtime share it). */
export function typePhrase(types: readonly string[]): string {
  let out = "";
  for (let i = 0; i < types.length; i++) out += (i ? " or " : "") + (TYPE_PHRASE[types[i]!] ?? types[i]!);
  return out;
}

/** typePhrase of the types as a type error's bucket line writes them ("string or null"), made once per wording. */
const typePhraseOf = new Map<string, string>();
export function typesPhrase(types: string): string {
  let t = TYPE_PHRASE[types] ?? typePhraseOf.get(types);
  if (t === undefined) typePhraseOf.set(types, (t = typePhrase(types.split(" or "))));
  return t;
}

/** What was received, for a message: `the string "ten"`, `the number 5`, `null`. */
export function describe(v: unknown, t = jsonType(v)): string {
  if (t === "string") return (v as string).length <= 60 && plain(v as string) ? 'the string "' + v + '"' : "the string " + show(v);
  if (t === "integer" || t === "number") return "the number " + show(v);
  if (t === "boolean" || t === "null") return String(v);
  return show(v);
}
