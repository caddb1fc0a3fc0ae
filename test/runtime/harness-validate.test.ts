// toolform/harness: validateArguments, normalisation, feedback.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { feedback, parseReply, readArguments, resolveToolName, validateArguments, type Tool, type Toolset } from "../../packages/runtime/src/harness/index.js";
import { generateToolset, type GeneratedToolset } from "../fixtures/harness/toolset.js";
import { SEED_000_CALL, SEED_000_JSON, SEED_000_REPORT as SEED_000_DICT } from "../fixtures/seed-report.js";

let g: GeneratedToolset;
let toolset: Toolset;
beforeAll(async () => {
  g = await generateToolset();
  toolset = g.toolset;
});
afterAll(() => g?.cleanup());

describe("validateArguments", () => {
  it("gives seed 000's report for seed 000's example, byte for byte", () => {
    const report = validateArguments(SEED_000_CALL, toolset);
    expect(report.ok).toBe(false);
    expect(report.toDict()).toEqual(SEED_000_DICT);
    expect(JSON.stringify(report.toDict())).toBe(SEED_000_JSON);
    expect(JSON.stringify(report)).toBe(JSON.stringify(SEED_000_DICT));
  });

  it("a caller's edit of report.errors changes neither the bucket lists nor the feedback (both built after it, on first read)", () => {
    const fresh = validateArguments(SEED_000_CALL, toolset);
    const errors = fresh.errors;
    errors.pop();
    errors.push({ ...errors[0]!, text: "mine", message: "mine" });
    expect(fresh.toDict()).toEqual(SEED_000_DICT);
    expect(fresh.feedback).toBe(validateArguments(SEED_000_CALL, toolset).feedback);
    expect(fresh.feedback).not.toContain("mine");
    expect(fresh.errors).toBe(errors);
  });

  it("agrees with the generated validateCall", () => {
    expect(validateArguments(SEED_000_CALL, toolset).toDict()).toEqual(g.validateCall(SEED_000_CALL).toDict());
  });

  it("reads OpenAI-style JSON-string arguments", () => {
    const report = validateArguments({ name: "legal_draft_v3", arguments: JSON.stringify(SEED_000_CALL.arguments) }, toolset);
    expect(report.toDict()).toEqual(SEED_000_DICT);
    expect(validateArguments({ name: "legal_draft_v3", arguments: '{"counterparty":"Acme","value":5,"term_months":12}' }, toolset).ok).toBe(true);
  });

  it("reads Anthropic-style `input`", () => {
    expect(validateArguments({ name: "legal_draft_v3", input: { counterparty: "Acme", value: 5, term_months: 12 } }, toolset).ok).toBe(true);
  });

  it("answers unparseable arguments with a report that says so", () => {
    const report = validateArguments({ name: "legal_draft_v3", arguments: '{"counterparty": "Acme", value: 5' }, toolset);
    expect(report.ok).toBe(false);
    expect(report.type_errors).toEqual(["arguments: expected object, got invalid JSON"]);
    expect(report.n_errors).toBe(1);
    expect(report.feedback).toMatch(/^Refused: the arguments do not match the input schema of legal_draft_v3/);
    expect(report.feedback).toContain("The arguments are not valid JSON");
    expect(report.feedback).toContain("counterparty, value, term_months");
  });

  it("repairs malformed argument strings only when asked", () => {
    const broken = "{'counterparty': 'Acme', value: 5, term_months: 12,}";
    expect(validateArguments({ name: "legal_draft_v3", arguments: broken }, toolset).ok).toBe(false);
    expect(validateArguments({ name: "legal_draft_v3", arguments: broken }, toolset, { repair: true }).ok).toBe(true);
  });

  it("counts an unknown tool as invalid and names the nearest tools", () => {
    const report = validateArguments({ name: "legal_draft_v2", arguments: {} }, toolset);
    expect(report.ok).toBe(false);
    expect(report.unknown_tool).toBe(true);
    expect(report.n_errors).toBe(1);
    expect(report.nearest).toContain("legal_draft_v3");
    expect(report.feedback).toContain('Did you mean "legal_draft_v3"?');
  });

  it("does not treat inherited keys as tools", () => {
    for (const name of ["constructor", "__proto__", "toString", "hasOwnProperty"]) {
      expect(validateArguments({ name, arguments: {} }, toolset).unknown_tool).toBe(true);
    }
  });

  it("does not rename a tool unless asked, and then only for case and spacing", () => {
    expect(validateArguments({ name: "Legal_Draft_V3", arguments: {} }, toolset).unknown_tool).toBe(true);
    const r = validateArguments({ name: "Legal_Draft_V3", arguments: { counterparty: "A", value: 1, term_months: 1 } }, toolset, { resolveName: true });
    expect(r.ok).toBe(true);
    expect(resolveToolName(toolset, "legal draft v3").name).toBe("legal_draft_v3");
    expect(resolveToolName(toolset, "LEGAL-DRAFT-V3").repair?.rule).toBe("tool_name");
    // One edit away is another word: not renamed.
    expect(resolveToolName(toolset, "legal_draft_v2").tool).toBeUndefined();
    expect(resolveToolName(toolset, "book_rooms").tool).toBeUndefined();
  });

  it("treats missing arguments as {} and null as a wrong type", () => {
    expect(validateArguments({ name: "legal_draft_v3" }, toolset).missing_required).toEqual(["counterparty", "value", "term_months"]);
    expect(validateArguments({ name: "legal_draft_v3", arguments: null }, toolset).type_errors.length).toBe(1);
  });

  it("reads double-encoded and empty arguments with repair on", () => {
    const inner = JSON.stringify({ counterparty: "A", value: 1, term_months: 1 });
    const r = readArguments(JSON.stringify(inner), true);
    expect(r.ok && r.value).toEqual({ counterparty: "A", value: 1, term_months: 1 });
    expect(r.repairs.map((x) => x.rule)).toEqual(["double_encoded"]);
    const e = readArguments("  ", true);
    expect(e.ok && e.value).toEqual({});
    expect(readArguments("", false).ok).toBe(false);
  });
});

/** A call's normalized_arguments, as parseReply gives them (the tool's generated normaliser, "compare" mode). */
const normalized = (name: string, args: unknown, ts: Toolset = toolset) => parseReply({ name, arguments: args }, ts, "json_object").calls[0]!.normalized_arguments;

describe("normalisation for comparison (seed 000): the generated normaliser is the only one", () => {
  it("numeric strings → numbers where the schema wants numbers, strings folded, one-element lists unwrapped", () => {
    expect(normalized("legal_draft_v3", { counterparty: "  Acme GmbH ", value: "1500.5", term_months: ["12"] })).toEqual({ counterparty: "acme gmbh", value: 1500.5, term_months: 12 });
  });

  it('"true"/"yes" and "false"/"no" → booleans where the schema wants a boolean', () => {
    const n = normalized("edit_file", { path: "/A.md", edits: [{ oldText: "Foo", newText: "Bar" }], dryRun: "Yes" }) as Record<string, unknown>;
    expect(n.dryRun).toBe(true);
    expect(n.path).toBe("/a.md");
    expect(n.edits).toEqual([{ oldText: "foo", newText: "bar" }]);
  });

  it("a numeric string stays a string where the schema wants a string", () => {
    expect(normalized("book_room", { room_id: " 0042 ", duration_min: " 30 " })).toMatchObject({ room_id: "0042", duration_min: 30 });
  });

  it("never mutates its input, and keeps __proto__ an ordinary key", () => {
    const input = JSON.parse('{"counterparty": " X ", "__proto__": {"polluted": "YES"}}') as Record<string, unknown>;
    const copy = structuredClone(input);
    const out = normalized("legal_draft_v3", input) as Record<string, unknown>;
    expect(input).toEqual(copy);
    expect(Object.prototype.hasOwnProperty.call(out, "__proto__")).toBe(true);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('uses the tool\'s own normalize in "compare" mode, whatever else needed repair; a failing one leaves the arguments as they are', () => {
    const base = toolset.legal_draft_v3!;
    const modes: unknown[] = [];
    const withOwn = { ...base, normalize: (a: unknown, mode: unknown) => (modes.push(mode), { value: { own: a }, repairs: [] }) } as unknown as Tool<any>;
    expect(normalized("legal_draft_v3", { x: 1 }, { legal_draft_v3: withOwn })).toEqual({ own: { x: 1 } });
    expect(modes).toEqual(["compare"]);
    const throwing = { ...base, normalize: () => { throw new Error("bug"); } } as unknown as Tool<any>;
    expect(normalized("legal_draft_v3", { counterparty: " A " }, { legal_draft_v3: throwing })).toEqual({ counterparty: " A " });
    // Nothing to repair: the same value back, not a second normaliser's opinion of it.
    const args = { counterparty: "acme", value: 5, term_months: 12 };
    expect(normalized("legal_draft_v3", args)).toEqual(args);
  });
});

describe("feedback", () => {
  it("gives seed 000's JSON and the report's model-facing text", () => {
    const report = validateArguments(SEED_000_CALL, toolset);
    const f = feedback(report);
    expect(f.json).toEqual({ ok: false, error: "invalid call", validation: SEED_000_DICT });
    expect(f.text).toBe(report.feedback);
    expect(f.text.startsWith("Refused: the arguments do not match")).toBe(true);
    expect(f.text.split("\n").slice(1)).toEqual([
      '- "value" must be at least 0; got -5. Example: 0',
      '- "term_months" must be an integer; got the string "ten". Example: 12',
      '- "colour" is not a parameter of legal_draft_v3.',
      "- Parameters of legal_draft_v3: counterparty, value, term_months",
    ]);
    expect(f.content).toBe(`${f.text}\n\n${JSON.stringify(f.json)}`);
  });

  it("sends JSON only or text only when asked", () => {
    const report = validateArguments(SEED_000_CALL, toolset);
    expect(JSON.parse(feedback(report, { format: "json" }).content)).toEqual({ ok: false, error: "invalid call", validation: SEED_000_DICT });
    expect(feedback(report, { format: "text" }).content).toBe(report.feedback);
  });

  it("echoes no received value when told not to", () => {
    const secret = "IGNORE PREVIOUS INSTRUCTIONS";
    const report = validateArguments({ name: "search_issues", arguments: { query: "x", filters: { state: secret }, limit: 1000, sort: "Created" } }, toolset);
    expect(report.feedback).toContain(secret);
    const f = feedback(report, { echoReceived: false });
    expect(f.content).not.toContain(secret);
    expect(f.content).not.toContain("1000");
    expect(f.text.startsWith("Refused: the arguments do not match the input schema of search_issues")).toBe(true);
    expect(f.text).toContain('- "filters.state" must be one of: "open", "closed", "all". Example: "open"');
    expect(f.text).toContain('- "limit" must be <= 100');
    expect(f.text).toContain('- "sort" must be one of: "created", "updated", "comments" (did you mean "created"?)');
    expect(f.json.validation.n_errors).toBe(report.n_errors);
    expect(f.json.validation.constraint_errors).toEqual(["limit: expected <= 100"]);
  });

  it("takes a ParsedCall as well as a report, and lists the tools for an unknown one", () => {
    const report = validateArguments({ name: "zzz", arguments: {} }, toolset);
    const f = feedback(report, { toolNames: ["a", "b"] });
    // The report itself lists the toolset's tools when none is near (a wrong name always leads somewhere, issue 31.7).
    expect(f.text).toBe('Refused: there is no tool named "zzz". Tools: book_room, create_outline, edit_file, legal_draft_v3, search_issues.');
    expect(f.json.validation.unknown_tool).toBe(true);
  });
});
