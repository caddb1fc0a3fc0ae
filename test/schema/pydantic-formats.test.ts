// The format vocabulary beyond JSON Schema's (src/schema/formats.ts, docs/formats.md): the formats
// pydantic's JSON schema generator writes and those of the OpenAPI Format Registry. Each decision
// is tested here: a checked format against an independent reference where one exists (Node's
// base64, Date, Intl, crypto) or against the cases its definition names; an annotation-only
// format builds, takes any value and gets a lint note; an unknown one fails the build naming
// the tool, the pointer and the config option.
import { randomUUID } from "node:crypto";
import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import * as F from "../../packages/runtime/src/rt/formats.js";
import * as X from "../../packages/runtime/src/rt/formats-extra.js";
import { EXTRA_FORMAT_CHECKS, EXTRA_NUMBER_CHECKS, FORMAT_CHECKS } from "../../packages/runtime/src/rt/format-table.js";
import * as RT from "../../packages/runtime/src/rt/index.js";
import { FORMATS, formatEntry } from "../../src/schema/formats.js";
import { generate } from "../../src/pipeline/generate.js";
import type { JsonSchema, ToolDefinition } from "../../src/sources/types.js";
import { loadToolset, type LoadedToolset } from "../helpers/generated.js";

const checkOf = (name: string): ((s: string) => boolean) | undefined => FORMAT_CHECKS[name] ?? EXTRA_FORMAT_CHECKS[name];
const NUMBER_CHECKS: Record<string, (v: number) => boolean> = { ...EXTRA_NUMBER_CHECKS, int32: F.fmt_int32, int64: F.fmt_int64, float: F.fmt_float, double: F.fmt_double };

// The names as their sources write them (read from pydantic's json_schema.py, types.py,
// networks.py, color.py, _generate_schema.py and v1/schema.py, v1/types.py; and the OpenAPI
// Format Registry's list). A name dropped from the vocabulary fails here.
const PYDANTIC = [
  "uuid", "uuid1", "uuid3", "uuid4", "uuid5", "uuid6", "uuid7", "uuid8", "path", "file-path", "directory-path", "password", "binary", "base64",
  "base64url", "json-string", "ipv4", "ipv6", "ipvanyaddress", "ipvanyinterface", "ipvanynetwork", "ipv4network", "ipv6network", "ipv4interface",
  "ipv6interface", "uri", "multi-host-uri", "email", "name-email", "color", "zoneinfo", "fraction", "regex", "date", "time", "date-time", "duration", "time-delta",
];
const OPENAPI = [
  "base64url", "binary", "byte", "char", "commonmark", "date-time-local", "date-time", "date", "decimal", "decimal128", "double", "double-int", "duration",
  "email", "float", "hostname", "html", "http-date", "idn-email", "idn-hostname", "int16", "int32", "int64", "int8", "ipv4", "ipv6", "iri", "iri-reference",
  "json-pointer", "media-range", "password", "regex", "relative-json-pointer", "sf-binary", "sf-boolean", "sf-decimal", "sf-integer", "sf-string", "sf-token",
  "time", "uint8", "uint16", "uint32", "uint64", "uri", "uri-reference", "uri-template", "uuid",
];

describe("the vocabulary", () => {
  it("holds every name pydantic and the OpenAPI registry write, each with a decision", () => {
    for (const name of [...PYDANTIC, ...OPENAPI]) expect(formatEntry(name), name).toBeDefined();
  });

  it("a checked format has its predicate (the one generated code calls: the runtime entry's fmt_<name>), its words and a valid example; an annotation says why", () => {
    const entry = RT as unknown as Record<string, unknown>;
    for (const [name, e] of Object.entries(FORMATS)) {
      expect(e.words.length, name).toBeGreaterThan(3);
      if (e.kind === "string") {
        expect(checkOf(name), name).toBeTypeOf("function");
        expect(entry["fmt_" + name.replace(/-/g, "_")], name).toBe(checkOf(name));
        expect(checkOf(name)!(e.example!), `${name} example ${e.example}`).toBe(true);
      } else if (e.kind === "number") {
        expect(NUMBER_CHECKS[name], name).toBeTypeOf("function");
        expect(entry["fmt_" + name.replace(/-/g, "_")], name).toBe(NUMBER_CHECKS[name]);
      } else expect(e.why, name).toMatch(/\w/);
    }
    for (const name of [...Object.keys(EXTRA_FORMAT_CHECKS), ...Object.keys(EXTRA_NUMBER_CHECKS)]) expect(formatEntry(name)?.kind, name).not.toBe("annotation");
  });

  it("messages name the format in words", () => {
    expect(FORMATS.uuid4!.words).toContain("a UUID version 4");
    expect(FORMATS.byte!.words).toContain("base64 text");
    expect(FORMATS["file-path"]!.words).toBe("a file path");
  });
});

describe("checked formats, against references", () => {
  const hex = fc.stringMatching(/^[0-9a-f]{32}$/);
  const uuidOf = (h: string, v: number, variant: string) => `${h.slice(0, 8)}-${h.slice(8, 12)}-${v}${h.slice(13, 16)}-${variant}${h.slice(17, 20)}-${h.slice(20, 32)}`;

  it("uuidN: the version digit and the RFC 4122 variant (pydantic-core validators/uuid.rs)", () => {
    fc.assert(
      fc.property(hex, fc.integer({ min: 1, max: 8 }), fc.constantFrom("8", "9", "a", "b", "A", "0", "7", "c", "f"), (h, v, variant) => {
        const s = uuidOf(h, v, variant);
        const rfc = "89abAB".includes(variant);
        for (const w of [1, 3, 4, 5, 6, 7, 8]) expect(checkOf(`uuid${w}`)!(s)).toBe(w === v && rfc);
      }),
    );
    for (let i = 0; i < 50; i++) expect(X.fmt_uuid4(randomUUID())).toBe(true);
    expect(X.fmt_uuid4("16fd27068baf433b82eb8c7fada847da")).toBe(false); // the hyphenated form only, as "uuid"
  });

  it("json-string: what JSON.parse reads", () => {
    fc.assert(fc.property(fc.jsonValue(), (v) => X.fmt_json_string(JSON.stringify(v))));
    const parses = (s: string) => { try { JSON.parse(s); return true; } catch { return false; } };
    fc.assert(fc.property(fc.string(), (s) => X.fmt_json_string(s) === parses(s)));
  });

  it("byte, base64, base64url: what Node's Buffer writes; other text is refused", () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 40 }), (b) => {
        expect(X.fmt_byte(Buffer.from(b).toString("base64"))).toBe(true);
        expect(X.fmt_base64(Buffer.from(b).toString("base64"))).toBe(true);
        expect(X.fmt_base64url(Buffer.from(b).toString("base64url"))).toBe(true);
      }),
    );
    for (const bad of ["abc", "ab=c", "a===", "a", "ab c", "ab-_"]) expect(X.fmt_byte(bad), bad).toBe(false);
    for (const bad of ["a", "ab+/", "abcde", "ab=="+"="]) expect(X.fmt_base64url(bad), bad).toBe(false);
  });

  it("http-date: what Date#toUTCString writes (an IMF-fixdate); a wrong weekday or day is refused", () => {
    fc.assert(fc.property(fc.integer({ min: 0, max: 253402300799000 }), (ms) => X.fmt_http_date(new Date(ms).toUTCString())));
    expect(X.fmt_http_date("Sun, 06 Nov 1994 08:49:37 GMT")).toBe(true); // RFC 9110 §5.6.7
    for (const bad of ["Mon, 06 Nov 1994 08:49:37 GMT", "Sun, 31 Nov 1994 08:49:37 GMT", "Sunday, 06-Nov-94 08:49:37 GMT", "Sun, 06 Nov 1994 24:00:00 GMT", "Sun, 06 Nov 1994 08:49:37 UTC"]) expect(X.fmt_http_date(bad), bad).toBe(false);
  });

  it("zoneinfo: every IANA name the runtime knows has the shape; offsets and blanks do not", () => {
    for (const z of Intl.supportedValuesOf("timeZone")) expect(X.fmt_zoneinfo(z), z).toBe(true);
    for (const bad of ["", "Europe Berlin", "+01:00", "/Europe/Paris", "Europe//Paris", "../etc/passwd"]) expect(X.fmt_zoneinfo(bad), bad).toBe(false);
  });

  it("IP interfaces and networks, as Python's ipaddress reads them (networks strict: no host bits)", () => {
    const cases: [string, (s: string) => boolean, boolean][] = [
      ["192.0.2.1", X.fmt_ipvanyaddress, true], ["2001:db8::1", X.fmt_ipvanyaddress, true], ["192.0.2.1/24", X.fmt_ipvanyaddress, false],
      ["192.0.2.1/24", X.fmt_ipv4interface, true], ["192.0.2.1/255.255.255.0", X.fmt_ipv4interface, true], ["192.0.2.1/0.0.0.255", X.fmt_ipv4interface, true],
      ["192.0.2.1/255.0.255.0", X.fmt_ipv4interface, false], ["192.0.2.1/33", X.fmt_ipv4interface, false], ["192.0.2.1", X.fmt_ipv4interface, true],
      ["2001:db8::1/64", X.fmt_ipv6interface, true], ["2001:db8::1/129", X.fmt_ipv6interface, false], ["2001:db8::1/64", X.fmt_ipvanyinterface, true],
      ["192.0.2.0/24", X.fmt_ipv4network, true], ["192.0.2.1/24", X.fmt_ipv4network, false], ["10.0.0.0/255.0.0.0", X.fmt_ipv4network, true], ["0.0.0.0/0", X.fmt_ipv4network, true],
      ["192.0.2.1", X.fmt_ipv4network, true], ["2001:db8::/32", X.fmt_ipv6network, true], ["2001:db8::1/32", X.fmt_ipv6network, false], ["::/0", X.fmt_ipv6network, true],
      ["::ffff:192.0.2.0/120", X.fmt_ipv6network, true], ["::ffff:192.0.2.1/120", X.fmt_ipv6network, false], ["2001:db8:0:1::/63", X.fmt_ipv6network, false], ["2001:db8:0:2::/63", X.fmt_ipv6network, true],
      ["192.0.2.0/24", X.fmt_ipvanynetwork, true], ["2001:db8::/32", X.fmt_ipvanynetwork, true], ["example.com", X.fmt_ipvanynetwork, false],
    ];
    for (const [s, fn, want] of cases) expect(fn(s), `${fn.name}(${s})`).toBe(want);
    // a network is an interface; an interface with host bits is not a network
    fc.assert(fc.property(fc.ipV4(), fc.integer({ min: 0, max: 32 }), (a, len) => {
      const s = `${a}/${len}`;
      expect(X.fmt_ipv4interface(s)).toBe(true);
      const v = X.fmtIpv4Value(a);
      expect(X.fmt_ipv4network(s)).toBe(len === 32 || v % 2 ** (32 - len) === 0);
    }));
  });

  it("multi-host-uri, char, date-time-local, fraction, name-email: the cases their definitions name", () => {
    const cases: [(s: string) => boolean, string, boolean][] = [
      [X.fmt_multi_host_uri, "postgres://user:pass@db1:5432,db2:5432/app", true], [X.fmt_multi_host_uri, "https://example.com/x", true],
      [X.fmt_multi_host_uri, "postgres://db1,,db2/app", false], [X.fmt_multi_host_uri, "postgres://db1:x,db2/app", false], [X.fmt_multi_host_uri, "not a uri", false],
      [X.fmt_char, "a", true], [X.fmt_char, "😀", true], [X.fmt_char, "ab", false], [X.fmt_char, "", false],
      [X.fmt_date_time_local, "2026-01-31T09:00:00", true], [X.fmt_date_time_local, "2026-01-31t09:00:00.25", true], [X.fmt_date_time_local, "2026-01-31T09:00:00Z", false],
      [X.fmt_date_time_local, "2026-02-30T09:00:00", false], [X.fmt_date_time_local, "2026-01-31T09:00", false], [X.fmt_date_time_local, "2026-01-31T09:00:00.", false],
      [X.fmt_fraction, "3/4", true], [X.fmt_fraction, " -1.5 ", true], [X.fmt_fraction, "2e-3", true], [X.fmt_fraction, "1_000/3", true], [X.fmt_fraction, ".5", true],
      [X.fmt_fraction, "1/0", false], [X.fmt_fraction, "1/2/3", false], [X.fmt_fraction, "abc", false], [X.fmt_fraction, "", false], [X.fmt_fraction, "1__0", false],
      [X.fmt_name_email, "Jane Doe <jane@example.com>", true], [X.fmt_name_email, "jane@example.com", true], [X.fmt_name_email, "Jane <nope>", false], [X.fmt_name_email, "Jane", false],
    ];
    for (const [fn, s, want] of cases) expect(fn(s), `${fn.name}(${s})`).toBe(want);
  });

  it("OpenAPI number formats: their ranges, on numbers", () => {
    const cases: [string, number, boolean][] = [
      ["int8", 127, true], ["int8", 128, false], ["int8", -128, true], ["int16", 32768, false], ["uint8", -1, false], ["uint8", 255, true], ["uint16", 65536, false],
      ["uint32", 4294967295, true], ["uint32", 4294967296, false], ["uint64", 2 ** 60, true], ["uint64", -1, false], ["double-int", 2 ** 53, false], ["double-int", 2 ** 53 - 1, true], ["int8", 1.5, false],
    ];
    for (const [f, v, want] of cases) expect(NUMBER_CHECKS[f]!(v), `${f}(${v})`).toBe(want);
  });
});

// ---------------------------------------------------------------- in a build

const tool = (name: string, properties: Record<string, JsonSchema>): ToolDefinition => ({ name, description: "A tool.", inputSchema: { type: "object", properties } as JsonSchema, origin: { file: `${name}.json`, pointer: "/tools/0" } });
const every = tool("every_format", Object.fromEntries(Object.entries(FORMATS).map(([f, e]) => [f, { type: e.kind === "number" ? "number" : "string", format: f }])));

describe("every known format in a build (default config)", () => {
  let ts: LoadedToolset;
  beforeAll(async () => {
    ts = await loadToolset([every]);
  });

  it("builds; annotation formats take any string; checked ones refuse a wrong one in words", () => {
    for (const [f, e] of Object.entries(FORMATS)) {
      if (e.kind === "number") continue;
      const r = ts.validateCall({ name: "every_format", arguments: { [f]: "( not it" } });
      if (e.kind === "annotation") expect(r.ok, f).toBe(true);
      else {
        expect(r.ok, f).toBe(false);
        expect(r.errors[0]!.message, f).toContain(`must be ${e.words}`);
        expect(ts.validateCall({ name: "every_format", arguments: { [f]: e.example } }).ok, `${f} ${e.example}`).toBe(true);
      }
    }
  });

  it("an annotation format gets a lint note in words, which the lint config switches off", async () => {
    const r = await generate({ tools: [every], options: {} });
    const notes = r.diagnostics.filter((d) => d.code === "lint/annotation-format");
    expect(notes.map((d) => d.pointer).sort()).toEqual(Object.keys(FORMATS).filter((f) => FORMATS[f]!.kind === "annotation").map((f) => `/tools/0/inputSchema/properties/${f}/format`).sort());
    expect(notes.find((d) => d.pointer!.endsWith("/file-path/format"))!.message).toContain("a file path");
    const off = await generate({ tools: [every], options: { lint: { "annotation-format": false } } });
    expect(off.diagnostics.filter((d) => d.code === "lint/annotation-format")).toEqual([]);
  });

  it("a format in no vocabulary stays a build error naming the tool, the pointer and the config option", async () => {
    const r = await generate({ tools: [tool("odd", { x: { type: "string", format: "postal-code-ish" } })], options: { lint: false } });
    const e = r.diagnostics.find((d) => d.code === "schema/unknown-format")!;
    expect(e).toMatchObject({ severity: "error", tool: "odd", pointer: "/tools/0/inputSchema/properties/x/format" });
    expect(e.hint).toContain('formats: { "postal-code-ish": "annotation" }');
  });
});
