// The format predicates of @toolform/runtime (src/rt/formats*.ts) against the official JSON Schema Test Suite
// (optional/format, drafts 2020-12 and 7), plus property tests with fast-check.
import { randomUUID } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import net from "node:net";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
// F: the runtime entry, whose fmt_<name> exports are what generated code calls.
import * as F from "../../packages/runtime/src/rt/index.js";
import { FORMAT_CHECKS } from "../../packages/runtime/src/rt/format-table.js";
import { fmtPunyDecode, fmtPunyEncode } from "../../packages/runtime/src/rt/formats-hostname.js";

// ------------------------------------------------------------------ the suite

const SUITE = join(dirname(fileURLToPath(import.meta.url)), "..", "json-schema-test-suite", "tests");
const DRAFTS = ["draft2020-12", "draft7"] as const;

/**
 * The suite cases we knowingly get wrong, keyed `<format>: <JSON of the data>` (one key covers the
 * case in both drafts), each with the reason. The test fails when a case outside this list fails,
 * and when a case in it passes: keep it honest.
 */
const KNOWN_FAILURES: Readonly<Record<string, string>> = {
  // (none: every string case of both drafts passes)
};

interface SuiteCase {
  draft: string;
  file: string;
  format: string;
  description: string;
  data: string;
  valid: boolean;
}

interface SuiteGroup {
  description: string;
  schema: { format?: string };
  tests: { description: string; data: unknown; valid: boolean }[];
}

function loadSuite(): SuiteCase[] {
  const out: SuiteCase[] = [];
  for (const draft of DRAFTS) {
    const dir = join(SUITE, draft, "optional", "format");
    for (const file of readdirSync(dir).filter((f) => f.endsWith(".json")).sort()) {
      const groups = JSON.parse(readFileSync(join(dir, file), "utf8")) as SuiteGroup[];
      for (const g of groups) {
        const format = g.schema.format;
        if (typeof format !== "string") continue;
        for (const t of g.tests) {
          // A non-string instance is valid for every format: that is the validator's job, not the predicate's.
          if (typeof t.data !== "string") continue;
          out.push({ draft, file, format, description: `${g.description} / ${t.description}`, data: t.data, valid: t.valid });
        }
      }
    }
  }
  return out;
}

const ALL_CASES = loadSuite();
/** "unknown" (unknown.json) is the one suite format toolform does not check: unknown formats are ignored. */
const CASES = ALL_CASES.filter((c) => c.format !== "unknown");
const keyOf = (c: SuiteCase): string => `${c.format}: ${JSON.stringify(c.data)}`;
const RESULTS = CASES.map((c) => {
  const fn = FORMAT_CHECKS[c.format];
  return { c, pass: fn !== undefined && fn(c.data) === c.valid };
});
const SUITE_FORMATS = [...new Set(CASES.map((c) => c.format))].sort();

describe("JSON Schema Test Suite, optional/format (draft2020-12 + draft7)", () => {
  it("loads the suite, and every suite format is one toolform checks", () => {
    expect(CASES.length).toBeGreaterThan(1000);
    expect(SUITE_FORMATS.filter((f) => FORMAT_CHECKS[f] === undefined)).toEqual([]);
    expect(Object.keys(FORMAT_CHECKS).sort()).toEqual(
      [
        "date", "date-time", "duration", "email", "hostname", "idn-email", "idn-hostname", "ipv4", "ipv6", "iri",
        "iri-reference", "json-pointer", "regex", "relative-json-pointer", "time", "uri", "uri-reference", "uri-template", "uuid",
      ],
    );
    // every table entry is the fmt_<name> the runtime entry exports, which generated code calls
    for (const [name, fn] of Object.entries(FORMAT_CHECKS)) {
      expect((F as unknown as Record<string, unknown>)["fmt_" + name.replace(/-/g, "_")]).toBe(fn);
    }
  });

  it.each(SUITE_FORMATS)("%s: the only failures are the KNOWN_FAILURES", (format) => {
    const failing = [...new Set(RESULTS.filter((r) => r.c.format === format && !r.pass).map((r) => keyOf(r.c)))].sort();
    const known = Object.keys(KNOWN_FAILURES).filter((k) => k.startsWith(format + ": ")).sort();
    const unexpected = failing.filter((k) => !known.includes(k));
    const nowPassing = known.filter((k) => !failing.includes(k));
    expect({ unexpected, nowPassing }).toEqual({ unexpected: [], nowPassing: [] });
  });

  it("every KNOWN_FAILURES entry is a suite case with a reason", () => {
    const keys = new Set(CASES.map(keyOf));
    for (const [k, reason] of Object.entries(KNOWN_FAILURES)) {
      expect(keys.has(k), k).toBe(true);
      expect(reason.length).toBeGreaterThan(10);
    }
  });

  it("passes at least 95% overall (per-format table)", () => {
    const rows: Record<string, { "draft2020-12": string; draft7: string; total: string }> = {};
    for (const format of SUITE_FORMATS) {
      const cell = (draft?: string): string => {
        const rs = RESULTS.filter((r) => r.c.format === format && (draft === undefined || r.c.draft === draft));
        return rs.length === 0 ? "-" : `${rs.filter((r) => r.pass).length}/${rs.length}`;
      };
      rows[format] = { "draft2020-12": cell("draft2020-12"), draft7: cell("draft7"), total: cell() };
    }
    const passed = RESULTS.filter((r) => r.pass).length;
    rows["ALL"] = {
      "draft2020-12": `${RESULTS.filter((r) => r.pass && r.c.draft === "draft2020-12").length}/${RESULTS.filter((r) => r.c.draft === "draft2020-12").length}`,
      draft7: `${RESULTS.filter((r) => r.pass && r.c.draft === "draft7").length}/${RESULTS.filter((r) => r.c.draft === "draft7").length}`,
      total: `${passed}/${RESULTS.length}`,
    };
    console.log("format checks vs JSON Schema Test Suite (string cases)");
    console.table(rows);
    expect(passed / RESULTS.length).toBeGreaterThanOrEqual(0.95);
  });
});

// ------------------------------------------------------------------ properties

const MIN_RFC3339 = Date.UTC(2000, 0, 1) - 2000 * 365.2425 * 86400000; // about 0000-01-01
const MAX_RFC3339 = 253402300799999; // 9999-12-31T23:59:59.999Z
const pad = (n: number, w = 2): string => String(n).padStart(w, "0");

describe("format properties", () => {
  it("any Date#toISOString() in years 0000-9999 is a valid date-time, its date a date, its time a time", () => {
    fc.assert(
      fc.property(fc.integer({ min: Math.ceil(MIN_RFC3339) + 86400000, max: MAX_RFC3339 }), (t) => {
        const iso = new Date(t).toISOString();
        expect(F.fmt_date_time(iso)).toBe(true);
        expect(F.fmt_date_time(iso.toLowerCase())).toBe(true);
        expect(F.fmt_date(iso.slice(0, 10))).toBe(true);
        expect(F.fmt_time(iso.slice(11))).toBe(true);
      }),
      { numRuns: 500 },
    );
  });

  it("date agrees with the proleptic Gregorian calendar (month lengths, leap years)", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 9999 }), fc.integer({ min: 0, max: 13 }), fc.integer({ min: 0, max: 32 }), (y, m, d) => {
        const dt = new Date(0);
        dt.setUTCFullYear(y, m - 1, d);
        const real = m >= 1 && m <= 12 && d >= 1 && dt.getUTCDate() === d && dt.getUTCMonth() === m - 1;
        expect(F.fmt_date(`${pad(y, 4)}-${pad(m)}-${pad(d)}`)).toBe(real);
      }),
      { numRuns: 2000 },
    );
  });

  it("time: any in-range time with an offset is valid; :60 only at 23:59 UTC", () => {
    const offset = fc.oneof(
      fc.constantFrom("Z", "z"),
      fc.tuple(fc.constantFrom("+", "-"), fc.integer({ min: 0, max: 23 }), fc.integer({ min: 0, max: 59 })).map(([s, h, m]) => `${s}${pad(h)}:${pad(m)}`),
    );
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 23 }), fc.integer({ min: 0, max: 59 }), fc.integer({ min: 0, max: 60 }),
        fc.option(fc.stringMatching(/^[0-9]{1,12}$/), { nil: undefined }), offset,
        (h, mi, s, frac, off) => {
          const str = `${pad(h)}:${pad(mi)}:${pad(s)}${frac === undefined ? "" : "." + frac}${off}`;
          let ok = true;
          if (s === 60) {
            const o = off.length === 1 ? 0 : (off[0] === "+" ? 1 : -1) * (Number(off.slice(1, 3)) * 60 + Number(off.slice(4, 6)));
            ok = (((h * 60 + mi - o) % 1440) + 1440) % 1440 === 23 * 60 + 59;
          }
          expect(F.fmt_time(str)).toBe(ok);
          expect(F.fmt_date_time(`2020-02-29T${str}`)).toBe(ok);
        },
      ),
      { numRuns: 1000 },
    );
  });

  it("duration: anything the RFC 3339 appendix A grammar generates is valid", () => {
    const n = fc.nat({ max: 1000 }).map(String);
    const opt = (a: fc.Arbitrary<string>): fc.Arbitrary<string> => fc.option(a, { nil: "" });
    const durSecond = n.map((x) => x + "S");
    const durMinute = fc.tuple(n, opt(durSecond)).map(([x, s]) => x + "M" + s);
    const durHour = fc.tuple(n, opt(durMinute)).map(([x, m]) => x + "H" + m);
    const durTime = fc.oneof(durHour, durMinute, durSecond).map((t) => "T" + t);
    const durDay = n.map((x) => x + "D");
    const durMonth = fc.tuple(n, opt(durDay)).map(([x, d]) => x + "M" + d);
    const durYear = fc.tuple(n, opt(durMonth)).map(([x, m]) => x + "Y" + m);
    const durDate = fc.tuple(fc.oneof(durDay, durMonth, durYear), opt(durTime)).map(([d, t]) => d + t);
    const duration = fc.oneof(durDate, durTime, n.map((x) => x + "W")).map((d) => "P" + d);
    fc.assert(fc.property(duration, (d) => F.fmt_duration(d)), { numRuns: 1000 });
  });

  it("ipv4: four octets 0-255 are valid; a leading zero or an octet > 255 is not", () => {
    const octet = fc.integer({ min: 0, max: 255 });
    fc.assert(fc.property(octet, octet, octet, octet, (a, b, c, d) => F.fmt_ipv4(`${a}.${b}.${c}.${d}`)), { numRuns: 1000 });
    fc.assert(
      fc.property(octet, octet, fc.integer({ min: 0, max: 99 }), fc.integer({ min: 256, max: 999 }), (a, b, small, big) =>
        !F.fmt_ipv4(`${a}.${b}.0${small}.1`) && !F.fmt_ipv4(`${a}.${b}.${big}.1`),
      ),
    );
  });

  it("ipv6: eight groups, or any run of them compressed to ::, are valid", () => {
    const group = fc.integer({ min: 0, max: 0xffff }).map((g) => g.toString(16));
    fc.assert(
      fc.property(fc.array(group, { minLength: 8, maxLength: 8 }), fc.nat({ max: 7 }), fc.nat({ max: 7 }), fc.boolean(), (gs, i, len, upper) => {
        const full = gs.join(":");
        const j = Math.min(8, i + 1 + (len % (8 - i)));
        const compressed = gs.slice(0, i).join(":") + "::" + gs.slice(j).join(":");
        expect(F.fmt_ipv6(upper ? full.toUpperCase() : full)).toBe(true);
        expect(F.fmt_ipv6(compressed)).toBe(true);
        expect(F.fmt_ipv6(gs.slice(0, 6).join(":") + ":192.0.2.33")).toBe(true);
      }),
      { numRuns: 1000 },
    );
  });

  it("ipv4/ipv6 agree with node:net on near-miss strings (no zone ids)", () => {
    const piece = fc.oneof(
      fc.constantFrom(":", "::", ".", "0", "1", "00", "255", "256", "01", "ffff", "fffff", "1.2.3.4", "1.2.3.04", "g", "F", " "),
      fc.stringMatching(/^[0-9a-f]{1,4}$/),
    );
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 14 }).map((a) => a.join("")), (s) => {
        expect(F.fmt_ipv6(s)).toBe(net.isIPv6(s));
        expect(F.fmt_ipv4(s)).toBe(net.isIPv4(s));
      }),
      { numRuns: 5000 },
    );
  });

  it("uuid: crypto.randomUUID() and fc.uuid() are valid, in any case", () => {
    for (let i = 0; i < 200; i++) {
      const u = randomUUID();
      expect(F.fmt_uuid(u) && F.fmt_uuid(u.toUpperCase())).toBe(true);
    }
    fc.assert(fc.property(fc.uuid(), (u) => F.fmt_uuid(u)));
  });

  it("json-pointer / relative-json-pointer: escaped reference tokens make valid pointers", () => {
    const pointer = fc
      .array(fc.string({ unit: "binary" }), { maxLength: 6 })
      .map((tokens) => tokens.map((t) => "/" + t.replace(/~/g, "~0").replace(/\//g, "~1")).join(""));
    fc.assert(fc.property(pointer, (p) => F.fmt_json_pointer(p)));
    fc.assert(fc.property(fc.nat(), pointer, fc.boolean(), (n, p, hash) => F.fmt_relative_json_pointer(`${n}${hash ? "#" : p}`)));
    fc.assert(fc.property(pointer, (p) => !F.fmt_json_pointer(p + "/~") && !F.fmt_json_pointer("#" + p)));
  });

  it("hostname / email / uri accept what fast-check generates as valid", () => {
    fc.assert(fc.property(fc.domain(), (d) => F.fmt_hostname(d) && F.fmt_idn_hostname(d)), { numRuns: 500 });
    fc.assert(fc.property(fc.emailAddress(), (e) => F.fmt_email(e) && F.fmt_idn_email(e)), { numRuns: 500 });
    fc.assert(
      fc.property(fc.webUrl({ withQueryParameters: true, withFragments: true }), (u) =>
        F.fmt_uri(u) && F.fmt_uri_reference(u) && F.fmt_iri(u) && F.fmt_iri_reference(u),
      ),
      { numRuns: 500 },
    );
  });

  it("uri-template: anything the RFC 6570 grammar generates is valid", () => {
    const varchar = fc.oneof(fc.constantFrom("a", "Z", "0", "_"), fc.constantFrom("%41", "%7e"));
    const varname = fc.array(fc.tuple(fc.constantFrom("", "."), varchar), { maxLength: 4 }).chain((rest) =>
      varchar.map((first) => first + rest.map(([d, c]) => d + c).join("")),
    );
    const varspec = fc.tuple(varname, fc.constantFrom("", "*", ":1", ":9999", ":30")).map(([v, m]) => v + m);
    const expr = fc
      .tuple(fc.constantFrom("", "+", "#", ".", "/", ";", "?", "&"), fc.array(varspec, { minLength: 1, maxLength: 4 }))
      .map(([op, vs]) => `{${op}${vs.join(",")}}`);
    const literal = fc.constantFrom("http://example.com/", "a", "%20", "é", "😀", "'", "[x]", "~");
    fc.assert(fc.property(fc.array(fc.oneof(expr, literal), { maxLength: 8 }), (parts) => F.fmt_uri_template(parts.join(""))), { numRuns: 500 });
  });

  it("Punycode: RFC 3492 §7.1 vectors, and decode(encode(x)) = x", () => {
    const cps = (s: string): number[] => [...s].map((c) => c.codePointAt(0)!);
    // (A) Arabic (Egyptian), (B) Chinese (simplified), (L) 3<nen>B<gumi><kinpachi><sensei> lowercased
    const vectors: [string, string][] = [
      ["\u0644\u064A\u0647\u0645\u0627\u0628\u062A\u0643\u0644\u0645\u0648\u0634\u0639\u0631\u0628\u064A\u061F", "egbpdaj6bu4bxfgehfvwxn"],
      ["\u4ED6\u4EEC\u4E3A\u4EC0\u4E48\u4E0D\u8BF4\u4E2D\u6587", "ihqwcrb4cv8a8dqg056pqjye"],
      ["3\u5E74b\u7D44\u91D1\u516B\u5148\u751F", "3b-ww4c5e180e575a65lsy2b"],
      ["bücher", "bcher-kva"],
    ];
    for (const [u, a] of vectors) {
      expect(fmtPunyEncode(cps(u))).toBe(a);
      expect(fmtPunyDecode(a)).toEqual(cps(u));
    }
    fc.assert(
      fc.property(fc.string({ unit: "binary", minLength: 1, maxLength: 30 }), (s) => {
        expect(fmtPunyDecode(fmtPunyEncode(cps(s)))).toEqual(cps(s));
      }),
      { numRuns: 1000 },
    );
  });

  it("idn-hostname: a valid U-label and its A-label agree", () => {
    for (const [u, a] of [["bücher.example", "xn--bcher-kva.example"], ["실례.테스트", "xn--9n2bp8q.xn--9t4b11yi5a"], ["ß", "xn--zca"]]) {
      expect(F.fmt_idn_hostname(u!)).toBe(true);
      expect(F.fmt_idn_hostname(a!)).toBe(true);
      expect(F.fmt_hostname(a!)).toBe(true);
      expect(F.fmt_hostname(u!)).toBe(false);
    }
    expect(F.fmt_hostname("XN--BCHER-KVA.example")).toBe(true); // RFC 5891 §5.3: A-labels are lowercased first
    expect(F.fmt_idn_hostname("Bücher.example")).toBe(false); // RFC 5892: upper case is DISALLOWED in a U-label
  });

  it("regex agrees with new RegExp(s, 'u'), cached or not", () => {
    const unit = fc.constantFrom("a", "(", ")", "[", "]", "{", "}", "\\", "?", "<", ">", "k", "p", "u", "1", ",", "^", "$", "|", "*", "+", "-", "=", "!");
    fc.assert(
      fc.property(fc.string({ unit, maxLength: 12 }), (s) => {
        let ok = true;
        try {
          new RegExp(s, "u");
        } catch {
          ok = false;
        }
        expect(F.fmt_regex(s)).toBe(ok);
        expect(F.fmt_regex(s)).toBe(ok);
      }),
      { numRuns: 2000 },
    );
  });

  it("FORMAT_CHECKS is frozen and has no inherited names", () => {
    expect(Object.isFrozen(FORMAT_CHECKS)).toBe(true);
    for (const k of ["constructor", "toString", "__proto__", "hasOwnProperty", "valueOf"]) expect(FORMAT_CHECKS[k]).toBeUndefined();
  });
});

// ------------------------------------------------------------------ totality

const FNS = Object.entries(FORMAT_CHECKS);

describe("format checks are total", () => {
  const tricky = fc.constantFrom(
    "0", "1", "9", "2", ":", ".", "-", "+", "T", "t", "Z", "z", "P", "W", "/", "~", "#", "%", "@", "[", "]", "{", "}", "x", "n", "a", "l",
    "\"", "\\", " ", "\n", "\u0000", "ü", "é", "\u00B7", "\u0375", "\u05F3", "\u30FB", "\u200C", "\u200D", "\u094D", "\u0627", "\u0628",
    "\u0660", "\u06F0", "\u05D0", "\u0300", "\u3002", "\uFF0E", "\uD800", "\uDC00", "\uFFFF", "😀", "xn--", "IPv6:", "v1.",
  );
  const arbs: [string, fc.Arbitrary<string>][] = [
    ["fc.string()", fc.string()],
    ["binary (full unicode)", fc.string({ unit: "binary" })],
    ["UTF-16 code units, lone surrogates too", fc.string({ unit: fc.integer({ min: 0, max: 0xffff }).map((c) => String.fromCharCode(c)) })],
    ["format-ish characters", fc.string({ unit: tricky, maxLength: 40 })],
  ];
  it.each(arbs)("never throw on %s", (_name, arb) => {
    fc.assert(
      fc.property(arb, (s) => {
        for (const [, fn] of FNS) expect(typeof fn(s)).toBe("boolean");
      }),
      { numRuns: 500 },
    );
  });

  it("return on 1 MB pathological strings", () => {
    const M = 1 << 20;
    const inputs = [
      "a".repeat(M), "1".repeat(M), "/".repeat(M), ":".repeat(M), "%".repeat(M), "@".repeat(M), "a@".repeat(M / 2),
      "http://" + "a".repeat(M) + "\u0000", "http://a" + "/a".repeat(M / 2) + "\u0000", "a:" + "%41".repeat(M / 3) + "%",
      "//" + "a:".repeat(M / 2) + "@", "{" + "a.".repeat(M / 2), "{" + "a,".repeat(M / 2), "P" + "1".repeat(M),
      "PT" + "1".repeat(M) + "H" + "1".repeat(10), "2020-01-01T00:00:00." + "1".repeat(M), "\"" + "a".repeat(M) + "@",
      "a.".repeat(M / 2) + "@a.com", "xn--" + "a".repeat(M), "[".repeat(M), "(".repeat(M), "ü.".repeat(M / 2),
      "ü".repeat(M), "1.".repeat(M / 2), "0" + "/~0".repeat(M / 3) + "~", "a-".repeat(M / 2), "\uD800".repeat(M),
      "é".repeat(M) + "@a.b", "a@" + "ü".repeat(M), "::" + "1:".repeat(M / 2), "(a*)*".repeat(M / 5) + "\\",
      // IDNA paths within their length limits: overlapping alternatives here once backtracked exponentially
      "\u0660".repeat(100) + "\u0000", "a@" + "\u0660".repeat(100) + "\u0000", "\u0660ß".repeat(50) + "\u0000",
      ("\u0628\u200C\u064B".repeat(20) + ".").repeat(12), "xn--" + "\u0660".repeat(59),
    ];
    for (const s of inputs) for (const [, fn] of FNS) expect(typeof fn(s)).toBe("boolean");
  });
});
