import { it } from "vitest";
import { loadToolset } from "/work/wt/messages/test/helpers/generated.js";
import { toolsFromJson } from "/work/wt/messages/src/sources/json.js";
it("try", async () => {
  const tools = toolsFromJson([
    { name: "get_event", description: "d", inputSchema: { type: "object", properties: { eventId: { anyOf: [{ type: "string", const: "latest" }, { type: "string", pattern: "^[0-9a-f]{32}$" }] }, thread: { anyOf: [{ type: "integer" }, { type: "string" }] }, when: { type: "string", format: "date-time", pattern: "^((?:\\d{4}-\\d{2}-\\d{2})T(?:(?:[01]\\d|2[0-3]):[0-5]\\d(?::[0-5]\\d(?:\\.\\d+)?)?(?:Z))|(?:\\d{4}-\\d{2}-\\d{2}))$" },
      filter: { oneOf: [{ type: "object", properties: { field: { type: "string" }, op: { enum: ["eq", "ne"] }, value: { type: "string" } }, required: ["field", "op", "value"] }, { type: "object", properties: { and: { type: "array" } }, required: ["and"] }, { type: "string" }] } }, required: ["eventId"] } },
  ], "x.json").tools;
  const ts = await loadToolset(tools);
  const t = ts.toolset.get_event!;
  for (const a of [{ eventId: "c495a1b2c3d4e5f60718293a4b5c6d7" }, { eventId: "Latest" }, { eventId: "latest", thread: true }, { eventId: "latest", when: "yesterday" }, { eventId: "latest", filter: { field: "a", op: "gt", value: "x" } }, { eventId: "latest", filter: 5 }])
    console.log(t.validate(a).feedback);
}, 60000);
