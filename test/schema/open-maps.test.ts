// Open maps under unknownArgs "reject" (issue 13.1, README "Unknown arguments"): an
// object that declares no property names and says nothing of extra keys takes any
// key; "reject" applies at the root and in objects that list properties. The
// shapes are the ones Go and Python MCP servers publish (mcp-go's WithObject writes
// `{"type": "object", "properties": {}}`): Helm `values`, GitHub workflow `inputs`,
// Tekton `params`. Verdicts are compared with ajv (2020-12, formats on).
import { createRequire } from "node:module";
import fc from "fast-check";
import { Ajv2020 } from "ajv/dist/2020.js";
import { beforeAll, describe, expect, it } from "vitest";
import { emitArgsType } from "../../src/emit/types.js";
import { lintTool } from "../../src/schema/lint/index.js";
import type { JsonSchema, ToolDefinition } from "../../src/sources/types.js";
import { loadToolset, type LoadedToolset } from "../helpers/generated.js";

const req = createRequire(import.meta.url);
const addFormats = req("ajv-formats") as (a: unknown) => void;
const ajv = new Ajv2020({ strict: false, allErrors: true, unicodeRegExp: true, ownProperties: true });
addFormats(ajv);

const def = (name: string, inputSchema: JsonSchema): ToolDefinition => ({ name, inputSchema, origin: { file: "test/schema/open-maps.test.ts", pointer: "" } });

const FREE = (description: string) => ({ type: "object", description, properties: {} });

const HELM = def("install_helm_chart", {
  type: "object",
  properties: {
    name: { type: "string", description: "Release name" },
    chart: { type: "string", description: "Chart reference, e.g. bitnami/nginx" },
    namespace: { type: "string" },
    values: FREE("Values to override, as the chart's values.yaml"),
  },
  required: ["chart"],
});

const WORKFLOW = def("run_workflow", {
  type: "object",
  properties: {
    owner: { type: "string" },
    repo: { type: "string" },
    workflow_id: { type: "string" },
    ref: { type: "string" },
    // Python servers drop "properties" altogether: the same open map.
    inputs: { type: "object", description: "Inputs the workflow accepts" },
  },
  required: ["owner", "repo", "workflow_id", "ref"],
});

const TEKTON = def("start_pipeline_run", {
  type: "object",
  properties: {
    pipeline: { type: "string" },
    params: FREE("Parameter values for the run, by parameter name"),
    // An object that lists its properties: "reject" applies inside it.
    workspace: { type: "object", properties: { name: { type: "string" }, claim: { type: "string" } }, required: ["name"] },
    // A closed empty object is written additionalProperties: false.
    options: { type: "object", properties: {}, additionalProperties: false },
    // An array of open maps (labels per resource).
    resources: { type: "array", items: FREE("One resource's labels") },
  },
  required: ["pipeline"],
});

/** A tool that takes no arguments, as mcp-go writes it: the root declares an empty parameter list. */
const NO_ARGS = def("list_clusters", { type: "object", properties: {} });

const TOOLS = [HELM, WORKFLOW, TEKTON, NO_ARGS];

let ts: LoadedToolset;
beforeAll(async () => {
  ts = await loadToolset(TOOLS); // default unknownArgs: "reject"
});

const ajvOk = (t: ToolDefinition, args: unknown) => ajv.validate(t.inputSchema as object, args) as boolean;

describe("open maps take any key under the default \"reject\"", () => {
  it("Helm values: the call ajv and the MCP SDK accept is accepted", () => {
    const args = { chart: "bitnami/nginx", values: { replicaCount: 2, service: { type: "ClusterIP" }, "ingress.enabled": true } };
    expect(ajvOk(HELM, args)).toBe(true);
    const r = ts.validateCall({ name: "install_helm_chart", arguments: args });
    expect(r.ok, JSON.stringify(r)).toBe(true);
  });

  it("GitHub workflow inputs and Tekton params (with and without \"properties\"), arrays of open maps", () => {
    const calls: [ToolDefinition, unknown][] = [
      [WORKFLOW, { owner: "o", repo: "r", workflow_id: "ci.yml", ref: "main", inputs: { environment: "staging", dry_run: "true" } }],
      [TEKTON, { pipeline: "build", params: { "git-url": "https://example.com/r.git", revision: "main" }, resources: [{ app: "web" }, {}] }],
      [TEKTON, { pipeline: "build", workspace: { name: "src" }, options: {} }],
    ];
    for (const [t, args] of calls) {
      expect(ajvOk(t, args)).toBe(true);
      expect(ts.validateCall({ name: t.name, arguments: args }).ok).toBe(true);
    }
  });

  it("every schema-valid call is accepted when the extra keys are inside open maps (fast-check, vs ajv)", () => {
    const map = fc.dictionary(fc.string(), fc.jsonValue(), { maxKeys: 6 });
    fc.assert(
      fc.property(map, map, fc.array(map, { maxLength: 3 }), (values, params, resources) => {
        const calls: [ToolDefinition, unknown][] = [
          [HELM, { chart: "c", values }],
          [WORKFLOW, { owner: "o", repo: "r", workflow_id: "w", ref: "m", inputs: params }],
          [TEKTON, { pipeline: "p", params, resources }],
        ];
        for (const [t, raw] of calls) {
          const args: unknown = JSON.parse(JSON.stringify(raw));
          expect(ajvOk(t, args)).toBe(true);
          const r = ts.validateCall({ name: t.name, arguments: args });
          expect(r.ok, JSON.stringify(r)).toBe(true);
        }
      }),
      { numRuns: 200 },
    );
  });
});

describe("\"reject\" still applies where parameters are declared (a rule the report names: unknown_args)", () => {
  it("an extra root argument is refused, naming the tool's parameters", () => {
    const args = { chart: "bitnami/nginx", cluster: "prod" };
    expect(ajvOk(HELM, args)).toBe(true); // plain JSON Schema lets it through; "reject" is the named rule
    const r = ts.validateCall({ name: "install_helm_chart", arguments: args });
    expect(r.ok).toBe(false);
    expect(r.unknown_args).toEqual(["cluster"]);
    expect(r.errors[0]!.message).toContain('"cluster" is not a parameter of install_helm_chart');
    expect(r.feedback).toContain("- Parameters of install_helm_chart: ");
    expect(r.n_errors).toBe(1);
  });

  it("an object that lists properties refuses keys it does not list", () => {
    const r = ts.validateCall({ name: "start_pipeline_run", arguments: { pipeline: "p", workspace: { name: "src", size: "1Gi" } } });
    expect(r.unknown_args).toEqual(["workspace.size"]);
    expect(r.errors[0]!.message).toContain('"workspace.size" is not a field of "workspace"');
    expect(r.feedback).toContain('- Fields of "workspace": ');
  });

  it("a tool with an empty parameter list refuses an argument; a closed empty object (additionalProperties: false) refuses a key", () => {
    const none = ts.validateCall({ name: "list_clusters", arguments: { random_string: "x" } });
    expect(none.unknown_args).toEqual(["random_string"]);
    expect(none.errors[0]!.message).toContain("list_clusters");
    expect(ts.validateCall({ name: "list_clusters", arguments: {} }).ok).toBe(true);
    const closed = ts.validateCall({ name: "start_pipeline_run", arguments: { pipeline: "p", options: { x: 1 } } });
    expect(closed.unknown_args).toEqual(["options.x"]);
    expect(ajvOk(TEKTON, { pipeline: "p", options: { x: 1 } })).toBe(false); // the schema's own rule
  });

  it("no report ever says \"takes none\" of an open map", () => {
    fc.assert(
      fc.property(fc.dictionary(fc.string({ minLength: 1 }), fc.jsonValue(), { minKeys: 1, maxKeys: 4 }), (extra) => {
        for (const args of [{ chart: 1, values: extra }, { ...extra, chart: "c", values: extra }]) {
          const r = ts.validateCall({ name: "install_helm_chart", arguments: JSON.parse(JSON.stringify(args)) });
          expect(r.unknown_args.filter((path) => path.startsWith("values"))).toEqual([]);
          expect(r.feedback).not.toContain('of "values"');
          expect(r.feedback).not.toContain("takes none");
        }
      }),
      { numRuns: 100 },
    );
  });
});

describe("the same rule in the argument types, the lint and the normaliser", () => {
  it("types: an open map gets an index signature; a listed object and the root stay closed", async () => {
    const { types: { text } } = await emitArgsType(structuredClone(TEKTON.inputSchema), "StartPipelineRunArgs", "reject");
    const block = (field: string) => text.slice(text.indexOf(`${field}?: {`), text.indexOf("}", text.indexOf(`${field}?: {`)));
    expect(block("params")).toMatch(/\[k: string\]: unknown/);
    expect(block("workspace")).not.toMatch(/\[k: string\]/);
    expect(block("options")).not.toMatch(/\[k: string\]/);
    expect(text.slice(0, text.indexOf("\n"))).toBe("export interface StartPipelineRunArgs {");
    expect(text.split("\n")[1]).not.toMatch(/\[k: string\]/);
  });

  it("lint: a name required inside an open map is satisfiable (no schema/required-undeclared); at the root and in a listed object it is not", () => {
    const open = def("open", { type: "object", properties: { values: { type: "object", properties: {}, required: ["replicaCount"] } } });
    expect(lintTool(open, { unknownArgs: "reject" }).filter((d) => d.code === "schema/required-undeclared")).toEqual([]);
    const root = def("root", { type: "object", properties: {}, required: ["x"] });
    expect(lintTool(root, { unknownArgs: "reject" }).map((d) => d.code)).toContain("schema/required-undeclared");
    const listed = def("listed", { type: "object", properties: { w: { type: "object", properties: { a: {} }, required: ["b"] } } });
    expect(lintTool(listed, { unknownArgs: "reject" }).map((d) => d.code)).toContain("schema/required-undeclared");
  });

  it("normaliser: an open map's keys are kept as sent (nothing dropped or renamed), and the result validates", () => {
    const tool = ts.toolset["install_helm_chart"]!;
    const args = { chart: "bitnami/nginx", values: { replicaCount: 2, Image: { tag: null }, extra: ["a"] } };
    for (const mode of ["lenient", "normalized"] as const) {
      const r = tool.normalize(args, mode);
      expect(r.value).toEqual(args);
      expect(tool.validate(r.value).ok).toBe(true);
    }
  });
});
