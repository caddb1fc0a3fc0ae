// Messages on named shapes (issue 14, items 1–4): each case on the real-world schema shape the
// issue names: unions that speak of the branch the value was aiming at, realistic
// examples, patterns in words, and suggestions beyond edit distance — with a corpus
// of suggestion cases (hits, and names that must get nothing) whose wrong rate is 0.
import { readFileSync } from "node:fs";
import { Ajv2020 } from "ajv/dist/2020.js";
import { describe, expect, it } from "vitest";
import { main } from "../../src/cli/main.js";
import { runtimeSource } from "../../src/emit/runtime-file.js";
import { describePattern } from "../../src/emit/validator/phrases.js";
import { patternExample } from "../../src/schema/pattern-example.js";
import { toolsFromJson } from "../../src/sources/json.js";
import { nearestNames, suggestAndNearest, suggestName } from "../../packages/runtime/src/suggest.js";
import type { Tool } from "../../packages/runtime/src/rt/index.js";
import { loadToolset } from "../helpers/generated.js";

const ZOD_DATETIME = "^((?:\\d{4}-\\d{2}-\\d{2})T(?:(?:[01]\\d|2[0-3]):[0-5]\\d(?::[0-5]\\d(?:\\.\\d+)?)?(?:Z))|(?:\\d{4}-\\d{2}-\\d{2}))$";
const LONG_LITERALS = "^(issues|pull_requests|discussions|commits|releases|workflows|deployments)$";

/** Tool shapes after the public servers the issue quotes (Sentry, GitHub, Slack, a memory graph, Datadog-style metrics). */
const schemas = {
  get_event: {
    type: "object",
    properties: {
      organizationSlug: { type: "string", description: "The organization's slug, like `my-org-7`" },
      eventId: { anyOf: [{ type: "string", const: "latest" }, { type: "string", pattern: "^[0-9a-f]{32}$" }], description: "The event id, or \"latest\"" },
      statsPeriod: { type: "string", description: "Time window, e.g. 7d" },
      periods: { type: "array", items: { type: "string", description: "A window, e.g. 14d" } },
      traceId: { type: "string", pattern: "^[0-9a-f]{32}$" },
      issueId: { type: "string", pattern: "^[A-Z][A-Z0-9]+-[0-9A-Z]+$", description: "The issue, like `PROJECT-1Z43`" },
      limit: { type: "integer", minimum: -9007199254740991, maximum: 9007199254740991 },
      sinceMs: { type: "integer", minimum: 1_500_000_000_000 },
    },
    required: ["organizationSlug", "eventId"],
  },
  get_thread_replies: {
    type: "object",
    properties: { channel_id: { type: "string" }, thread: { anyOf: [{ type: "integer" }, { type: "string" }] } },
    required: ["channel_id", "thread"],
  },
  search_code: {
    type: "object",
    properties: {
      query: { type: "string" },
      repo: { type: "string", pattern: "^[^/]+/[^/]+$", description: "The repository, like \"owner/repo\"" },
      path: { type: "string" },
      url: { type: "string" },
      window: { type: "string", pattern: "^\\d+$", description: "How far back, e.g. 7d" },
      labels: { type: "array", items: { type: "string" } },
      filter: {
        oneOf: [
          { type: "object", properties: { field: { type: "string" }, op: { enum: ["eq", "ne"] }, value: { type: "string" } }, required: ["field", "op", "value"] },
          { type: "object", properties: { and: { type: "array" }, or: { type: "array" } }, required: ["and"] },
          { type: "string" },
        ],
      },
      since: { type: "string", format: "date-time", pattern: ZOD_DATETIME },
      scope: { type: "string", pattern: LONG_LITERALS },
      ref: { type: "string", pattern: "^(?:refs/heads/|refs/tags/)?(?!.*\\.\\.)(?!.*//)[A-Za-z0-9._/-]{1,200}(?<!\\.lock)(?<!\\.git)(?<!\\.tmp)$" },
    },
    required: ["query"],
  },
  merge_pull_request: {
    type: "object",
    properties: { owner: { type: "string" }, repo: { type: "string" }, pullNumber: { type: "integer" }, merge_method: { type: "string", enum: ["merge", "squash", "rebase"] } },
    required: ["owner", "repo", "pullNumber"],
  },
  create_relations: {
    type: "object",
    properties: { from: { type: "string" }, to: { type: "string" }, entityType: { type: "string" }, observations: { type: "array", items: { type: "string" } } },
    required: ["from", "to"],
  },
  query_metrics: {
    type: "object",
    properties: { query: { type: "string" }, timeseriesGroups: { type: "array", items: { type: "string" } }, statsPeriod: { type: "string", enum: ["1d", "7d", "14d", "30d", "90d"] } },
    required: ["query"],
  },
  write_file: { type: "object", properties: { path: { type: "string" }, content: { type: "string" } }, required: ["path", "content"] },
  create_project: { type: "object", properties: { title: { type: "string" }, description: { type: "string" }, teamId: { type: "string" } }, required: ["title"] },
};

const tools = toolsFromJson(
  Object.entries(schemas).map(([name, inputSchema]) => ({ name, description: name, inputSchema })),
  "test/messages/named-shapes.json",
).tools;
const ts = await loadToolset(tools);
const tool = (name: keyof typeof schemas): Tool => ts.toolset[name]!;
const one = (name: keyof typeof schemas, args: Record<string, unknown>) => {
  const r = tool(name).validate(args);
  expect(r.ok).toBe(false);
  return r.errors;
};

describe("1. anyOf/oneOf: the branch the value was aiming at, and the others in one phrase", () => {
  it("Sentry eventId: a 31-character hex id is held against the pattern, not the const", () => {
    const id31 = "c495a1b2c3d4e5f60718293a4b5c6d7";
    const [e, ...rest] = one("get_event", { organizationSlug: "o", eventId: id31 });
    expect(rest).toEqual([]);
    expect(e!.message).toBe(`"eventId" must be "latest" or a 32-character hex string (pattern ^[0-9a-f]{32}$); got "${id31}" (31 characters). Example: "3a18f6d4b2907e5c3a18f6d4b2907e5c"`);
    expect(e!.keyword).toBe("pattern");
    expect(e!.message).not.toContain("closest of");
  });

  it("Sentry eventId: a near miss of the const is held against the const", () => {
    const [e] = one("get_event", { organizationSlug: "o", eventId: "Latest" });
    expect(e!.message).toBe('"eventId" must be "latest" or a 32-character hex string (pattern ^[0-9a-f]{32}$); got "Latest" (did you mean "latest"?). Example: "latest"');
    expect(e!.suggestion).toBe("latest");
  });

  it("Slack thread: anyOf [integer, string] names both types", () => {
    const r = tool("get_thread_replies").validate({ channel_id: "C1", thread: true });
    expect(r.errors.map((e) => e.message)).toEqual(['"thread" must be an integer or a string; got true. Example: 1']);
    expect(r.type_errors).toEqual(["thread: expected integer or string, got boolean"]);
  });

  it("an object branch is chosen by the share of its keys the value uses; the others are named after", () => {
    const errs = one("search_code", { query: "q", filter: { field: "state", op: "gt", value: "open" } });
    expect(errs).toHaveLength(1);
    expect(errs[0]!.path).toBe("filter.op");
    expect(errs[0]!.message).toBe('"filter.op" must be one of: "eq", "ne"; got "gt" (or else "filter" may be an object with "and" or a string)');
    const and = one("search_code", { query: "q", filter: { and: "x" } });
    expect(and.map((e) => e.path)).toEqual(["filter.and"]);
  });

  it("a value of no branch's type names every alternative, with a valid example", () => {
    const [e] = one("search_code", { query: "q", filter: 5 });
    expect(e!.message).toBe('"filter" must be an object with "field", "op", "value", an object with "and" or a string; got the number 5. Example: {"field":"status","op":"eq","value":"my-value"}');
    expect(tool("search_code").validate({ query: "q", filter: JSON.parse(e!.example!) }).ok).toBe(true);
  });
});

describe("2. realistic examples, each valid for its field", () => {
  const examples = (name: keyof typeof schemas, args: Record<string, unknown>) => Object.fromEntries(one(name, args).map((e) => [e.path, e.example]));

  it("come from the description (checked against the field), the name, the bounds and the pattern", () => {
    const ex = examples("get_event", { organizationSlug: 1, eventId: 2, statsPeriod: 3, periods: 4, traceId: 5, issueId: 6, limit: "a", sinceMs: "b" });
    expect(ex).toEqual({
      organizationSlug: '"my-org-7"',
      eventId: '"latest"',
      statsPeriod: '"7d"',
      periods: '["14d"]',
      traceId: '"3a18f6d4b2907e5c3a18f6d4b2907e5c"',
      issueId: '"PROJECT-1Z43"',
      limit: "10",
      sinceMs: "1500000000000",
    });
    const more = examples("search_code", { query: 1, repo: 2, path: 3, url: 4, window: 5, labels: 6 });
    expect(more).toEqual({ query: '"login timeout"', repo: '"owner/repo"', path: '"src/index.ts"', url: '"https://example.com/"', window: '"307"', labels: '["bug"]' });
  });

  it("no placeholder: never \"text\", [], {}, all zeros, or a number past ±1e9 the bounds do not force", () => {
    const all = [...one("get_event", { organizationSlug: 1, eventId: 2, statsPeriod: 3, periods: 4, traceId: 5, issueId: 6, limit: "a" }), ...one("search_code", { query: 1, labels: 2, filter: 3, path: 4 })];
    for (const e of all) {
      expect(e.example).toBeDefined();
      expect(['"text"', "[]", "{}", '["text"]', '"aa"']).not.toContain(e.example);
      expect(e.example).not.toMatch(/^"0+"$/);
      const v = JSON.parse(e.example!) as unknown;
      if (typeof v === "number" && e.path !== "sinceMs") expect(Math.abs(v)).toBeLessThanOrEqual(1e9);
    }
  });

  it("every example passes its field (top-level fields of every tool, through the generated validator)", () => {
    for (const name of Object.keys(schemas) as (keyof typeof schemas)[]) {
      const props = Object.keys(schemas[name].properties);
      const wrong = Object.fromEntries(props.map((p) => [p, Symbol("wrong")]));
      for (const e of tool(name).validate(wrong).errors) {
        if (e.example === undefined) continue;
        const again = tool(name).validate({ [e.path]: JSON.parse(e.example) });
        expect(again.errors.filter((x) => x.path === e.path || x.path.startsWith(e.path + ".") || x.path.startsWith(e.path + "["))).toEqual([]);
      }
    }
  });

  it("a pattern's generated example varies its characters and matches", () => {
    expect(patternExample("^[0-9a-f]{32}$")).toBe("3a18f6d4b2907e5c3a18f6d4b2907e5c");
    expect(patternExample("^[A-Z]{10}$")).not.toBe("AAAAAAAAAA");
    expect(patternExample(ZOD_DATETIME)).toMatch(new RegExp(ZOD_DATETIME));
    expect(patternExample("^(?!.*\\.\\.)[a-z./]{1,20}(?<!\\.lock)$")).toBe("dkr");
    expect(patternExample("(a)\\1")).toBeUndefined();
  });
});

describe("3. patterns in words; format + pattern give one error", () => {
  it("zod's datetime (format and a 120-character pattern): one error, in words, with an example", () => {
    const errs = one("search_code", { query: "q", since: "yesterday" });
    expect(errs.map((e) => e.message)).toEqual(['"since" must be a date-time (RFC 3339, with a time zone); got "yesterday". Example: "2026-01-31T09:00:00Z"']);
  });

  it("a long alternation of literals is said as its literals, without the regex", () => {
    const [e] = one("search_code", { query: "q", scope: "pulls" });
    expect(e!.message).toBe('"scope" must be one of "issues", "pull_requests", "discussions", "commits", "releases", "workflows", "deployments"; got "pulls". Example: "issues"');
  });

  it("a long pattern beyond words is said by a value matching it, never a clipped regex", () => {
    const [e] = one("search_code", { query: "q", ref: "a..b" });
    // Never a bare clipped regex: a value that matches the whole pattern instead.
    expect(e!.message).toBe('"ref" must be a string like "main"; got "a..b". Example: "main"');
  });

  it("describes digit counts, classes and anchors", () => {
    expect(describePattern("^\\d{4}-\\d{2}-\\d{2}$")).toEqual({ words: 'a string: 4 digits, then "-", then 2 digits, then "-", then 2 digits', length: 10 });
    expect(describePattern("^[a-z0-9-]+$")?.words).toBe('a string of lowercase letters, digits or "-"');
    expect(describePattern("^https://")?.words).toBe('a string starting with "https://"');
    expect(describePattern("^(?:[01]\\d|2[0-3]):[0-5]\\d$")).toBeUndefined();
  });
});

// ---------------------------------------------------------------- 4. suggestions

/** [what the model wrote, the names it could have meant, the right answer or undefined (must get nothing), the enum's field name]. */
type Case = [string, string[], string | undefined, string?];
const TOOL_NAMES = ["read_file", "write_file", "list_directory", "search_files", "pull_request_read", "list_pull_requests", "create_pull_request", "merge_pull_request", "issue_read", "get_issue_comments"];
const CORPUS: Case[] = [
  // the issue's misses
  ["reponame", ["owner", "repo", "path"], "repo"],
  ["file_path", ["path", "content", "message"], "path"],
  ["projectTitle", ["title", "description", "teamId"], "title"],
  ["type", ["from", "to", "entityType", "observations"], "entityType"],
  ["squash_merge", ["merge", "squash", "rebase"], "squash", "merge_method"],
  ["7days", ["1d", "7d", "14d", "30d", "90d"], "7d", "statsPeriod"],
  ["timeseries", ["query", "timeseriesGroups", "statsPeriod"], "timeseriesGroups"],
  ["list_dir", TOOL_NAMES, "list_directory"],
  ["get_pull_request", TOOL_NAMES, "pull_request_read"],
  // what edit distance and folding already found
  ["duration_mins", ["room_id", "start_iso", "duration_min"], "duration_min"],
  ["Created", ["created", "updated", "comments"], "created"],
  ["book_rooms", ["book_room", "edit_file"], "book_room"],
  ["biuld", ["build", "watch", "check", "init"], "build"],
  ["StartISO", ["room_id", "start_iso"], "start_iso"],
  ["repo_name", ["owner", "repo"], "repo"],
  ["get_issue", TOOL_NAMES, "issue_read"],
  ["30days", ["1d", "7d", "14d", "30d", "90d"], "30d", "statsPeriod"],
  ["newTitle", ["title", "body"], "title"],
  // names that must get nothing: the intended one is absent, or two are equally near
  ["page_size", ["page", "per_page"], undefined],
  ["content_type", ["content", "path"], undefined],
  ["page", ["page_size", "cursor"], undefined],
  ["to", ["token", "subject"], undefined],
  ["id", ["userId", "orgId"], undefined],
  ["list_files", TOOL_NAMES, undefined],
  ["delete_file", TOOL_NAMES, undefined],
  ["user", ["user_id", "user_name"], undefined],
  ["verbose", ["path", "recursive"], undefined],
  ["limit", ["offset", "cursor"], undefined],
  ["name", ["owner", "repo"], undefined],
  ["yearly", ["1d", "7d", "30d"], undefined, "statsPeriod"],
  ["force", ["from", "to"], undefined],
  ["dats", ["date", "data"], undefined],
  ["in", ["id", "ip"], undefined],
  ["sort_order", ["sort", "order_by"], undefined],
  ["constructor", ["path", "content", "toString"], undefined],
  // Class 0 found by lower case alone (sgByLower): a tie there gives nothing, as a tie in the fold does.
  ["U_SHAPE", ["u_shape", "ushape", "theatre"], undefined],
  ["LAYOUT", ["layout", "Layout"], undefined],
  ["_", ["_", "a"], undefined],
  ["BOARD_ROOM", ["boardroom", "theatre"], "boardroom"],
];

describe("4. suggestions beyond edit distance, never wrong", () => {
  it("the corpus: every hit found, no wrong suggestion (hit and wrong rates)", () => {
    let hits = 0;
    let wrong = 0;
    const positives = CORPUS.filter((c) => c[2] !== undefined).length;
    const bad: string[] = [];
    for (const [input, known, want, context] of CORPUS) {
      const got = suggestName(input, known, context);
      if (got !== undefined && got === want) hits++;
      else if (got !== undefined) wrong++;
      if (got !== want) bad.push(`${input} → ${String(got)} (want ${String(want)})`);
    }
    expect(bad).toEqual([]);
    expect({ hitRate: hits / positives, wrongRate: wrong / CORPUS.length }).toEqual({ hitRate: 1, wrongRate: 0 });
  });

  it("generated validators suggest the argument and the enum value", () => {
    expect(one("write_file", { file_path: "a", content: "b" }).find((e) => e.bucket === "unknown_args")!.suggestion).toBe("path");
    expect(one("create_project", { projectTitle: "a" }).find((e) => e.bucket === "unknown_args")!.message).toContain('(did you mean "title"?)');
    expect(one("merge_pull_request", { owner: "o", repo: "r", pullNumber: 1, merge_method: "squash_merge" })[0]!.suggestion).toBe("squash");
    expect(one("query_metrics", { query: "q", statsPeriod: "7days" })[0]!.message).toContain('(did you mean "7d"?)');
    expect(one("query_metrics", { query: "q", timeseries: ["a"] })[0]!.suggestion).toBe("timeseriesGroups");
    expect(one("create_relations", { from: "a", to: "b", type: "person" })[0]!.suggestion).toBe("entityType");
    expect(one("merge_pull_request", { owner: "o", reponame: "r", pullNumber: 1 }).find((e) => e.bucket === "unknown_args")!.suggestion).toBe("repo");
    // nothing near: no suggestion
    expect(one("write_file", { path: "a", content: "b", verbose: true })[0]!.suggestion).toBeUndefined();
  });

  it("unknown tool names: validateCall, the MCP server's list and the CLI use the same matcher", async () => {
    expect(ts.validateCall({ name: "create_relation", arguments: {} }).nearest).toEqual(["create_relations"]);
    expect(ts.validateCall({ name: "file_write", arguments: {} }).nearest).toEqual(["write_file"]);
    expect(nearestNames("list_dir", TOOL_NAMES)).toEqual(["list_directory"]);
    expect(nearestNames("get_pull_request", TOOL_NAMES)).toEqual(["pull_request_read"]);
    let err = "";
    const io = { stdout: { write: () => true }, stderr: { write: (s: string) => ((err += s), true) }, stdin: process.stdin, cwd: process.cwd(), env: {} };
    expect(await main(["chekc"], io as never)).toBe(2);
    expect(err).toContain('unknown command "chekc" (did you mean "check"?)');
  });

  it("the generated runtime carries the matcher and imports nothing", () => {
    const src = runtimeSource();
    // The errors ask it by list index; its one-name answer is the runtime's to give.
    expect(src).toMatch(/^function sgSuggestIndex\(/m);
    expect(src).toMatch(/^export function suggestName\(/m);
    expect(src).not.toMatch(/^\s*import\s/m);
    expect(src.match(/function sgDistance\(/g)).toHaveLength(1);
  });

  it("the matcher's verdict for a generated example matches ajv (sanity of the schema shapes above)", () => {
    const ajv = new Ajv2020({ strict: false });
    expect(ajv.validate(schemas.get_event, { organizationSlug: "o", eventId: "3a18f6d4b2907e5c3a18f6d4b2907e5c" })).toBe(true);
  });
});

// Real tools from the corpus: GitLab's create_issue (8 parameters) and Shortcut's stories-search (45).
const corpus = (f: string) => toolsFromJson(JSON.parse(readFileSync(`test/corpus/${f}.json`, "utf8")), `test/corpus/${f}.json`).tools;
const real = await loadToolset([...corpus("gitlab"), ...corpus("shortcut"), ...toolsFromJson([{ name: "get_me", description: "me", inputSchema: { type: "object", properties: {} } }], "t.json").tools]);

describe("5. Noise: the parameter list once per report, the meant names first; null for an optional field", () => {

  it("GitLab create_issue: two unknown arguments, one list line, the suggestions first", () => {
    const r = real.toolset["create_issue"]!.validate({ project_id: "42", title: "Crash on save", assignee: 3, milestone: 2 });
    expect(r.errors.map((e) => e.message)).toEqual([
      '"assignee" is not a parameter of create_issue (did you mean "assignee_ids"?).',
      '"milestone" is not a parameter of create_issue (did you mean "milestone_id"?).',
    ]);
    const lines = r.feedback.split("\n").slice(1);
    expect(lines.filter((l) => l.includes("Parameters of"))).toEqual([
      "- Parameters of create_issue: assignee_ids, milestone_id, project_id, title, description, labels, issue_type, weight",
    ]);
    expect(lines.at(-1)).toMatch(/^- Parameters of create_issue/);
  });

  it("Shortcut stories-search (45 parameters): the meant name leads, the list is not clipped before it", () => {
    const r = real.toolset["stories-search"]!.validate({ workflow_state: "done", labelName: "bug" });
    const list = r.feedback.split("\n").find((l) => l.startsWith("- Parameters of stories-search: "))!;
    const names = list.slice("- Parameters of stories-search: ".length).split(", ");
    expect(names.slice(0, 2)).toEqual(["state", "label"]);
    expect(list).toContain("… (45 in all)");
    // said once, however many unknown arguments
    expect(r.feedback.match(/Parameters of/g)).toHaveLength(1);
    for (const e of r.errors) expect(e.message).not.toContain("Parameters");
  });

  it("a nested object names its fields once, in a line of its own", () => {
    const errs = one("search_code", { query: "q", filter: { field: "state", op: "eq", value: "open", negate: true, mode: "x" } });
    expect(errs.map((e) => e.path).sort()).toEqual(["filter.mode", "filter.negate"].sort());
    const r = tool("search_code").validate({ query: "q", filter: { field: "state", op: "eq", value: "open", negate: true, mode: "x" } });
    expect(r.feedback.match(/Fields of "filter"/g)).toHaveLength(1);
  });

  it("a tool that takes no arguments says so in the message, with no list line", () => {
    const r = real.toolset["get_me"]!.validate({ verbose: true });
    expect(r.errors[0]!.message).toBe('"verbose" is not a parameter of get_me. It takes none.');
    expect(r.feedback).not.toContain("Parameters of");
  });

  it("GitLab labels: null for an optional array says it can be omitted, with a valid example", () => {
    const r = real.toolset["create_issue"]!.validate({ project_id: "42", title: "t", labels: null });
    expect(r.errors).toHaveLength(1);
    expect(r.errors[0]!.message).toMatch(/^"labels" is optional: omit it, or give an array of strings\. Example: \[".+"\]$/);
    expect(r.type_errors).toEqual(["labels: expected array, got null"]);
    const ex = JSON.parse(r.errors[0]!.example!);
    expect(real.toolset["create_issue"]!.validate({ project_id: "42", title: "t", labels: ex }).ok).toBe(true);
  });

  it("null for a required field keeps the plain message; null for an optional enum names the values", () => {
    const [req] = one("write_file", { path: null, content: "x" });
    expect(req!.message).toMatch(/^"path" must be a string; got null/);
    const [en] = one("merge_pull_request", { owner: "o", repo: "r", pullNumber: 1, merge_method: null });
    expect(en!.message).toBe('"merge_method" is optional: omit it, or give one of "merge", "squash", "rebase". Example: "merge"');
  });
});

describe("suggestAndNearest's limit", () => {
  it("holds when exactly one name is near (the one-hit answer)", () => {
    expect(suggestAndNearest("colour", ["color", "zebra"], 0).nearest).toEqual([]);
    expect(suggestAndNearest("colour", ["color", "zebra"], 1)).toEqual({ suggestion: "color", nearest: ["color"] });
  });
});
