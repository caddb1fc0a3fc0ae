// Maps one ajv error object to toolform's error parts (path, bucket, expected, ...).
//
// The mapping has to run inside GENERATED code, at validation time, with no
// dependency: so it is written once, as plain JavaScript source
// (AJV_ERROR_MAPPER_SOURCE), which the main emitter pastes into the output. toolform
// itself evaluates that very same source once at module load (new Function is fine
// here, at build time; it never appears in generated output), so that the TypeScript
// `ajvErrorToParts` and the generated `tfMapAjvError` cannot drift apart.

/** An ajv error as ajv 8 reports it (allErrors: true, verbose: false). */
export interface AjvErrorObject {
  keyword: string;
  /** JSON pointer into the data: "/edits/0/oldText"; "" is the root. */
  instancePath: string;
  schemaPath: string;
  params: Record<string, unknown>;
  propertyName?: string;
  message?: string;
  schema?: unknown;
  parentSchema?: unknown;
  data?: unknown;
}

export type AjvErrorBucket = "missing_required" | "unknown_args" | "type_errors" | "enum_errors" | "constraint_errors";

export interface AjvErrorParts {
  /** Where, in the notation models read: "edits[0].oldText", 'a["odd key"]'; "" is the arguments object. */
  path: string;
  /** The JSON Schema keyword that failed, as ajv names it ("required", "unevaluatedProperties", "false schema", ...). */
  keyword: string;
  bucket: AjvErrorBucket;
  /** What was wanted, in words ("an integer", ">= 0", "one of: \"a\", \"b\""), worded like templates/_runtime.ts. */
  expected: string;
  /** ajv's params, untouched. */
  params: unknown;
}

/**
 * Plain JavaScript (ES2015, no dependencies, no code generation) defining exactly one
 * top-level name, `function tfMapAjvError(e, data)`, returning {path, keyword, bucket,
 * expected, params} for one ajv error object `e`.
 *
 * `data` (optional) is the root value that was validated. With it, a numeric pointer
 * segment is rendered as an index only when the value there really is an array
 * (`{"2024": ...}` gives `["2024"]`); without it, every canonical non-negative integer
 * segment is taken as an array index.
 *
 * Paths: "/edits/0/oldText" → "edits[0].oldText"; keys that are not identifiers →
 * `a["odd key"]` (same notation as `pk`/`pi` in templates/_runtime.ts). For
 * required / additionalProperties / unevaluatedProperties the path is that of the
 * missing or extra property, not of the object holding it.
 */
export const AJV_ERROR_MAPPER_SOURCE = String.raw`function tfMapAjvError(e, data) {
  var IDENT = /^[A-Za-z_$][\w$]*$/;
  var INDEX = /^(?:0|[1-9][0-9]*)$/;
  var TYPE_WORDS = { integer: "an integer", number: "a number", string: "a string", boolean: "a boolean", object: "an object", array: "an array", "null": "null" };
  var SIZE = {
    minLength: ["at least", "character", "characters"], maxLength: ["at most", "character", "characters"],
    minItems: ["at least", "item", "items"], maxItems: ["at most", "item", "items"],
    minProperties: ["at least", "property", "properties"], maxProperties: ["at most", "property", "properties"],
    unevaluatedItems: ["at most", "item", "items"], additionalItems: ["at most", "item", "items"]
  };
  var FORMAT_WORDS = {
    "date-time": "a date-time (RFC 3339, with a time zone)", date: "a date (YYYY-MM-DD)", time: "a time (HH:MM:SS with a time zone)",
    duration: "an ISO 8601 duration", email: "an email address", "idn-email": "an email address", hostname: "a host name",
    "idn-hostname": "a host name", ipv4: "an IPv4 address", ipv6: "an IPv6 address", uri: "an absolute URI (with a scheme)",
    "uri-reference": "a URI reference", iri: "an absolute IRI", "iri-reference": "an IRI reference",
    "uri-template": "a URI template (RFC 6570)", uuid: "a UUID", "json-pointer": "a JSON pointer",
    "relative-json-pointer": "a relative JSON pointer", regex: "a regular expression"
  };
  function key(p, k) {
    return IDENT.test(k) ? (p === "" ? k : p + "." + k) : p + "[" + JSON.stringify(k) + "]";
  }
  function clip(s, n) {
    return s.length <= n ? s : s.slice(0, n) + "\u2026";
  }
  function show(v) {
    try {
      if (typeof v === "string") return JSON.stringify(clip(v, 40));
      if (typeof v === "number") return Object.is(v, -0) ? "-0" : String(v);
      if (v === undefined) return "undefined";
      var j = JSON.stringify(v);
      return j === undefined ? String(v) : clip(j, 40);
    } catch (_) {
      return "a value that cannot be shown";
    }
  }
  function has(o, k) {
    return Object.prototype.hasOwnProperty.call(o, k);
  }
  var params = e && e.params && typeof e.params === "object" ? e.params : {};
  var keyword = e && e.keyword !== undefined ? String(e.keyword) : "";
  var walk = data !== undefined;
  var cur = data;
  var path = "";
  var segs = e && e.instancePath ? String(e.instancePath).split("/").slice(1) : [];
  for (var i = 0; i < segs.length; i++) {
    var k = segs[i].replace(/~1/g, "/").replace(/~0/g, "~");
    var isIndex = INDEX.test(k) && (walk ? Array.isArray(cur) : true);
    path = isIndex ? path + "[" + k + "]" : key(path, k);
    if (walk) cur = cur !== null && typeof cur === "object" && has(cur, k) ? cur[k] : undefined;
  }
  var bucket = "constraint_errors";
  var expected;
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
      var ts = Array.isArray(params.type) ? params.type : String(params.type).split(",");
      var words = [];
      for (var t = 0; t < ts.length; t++) words.push(has(TYPE_WORDS, ts[t]) ? TYPE_WORDS[ts[t]] : String(ts[t]));
      bucket = "type_errors";
      expected = words.join(" or ");
      break;
    }
    case "enum": {
      var allowed = Array.isArray(params.allowedValues) ? params.allowedValues : [];
      var shown = [];
      for (var a = 0; a < allowed.length && a < 12; a++) shown.push(show(allowed[a]));
      bucket = "enum_errors";
      expected = allowed.length === 1 ? shown[0] : "one of: " + shown.join(", ") + (allowed.length > 12 ? ", \u2026 (" + allowed.length + " in all)" : "");
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
      expected = has(FORMAT_WORDS, params.format) ? FORMAT_WORDS[params.format] : "a valid " + String(params.format);
      break;
    case "uniqueItems":
      expected = "unique items";
      break;
    case "false schema":
      expected = "nothing";
      break;
    default:
      if (has(SIZE, keyword) && typeof params.limit === "number") {
        var sz = SIZE[keyword];
        expected = sz[0] + " " + params.limit + " " + (params.limit === 1 ? sz[1] : sz[2]);
      } else {
        expected = e && e.message ? String(e.message) : keyword;
      }
  }
  return { path: path, keyword: keyword, bucket: bucket, expected: expected, params: e ? e.params : undefined };
}`;

type Mapper = (e: AjvErrorObject, data?: unknown) => AjvErrorParts;

// Build time only: toolform evaluates the same source it emits, so the two cannot drift.
const mapper = new Function(`${AJV_ERROR_MAPPER_SOURCE}\nreturn tfMapAjvError;`)() as Mapper;

/**
 * One ajv error → toolform's parts. `data` is the root value validated (optional; see
 * AJV_ERROR_MAPPER_SOURCE for what it changes). Same code as the generated `tfMapAjvError`.
 */
export function ajvErrorToParts(e: AjvErrorObject, data?: unknown): AjvErrorParts {
  return data === undefined ? mapper(e) : mapper(e, data);
}
