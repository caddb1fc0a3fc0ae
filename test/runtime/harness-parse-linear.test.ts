// parseReply does work linear in the reply, whatever the reply holds: counted, never
// timed. Two counters see every character handed to JSON.parse and to jsonrepair (spies
// that knew nothing of the code they watch), and the harness's own work counter sees
// every step (those two, the repair scan, the bracket scan). Replies are generated from
// pieces that made the reading superlinear: code fences (closed, open, around brackets),
// unterminated strings, nested and unclosed brackets, quotes, many calls.
import fc from "fast-check";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

const repairInputs: number[] = [];
vi.mock("jsonrepair", async (load) => {
  const real = await load<typeof import("jsonrepair")>();
  return {
    ...real,
    jsonrepair: (text: string) => {
      repairInputs.push(text.length);
      return real.jsonrepair(text);
    },
  };
});

const { parseReply } = await import("../../packages/runtime/src/harness/index.js");
const { unfence } = await import("../../packages/runtime/src/harness/json.js");
const { MAX_REPAIR, workCounter } = await import("../../packages/runtime/src/harness/work.js");

let parsed = 0;
const realParse = JSON.parse;
beforeEach(() => {
  vi.spyOn(JSON, "parse").mockImplementation((text: string, reviver?: Parameters<typeof JSON.parse>[1]) => {
    parsed += String(text).length;
    return realParse(text, reviver);
  });
});
afterEach(() => vi.restoreAllMocks());

/** What reading `reply` cost: characters JSON.parse and jsonrepair were handed, every step's characters, and jsonrepair's largest input. */
function cost(reply: string) {
  parsed = 0;
  repairInputs.length = 0;
  const w0 = workCounter.chars;
  const r = parseReply(reply, {}, "json_object");
  return { parsed, repaired: repairInputs.reduce((a, b) => a + b, 0), largest: Math.max(0, ...repairInputs), steps: workCounter.chars - w0, reply: r };
}

// The harness's allowance (work.ts): 8 characters of work per character, plus 4 × MAX_REPAIR.
const bound = (n: number) => 8 * n + 4 * MAX_REPAIR;

const call = '{"name":"x","arguments":{"a":1}}';
const piece = fc.constantFrom(
  "```json\n" + call + "\n```\n",
  "```json\n{\"name\":\"x\", \"arguments\": {\"a\": \"1}\n```\n",
  "```\n{\n",
  '"```\n{',
  "{```",
  "[```json\n",
  "some text ```json\n{\"a\": [1, 2\n```\n",
  '{"a": "unterminated ',
  "[[[[{{{{",
  "]]}}",
  "'",
  "\"",
  " it's ",
  call + " ",
  "{name: 'x', arguments: {a: True,}} ",
  "\n\n",
);
const unit = fc.array(piece, { minLength: 1, maxLength: 6 }).map((a) => a.join(""));

describe("parseReply: work linear in the reply", () => {
  it("the 112 KB reply of repeated code fences: JSON.parse and jsonrepair read a bounded multiple of it", () => {
    for (const u of ['"```\n{', "{```", "some text ```json\n{\"a\": [1, 2\n```\n", "```\n{\n"]) {
      const reply = u.repeat(Math.ceil(112_000 / u.length));
      const c = cost(reply);
      expect(c.parsed + c.repaired).toBeLessThanOrEqual(bound(reply.length));
      expect(c.largest).toBeLessThanOrEqual(MAX_REPAIR);
      expect(c.steps).toBeLessThanOrEqual(bound(reply.length));
    }
  });

  it("work per character does not grow with the reply (n vs 2n, generated replies, property)", () => {
    fc.assert(
      fc.property(unit, fc.constantFrom(6_000, 20_000), (u, n) => {
        const small = u.repeat(Math.ceil(n / u.length));
        const large = small + small;
        const a = cost(small);
        const b = cost(large);
        for (const [c, len] of [[a, small.length], [b, large.length]] as const) {
          expect(c.parsed + c.repaired).toBeLessThanOrEqual(bound(len));
          expect(c.steps).toBeLessThanOrEqual(bound(len));
          expect(c.largest).toBeLessThanOrEqual(MAX_REPAIR);
        }
        // Twice the reply, at most twice the work (and a little for where the pieces fall).
        expect(b.parsed + b.repaired).toBeLessThanOrEqual(2 * (a.parsed + a.repaired) + 4 * MAX_REPAIR + 4 * u.length);
      }),
      { seed: 6, numRuns: 12 },
    );
  });

  it("many calls are all read, in work linear in their number", () => {
    const one = cost((call + "\n").repeat(500));
    const two = cost((call + "\n").repeat(1000));
    expect(one.reply.calls).toHaveLength(500);
    expect(two.reply.calls).toHaveLength(1000);
    expect(two.steps).toBeLessThanOrEqual(2 * one.steps + 100);
  });

  it("a malformed call too large for jsonrepair says so instead of stalling", () => {
    const big = '{"name": "x", "arguments": {"text": "' + "a, b: [c] ".repeat(8000) + '", broken}';
    const c = cost(big);
    expect(c.largest).toBeLessThan(100); // only the small brackets inside it
    expect(c.reply.calls).toEqual([]);
    expect(JSON.stringify(c.reply.errors)).toMatch(/too large to repair/);
  });

  it("a repairable call after prose with stray brackets is still found", () => {
    const c = cost("Here [see note] is the {call}: {name: 'x', arguments: {a: 1,}}");
    expect(c.reply.calls.map((x) => x.name)).toEqual(["x"]);
  });
});

describe("unfence", () => {
  // The regular expression it replaced (quadratic on a run of spaces): same answer everywhere.
  const OLD = /^\s*```[A-Za-z0-9_-]*[ \t]*\r?\n?([\s\S]*?)\r?\n?[ \t]*```\s*$/;
  it("agrees with the old fence pattern on generated texts (property)", () => {
    const ch = fc.constantFrom("`", "```", " ", "\t", "\n", "\r", "\r\n", "json", "{", "}", "a", "-", " \u00a0");
    fc.assert(
      fc.property(fc.array(ch, { maxLength: 14 }).map((a) => a.join("")), (t) => {
        expect(unfence(t)).toBe(OLD.exec(t)?.[1]);
      }),
      { seed: 29, numRuns: 20_000 },
    );
  });
});
