// The schema hash, without toolform's build code and without node:crypto:
// canonical JSON (object keys sorted) and a small synchronous SHA-256, so the
// MCP validator provider runs anywhere (Node, Workers, browsers) and answers
// `getValidator` synchronously, as the SDK's interface requires.
// The one canonical-JSON implementation: toolform's src/io/hash.ts imports it,
// so the hash a tool is built with is the hash the provider looks it up by.
// Imports nothing (apps load it at run time).

/** JSON with object keys sorted, so equal values hash equally whatever their key order. */
export function canonicalJson(v: unknown): string {
  try {
    return (
      JSON.stringify(v, (_k, x: unknown) => {
        if (x && typeof x === "object" && !Array.isArray(x)) {
          // Null prototype: `sorted["__proto__"] = …` must make a key, not set a prototype
          // (two schemas that differed only under a "__proto__" property hashed alike).
          const sorted: Record<string, unknown> = Object.create(null);
          for (const k of Object.keys(x).sort()) sorted[k] = (x as Record<string, unknown>)[k];
          return sorted;
        }
        return x;
      }) ?? "undefined"
    );
  } catch (e) {
    if (!(e instanceof RangeError)) throw e;
    // Nested deeper than JSON.stringify's recursion reaches (a hostile schema thousands of
    // levels deep): the same rendering with an explicit stack, so hashing never crashes a build.
    return deepCanonicalJson(v);
  }
}

/** canonicalJson for very deep values: JSON's rules (undefined, functions and symbols dropped in objects, null in arrays), keys sorted. */
function deepCanonicalJson(root: unknown): string {
  if (root === undefined || typeof root === "function" || typeof root === "symbol") return "undefined";
  const atom = (x: unknown): string | undefined => (x === undefined || typeof x === "function" || typeof x === "symbol" ? undefined : JSON.stringify(x));
  let out = "";
  const open = new Set<object>();
  // Work items: a value to write, a literal text, or an object to close (leave the cycle check).
  const todo: { value?: unknown; text?: string; close?: object }[] = [{ value: root }];
  while (todo.length) {
    const item = todo.pop()!;
    if (item.text !== undefined) {
      out += item.text;
      continue;
    }
    if (item.close !== undefined) {
      open.delete(item.close);
      continue;
    }
    const x = item.value;
    if (typeof x !== "object" || x === null || typeof (x as { toJSON?: unknown }).toJSON === "function") {
      out += atom(x) ?? "null";
      continue;
    }
    if (open.has(x)) throw new TypeError("canonicalJson: cyclic value");
    open.add(x);
    const parts: { value?: unknown; text?: string; close?: object }[] = [];
    if (Array.isArray(x)) {
      parts.push({ text: "[" });
      for (let i = 0; i < x.length; i++) {
        const e: unknown = x[i]; // a hole reads as undefined: null, as JSON.stringify writes it
        if (i) parts.push({ text: "," });
        parts.push({ value: e === undefined || typeof e === "function" || typeof e === "symbol" ? null : e });
      }
      parts.push({ text: "]" });
    } else {
      parts.push({ text: "{" });
      // Keys in the order the fast path writes them: sorted, then as an object orders them (integer keys first).
      const o: Record<string, unknown> = Object.create(null);
      for (const k of Object.keys(x).sort()) o[k] = (x as Record<string, unknown>)[k];
      let first = true;
      for (const k of Object.keys(o)) {
        const val = o[k];
        if (val === undefined || typeof val === "function" || typeof val === "symbol") continue;
        parts.push({ text: (first ? "" : ",") + JSON.stringify(k) + ":" }, { value: val });
        first = false;
      }
      parts.push({ text: "}" });
    }
    parts.push({ close: x });
    for (let i = parts.length - 1; i >= 0; i--) todo.push(parts[i]!);
  }
  return out;
}

const K = new Uint32Array([
  0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5, 0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174,
  0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da, 0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967,
  0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85, 0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
  0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3, 0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2,
]);

/** SHA-256 of bytes, as lowercase hex (FIPS 180-4). */
export function sha256Hex(bytes: Uint8Array): string {
  const len = bytes.length;
  const total = Math.ceil((len + 9) / 64) * 64;
  const buf = new Uint8Array(total);
  buf.set(bytes);
  buf[len] = 0x80;
  const view = new DataView(buf.buffer);
  view.setUint32(total - 8, Math.floor(len / 0x20000000));
  view.setUint32(total - 4, (len << 3) >>> 0);
  const w = new Uint32Array(64);
  let h0 = 0x6a09e667, h1 = 0xbb67ae85, h2 = 0x3c6ef372, h3 = 0xa54ff53a, h4 = 0x510e527f, h5 = 0x9b05688c, h6 = 0x1f83d9ab, h7 = 0x5be0cd19;
  for (let off = 0; off < total; off += 64) {
    for (let i = 0; i < 16; i++) w[i] = view.getUint32(off + i * 4);
    for (let i = 16; i < 64; i++) {
      const a = w[i - 15]!, b = w[i - 2]!;
      const s0 = ((a >>> 7) | (a << 25)) ^ ((a >>> 18) | (a << 14)) ^ (a >>> 3);
      const s1 = ((b >>> 17) | (b << 15)) ^ ((b >>> 19) | (b << 13)) ^ (b >>> 10);
      w[i] = (w[i - 16]! + s0 + w[i - 7]! + s1) | 0;
    }
    let a = h0, b = h1, c = h2, d = h3, e = h4, f = h5, g = h6, h = h7;
    for (let i = 0; i < 64; i++) {
      const S1 = ((e >>> 6) | (e << 26)) ^ ((e >>> 11) | (e << 21)) ^ ((e >>> 25) | (e << 7));
      const t1 = (h + S1 + ((e & f) ^ (~e & g)) + K[i]! + w[i]!) | 0;
      const S0 = ((a >>> 2) | (a << 30)) ^ ((a >>> 13) | (a << 19)) ^ ((a >>> 22) | (a << 10));
      const t2 = (S0 + ((a & b) ^ (a & c) ^ (b & c))) | 0;
      h = g;
      g = f;
      f = e;
      e = (d + t1) | 0;
      d = c;
      c = b;
      b = a;
      a = (t1 + t2) | 0;
    }
    h0 = (h0 + a) | 0;
    h1 = (h1 + b) | 0;
    h2 = (h2 + c) | 0;
    h3 = (h3 + d) | 0;
    h4 = (h4 + e) | 0;
    h5 = (h5 + f) | 0;
    h6 = (h6 + g) | 0;
    h7 = (h7 + h) | 0;
  }
  let hex = "";
  for (const x of [h0, h1, h2, h3, h4, h5, h6, h7]) hex += (x >>> 0).toString(16).padStart(8, "0");
  return hex;
}

const utf8 = new TextEncoder();

/** sha256 hex of the canonical JSON of a value: the `schemaHash` every generated tool carries. */
export function schemaHashOf(v: unknown): string {
  return sha256Hex(utf8.encode(canonicalJson(v)));
}
