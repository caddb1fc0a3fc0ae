// One ajv error → toolform's error parts (path, bucket, expected …). A typed module
// with no imports at run time: the ajv engine bundles it into each of its tool modules
// (./mapper-code.ts), and toolform calls the same function at build time, so the
// generated mapper and `ajvErrorToParts` cannot drift apart.
//
// `data` (optional) is the root value that was validated. With it, a numeric pointer
// segment is an index only when the value there really is an array (`{"2024": ...}`
// gives `["2024"]`); without it, every canonical non-negative integer segment is an index.
// Paths: "/edits/0/oldText" → "edits[0].oldText"; keys that are not identifiers →
// `a["odd key"]` (the notation of `pk`/`pi` in @toolform/runtime's src/rt/text.ts). For required /
// additionalProperties / unevaluatedProperties the path is that of the missing or extra
// property, not of the object holding it.
import type { AjvErrorBucket, AjvErrorObject, AjvErrorParts } from "./error-types.js";

export function mapAjvError(e: unknown, data?: unknown): AjvErrorParts {
  const err = (typeof e === "object" && e !== null ? e : undefined) as AjvErrorObject | undefined;
  let IDENT = /^[A-Za-z_$][\w$]*$/;
  let INDEX = /^(?:0|[1-9][0-9]*)$/;
  let TYPE_WORDS: Record<string, string> = { integer: "an integer", number: "a number", string: "a string", boolean: "a boolean", object: "an object", array: "an array", "null": "null" };
  let SIZE: Record<string, [string, string, string]> = {
    minLength: ["at least", "character", "characters"], maxLength: ["at most", "character", "characters"],
    minItems: ["at least", "item", "items"], maxItems: ["at most", "item", "items"],
    minProperties: ["at least", "property", "properties"], maxProperties: ["at most", "property", "properties"],
    unevaluatedItems: ["at most", "item", "items"], additionalItems: ["at most", "item", "items"]
  };
  let FORMAT_WORDS: Record<string, string> = {
    "date-time": "a date-time (RFC 3339, with a time zone)", date: "a date (YYYY-MM-DD)", time: "a time (HH:MM:SS with a time zone)",
    duration: "an ISO 8601 duration", email: "an email address", "idn-email": "an email address", hostname: "a host name",
    "idn-hostname": "a host name", ipv4: "an IPv4 address", ipv6: "an IPv6 address", uri: "an absolute URI (with a scheme)",
    "uri-reference": "a URI reference", iri: "an absolute IRI", "iri-reference": "an IRI reference",
    "uri-template": "a URI template (RFC 6570)", uuid: "a UUID", "json-pointer": "a JSON pointer",
    "relative-json-pointer": "a relative JSON pointer", regex: "a regular expression"
  };
  function key(p: string, k: string): string {
    return IDENT.test(k) ? (p === "" ? k : p + "." + k) : p + "[" + JSON.stringify(k) + "]";
  }
  function clip(s: string, n: number): string {
    return s.length <= n ? s : s.slice(0, n) + "\u2026";
  }
  function show(v: unknown): string {
    try {
      if (typeof v === "string") return JSON.stringify(clip(v, 40));
      if (typeof v === "number") return Object.is(v, -0) ? "-0" : String(v);
      if (v === undefined) return "undefined";
      let j = JSON.stringify(v);
      return j === undefined ? String(v) : clip(j, 40);
    } catch (_) {
      return "a value that cannot be shown";
    }
  }
  function has(o: object, k: unknown): boolean {
    return Object.prototype.hasOwnProperty.call(o, k as PropertyKey);
  }
  const params: Record<string, unknown> = err && err.params && typeof err.params === "object" ? err.params : {};
  let keyword = err && err.keyword !== undefined ? String(err.keyword) : "";
  let walk = data !== undefined;
  let cur: unknown = data;
  let path = "";
  const segs: string[] = err && err.instancePath ? String(err.instancePath).split("/").slice(1) : [];
  for (let i = 0; i < segs.length; i++) {
    let k = segs[i]!.replace(/~1/g, "/").replace(/~0/g, "~");
    let isIndex = INDEX.test(k) && (walk ? Array.isArray(cur) : true);
    path = isIndex ? path + "[" + k + "]" : key(path, k);
    if (walk) cur = cur !== null && typeof cur === "object" && has(cur, k) ? (cur as Record<string, unknown>)[k] : undefined;
  }
  let bucket: AjvErrorBucket = "constraint_errors";
  let expected: string;
  switch (keyword) {
    case "required":
      path = key(path, String(params.missingProperty));
      bucket = "missing_required";
      expected = "present";
      break;
    case "additionalProperties":
      path = key(path, String(params.additionalProperty));
      bucket = "unknown_args";
      expected = "no such property";
      break;
    case "unevaluatedProperties":
      path = key(path, String(params.unevaluatedProperty));
      bucket = "unknown_args";
      expected = "no such property";
      break;
    case "type": {
      const ts: unknown[] = Array.isArray(params.type) ? params.type : String(params.type).split(",");
      const words: string[] = [];
      for (let t = 0; t < ts.length; t++) words.push(has(TYPE_WORDS, ts[t]) ? TYPE_WORDS[ts[t] as string]! : String(ts[t]));
      bucket = "type_errors";
      expected = words.join(" or ");
      break;
    }
    case "enum": {
      const allowed: unknown[] = Array.isArray(params.allowedValues) ? params.allowedValues : [];
      const shown: string[] = [];
      for (let a = 0; a < allowed.length && a < 12; a++) shown.push(show(allowed[a]));
      bucket = "enum_errors";
      expected = allowed.length === 1 ? shown[0]! : "one of: " + shown.join(", ") + (allowed.length > 12 ? ", \u2026 (" + allowed.length + " in all)" : "");
      break;
    }
    case "const":
      bucket = "enum_errors";
      expected = show(params.allowedValue);
      break;
    case "minimum":
    case "maximum":
    case "exclusiveMinimum":
    case "exclusiveMaximum":
    case "formatMinimum":
    case "formatMaximum":
    case "formatExclusiveMinimum":
    case "formatExclusiveMaximum":
      expected = String(params.comparison) + " " + (typeof params.limit === "string" ? JSON.stringify(params.limit) : String(params.limit));
      break;
    case "multipleOf":
      expected = "a multiple of " + String(params.multipleOf);
      break;
    case "pattern":
      expected = "a string matching /" + String(params.pattern) + "/";
      break;
    case "format":
      expected = has(FORMAT_WORDS, params.format) ? FORMAT_WORDS[params.format as string] : "a valid " + String(params.format);
      break;
    case "uniqueItems":
      expected = "unique items";
      break;
    case "false schema":
      expected = "nothing";
      break;
    default:
      if (has(SIZE, keyword) && typeof params.limit === "number") {
        const sz = SIZE[keyword]!;
        expected = sz[0] + " " + params.limit + " " + (params.limit === 1 ? sz[1] : sz[2]);
      } else {
        expected = err && err.message ? String(err.message) : keyword;
      }
  }
  return { path: path, keyword: keyword, bucket: bucket, expected: expected, params: err ? err.params : undefined };
}
