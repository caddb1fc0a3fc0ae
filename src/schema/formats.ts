// The format vocabulary: every `format` name toolform knows, what it does with it, the
// words a message uses for it and a value a message may show. Three vocabularies:
// JSON Schema 2020-12 §7.3, pydantic's JSON schema generator (pydantic/json_schema.py,
// types.py, networks.py; pydantic.v1 for json-string and time-delta) and the OpenAPI
// Format Registry (spec.openapis.org/registry/format). A name in none of them is a build
// error unless the config's `formats` names it (docs/formats.md has the decisions).

/**
 * "string": checked on strings (a value of another type is not the format's to judge), by
 *   @toolform/runtime's fmt_<name> (rt/formats*.ts, by name in rt/format-table.ts);
 * "number": checked on numbers, likewise;
 * "annotation": accepted as it is, with a lint note (what makes a value right cannot be
 *   read from the string alone: a path that must exist, a password, raw octets).
 */
export type FormatKind = "string" | "number" | "annotation";

export interface FormatEntry {
  kind: FormatKind;
  /** What the value must be, in words a model reads ("a UUID version 4"). */
  words: string;
  /** A valid value, for messages (string formats). */
  example?: string;
  /** Where the name comes from. */
  from: "JSON Schema" | "pydantic" | "OpenAPI" | "pydantic, OpenAPI";
  /** Why it is only an annotation (kind "annotation"). */
  why?: string;
}

const uuidV = (v: number, ex: string): FormatEntry => ({ kind: "string", words: `a UUID version ${v} (8-4-4-4-12 hex digits)`, example: ex, from: "pydantic" });

export const FORMATS: Readonly<Record<string, FormatEntry>> = Object.freeze(
  Object.assign(Object.create(null) as Record<string, FormatEntry>, {
    // ---- JSON Schema 2020-12 (rt/formats.ts)
    "date-time": { kind: "string", words: "a date-time (RFC 3339, with a time zone)", example: "2026-01-31T09:00:00Z", from: "JSON Schema" },
    date: { kind: "string", words: "a date (YYYY-MM-DD)", example: "2026-01-31", from: "JSON Schema" },
    time: { kind: "string", words: "a time (HH:MM:SS with a time zone)", example: "09:00:00Z", from: "JSON Schema" },
    duration: { kind: "string", words: "an ISO 8601 duration", example: "P1D", from: "JSON Schema" },
    email: { kind: "string", words: "an email address", example: "user@example.com", from: "JSON Schema" },
    "idn-email": { kind: "string", words: "an email address", example: "user@example.com", from: "JSON Schema" },
    hostname: { kind: "string", words: "a host name", example: "example.com", from: "JSON Schema" },
    "idn-hostname": { kind: "string", words: "a host name", example: "example.com", from: "JSON Schema" },
    ipv4: { kind: "string", words: "an IPv4 address", example: "192.0.2.1", from: "JSON Schema" },
    ipv6: { kind: "string", words: "an IPv6 address", example: "2001:db8::1", from: "JSON Schema" },
    uri: { kind: "string", words: "an absolute URI (with a scheme)", example: "https://example.com/", from: "JSON Schema" },
    "uri-reference": { kind: "string", words: "a URI reference", example: "https://example.com/", from: "JSON Schema" },
    iri: { kind: "string", words: "an absolute IRI", example: "https://example.com/", from: "JSON Schema" },
    "iri-reference": { kind: "string", words: "an IRI reference", example: "https://example.com/", from: "JSON Schema" },
    "uri-template": { kind: "string", words: "a URI template (RFC 6570)", example: "https://example.com/{id}", from: "JSON Schema" },
    uuid: { kind: "string", words: "a UUID", example: "123e4567-e89b-12d3-a456-426614174000", from: "JSON Schema" },
    "json-pointer": { kind: "string", words: "a JSON pointer", example: "/a/b", from: "JSON Schema" },
    "relative-json-pointer": { kind: "string", words: "a relative JSON pointer", example: "0/a", from: "JSON Schema" },
    regex: { kind: "string", words: "a regular expression", example: "^[a-z]+$", from: "JSON Schema" },

    // ---- pydantic (rt/formats-extra.ts)
    uuid1: uuidV(1, "a8098c1a-f86e-11da-bd1a-00112444be1e"),
    uuid3: uuidV(3, "6fa459ea-ee8a-3ca4-894e-db77e160355e"),
    uuid4: uuidV(4, "16fd2706-8baf-433b-82eb-8c7fada847da"),
    uuid5: uuidV(5, "886313e1-3b8a-5372-9b90-0c9aee199e5d"),
    uuid6: uuidV(6, "1ec9414c-232a-6b00-b3c8-9e6bdeced846"),
    uuid7: uuidV(7, "017f22e2-79b0-7cc3-98c4-dc0c0c07398f"),
    uuid8: uuidV(8, "320c3d4d-cc00-875b-8ec9-32d5f69181c0"),
    "json-string": { kind: "string", words: "text holding JSON (a JSON value written as a string)", example: '{"key":"value"}', from: "pydantic" },
    ipvanyaddress: { kind: "string", words: "an IPv4 or IPv6 address", example: "192.0.2.1", from: "pydantic" },
    ipvanyinterface: { kind: "string", words: "an IPv4 or IPv6 address with an optional /prefix", example: "192.0.2.1/24", from: "pydantic" },
    ipvanynetwork: { kind: "string", words: "an IPv4 or IPv6 network (address/prefix, no host bits set)", example: "192.0.2.0/24", from: "pydantic" },
    ipv4interface: { kind: "string", words: "an IPv4 address with an optional /prefix", example: "192.0.2.1/24", from: "pydantic" },
    ipv6interface: { kind: "string", words: "an IPv6 address with an optional /prefix", example: "2001:db8::1/64", from: "pydantic" },
    ipv4network: { kind: "string", words: "an IPv4 network (address/prefix, no host bits set)", example: "192.0.2.0/24", from: "pydantic" },
    ipv6network: { kind: "string", words: "an IPv6 network (address/prefix, no host bits set)", example: "2001:db8::/32", from: "pydantic" },
    "multi-host-uri": { kind: "string", words: "a URI, with one or more comma-separated hosts", example: "postgres://user@db1:5432,db2:5432/app", from: "pydantic" },
    base64: { kind: "string", words: "base64 text (RFC 4648, padded)", example: "aGVsbG8=", from: "pydantic" },
    base64url: { kind: "string", words: "URL-safe base64 text (RFC 4648 §5)", example: "aGVsbG8", from: "pydantic, OpenAPI" },
    zoneinfo: { kind: "string", words: "an IANA time zone name", example: "Europe/Paris", from: "pydantic" },
    fraction: { kind: "string", words: "a fraction or decimal number as text", example: "3/4", from: "pydantic" },
    "name-email": { kind: "string", words: 'an email address, optionally with a name ("Name <address>")', example: "Jane Doe <jane@example.com>", from: "pydantic" },
    path: { kind: "annotation", words: "a file system path", from: "pydantic", why: "whether the path is right depends on the server's file system" },
    "file-path": { kind: "annotation", words: "a file path", from: "pydantic", why: "pydantic checks that the file exists, on the server's file system" },
    "directory-path": { kind: "annotation", words: "a directory path", from: "pydantic", why: "pydantic checks that the directory exists, on the server's file system" },
    color: { kind: "annotation", words: "a color (a name, #hex, rgb() or hsl())", from: "pydantic", why: "pydantic's Color reads CSS names and several notations; toolform leaves it to the server" },
    "time-delta": { kind: "annotation", words: "a duration in seconds", from: "pydantic", why: "pydantic v1 writes it on a number, which the type already checks" },

    // ---- pydantic and OpenAPI
    password: { kind: "annotation", words: "a password", from: "pydantic, OpenAPI", why: "a hint to hide the value; any string is one" },
    binary: { kind: "annotation", words: "binary data", from: "pydantic, OpenAPI", why: "any sequence of octets; pydantic reads the string's UTF-8 bytes" },

    // ---- OpenAPI Format Registry
    byte: { kind: "string", words: "base64 text (RFC 4648, padded)", example: "aGVsbG8=", from: "OpenAPI" },
    char: { kind: "string", words: "a single character", example: "a", from: "OpenAPI" },
    "date-time-local": { kind: "string", words: "a date-time without a time zone (YYYY-MM-DDTHH:MM:SS)", example: "2026-01-31T09:00:00", from: "OpenAPI" },
    "http-date": { kind: "string", words: "an HTTP date (e.g. Sun, 06 Nov 1994 08:49:37 GMT)", example: "Sat, 31 Jan 2026 09:00:00 GMT", from: "OpenAPI" },
    commonmark: { kind: "annotation", words: "CommonMark text", from: "OpenAPI", why: "every string is CommonMark" },
    html: { kind: "annotation", words: "HTML text", from: "OpenAPI", why: "browsers read every string as HTML" },
    "media-range": { kind: "annotation", words: "a media range (e.g. text/*)", from: "OpenAPI", why: "an HTTP header value; toolform leaves its grammar to the server" },
    decimal: { kind: "annotation", words: "a decimal number", from: "OpenAPI", why: "a number or a string of unspecified precision" },
    decimal128: { kind: "annotation", words: "a decimal number (34 digits)", from: "OpenAPI", why: "a number or a string; the precision is the server's to enforce" },
    "sf-binary": { kind: "annotation", words: "an HTTP structured-field byte sequence", from: "OpenAPI", why: "the form of an HTTP header, not of a JSON value" },
    "sf-boolean": { kind: "annotation", words: "an HTTP structured-field boolean", from: "OpenAPI", why: "the form of an HTTP header, not of a JSON value" },
    "sf-decimal": { kind: "annotation", words: "an HTTP structured-field decimal", from: "OpenAPI", why: "the form of an HTTP header, not of a JSON value" },
    "sf-integer": { kind: "annotation", words: "an HTTP structured-field integer", from: "OpenAPI", why: "the form of an HTTP header, not of a JSON value" },
    "sf-string": { kind: "annotation", words: "an HTTP structured-field string", from: "OpenAPI", why: "the form of an HTTP header, not of a JSON value" },
    "sf-token": { kind: "annotation", words: "an HTTP structured-field token", from: "OpenAPI", why: "the form of an HTTP header, not of a JSON value" },
    int8: { kind: "number", words: "an 8-bit integer (-128 to 127)", from: "OpenAPI" },
    int16: { kind: "number", words: "a 16-bit integer (-32768 to 32767)", from: "OpenAPI" },
    int32: { kind: "number", words: "a 32-bit integer (-2147483648 to 2147483647)", from: "OpenAPI" },
    int64: { kind: "number", words: "an integer", from: "OpenAPI" },
    uint8: { kind: "number", words: "an integer from 0 to 255", from: "OpenAPI" },
    uint16: { kind: "number", words: "an integer from 0 to 65535", from: "OpenAPI" },
    uint32: { kind: "number", words: "an integer from 0 to 4294967295", from: "OpenAPI" },
    uint64: { kind: "number", words: "a non-negative integer", from: "OpenAPI" },
    "double-int": { kind: "number", words: "an integer from -(2^53-1) to 2^53-1", from: "OpenAPI" },
    float: { kind: "number", words: "a number", from: "OpenAPI" },
    double: { kind: "number", words: "a number", from: "OpenAPI" },
  } satisfies Record<string, FormatEntry>),
);

/** The entry of a known format, or undefined. */
export function formatEntry(name: string): FormatEntry | undefined {
  return Object.prototype.hasOwnProperty.call(FORMATS, name) ? FORMATS[name] : undefined;
}

/** The formats checked on numbers (a string is not theirs to judge). */
export const NUMBER_FORMATS: ReadonlySet<string> = new Set(Object.keys(FORMATS).filter((f) => FORMATS[f]!.kind === "number"));

/** The names toolform checks (string and number formats). */
export const KNOWN_FORMATS: ReadonlySet<string> = new Set(Object.keys(FORMATS).filter((f) => FORMATS[f]!.kind !== "annotation"));

/** A format of one's own from the config: "annotation", or a RegExp's source (run as a `pattern`). */
export type CustomFormat = "annotation" | { pattern: string };
