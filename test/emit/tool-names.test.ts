// Look-alike tool names (issue 13.2): real tool sets mix `calculate_BMI` and
// `calculate_bmi`, `car.rental` and `car_rental`, `restaurant.search` and
// `restaurant_search`. They are distinct tools: the build gives them distinct,
// deterministic identifiers and file names (stable across runs and source order,
// distinct ignoring case for macOS and Windows), and the tool's own name is what a
// model and a user see. Only a name defined twice is an error.
import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import { toolIdentifiers } from "../../src/emit/code.js";
import { generate } from "../../src/pipeline/generate.js";
import type { JsonSchema, ToolDefinition } from "../../src/sources/types.js";
import { loadToolset, type LoadedToolset } from "../helpers/generated.js";

const def = (name: string, inputSchema: JsonSchema, file = "tools.json"): ToolDefinition => ({ name, description: `The ${name} tool.`, inputSchema, origin: { file, pointer: "" } });

const BMI = { type: "object", properties: { weight_kg: { type: "number" }, height_m: { type: "number" } }, required: ["weight_kg", "height_m"] };
const TOOLS = [
  def("calculate_BMI", BMI),
  def("calculate_bmi", { type: "object", properties: { weight: { type: "number" }, height: { type: "number" }, unit: { enum: ["metric", "imperial"] } }, required: ["weight", "height"] }),
  def("car.rental", { type: "object", properties: { city: { type: "string" } }, required: ["city"] }),
  def("car_rental", { type: "object", properties: { location: { type: "string" } }, required: ["location"] }),
  def("restaurant.search", { type: "object", properties: { cuisine: { type: "string" } } }),
  def("restaurant_search", { type: "object", properties: { query: { type: "string" } }, required: ["query"] }),
];

describe("toolIdentifiers (the one naming function for tools)", () => {
  it("gives look-alikes distinct names; the snake_case spelling keeps the plain ones", () => {
    const ids = toolIdentifiers(TOOLS.map((t) => t.name));
    expect(ids.get("calculate_bmi")).toEqual({ ident: "calculateBmi", typeName: "CalculateBmiArgs", file: "calculate_bmi" });
    expect(ids.get("calculate_BMI")).toEqual({ ident: "calculateBmi_2", typeName: "CalculateBmi_2Args", file: "calculate_bmi_2" });
    expect(ids.get("car_rental")).toEqual({ ident: "carRental", typeName: "CarRentalArgs", file: "car_rental" });
    expect(ids.get("car.rental")).toEqual({ ident: "carRental_2", typeName: "CarRental_2Args", file: "car.rental_2" });
    expect(ids.get("restaurant.search")!.ident).toBe("restaurantSearch_2");
  });

  it("skips a number another tool's name already has", () => {
    const ids = toolIdentifiers(["calculate_BMI", "calculate_bmi", "calculate_bmi_2"]);
    expect(ids.get("calculate_bmi_2")!.file).toBe("calculate_bmi_2");
    expect(ids.get("calculate_BMI")!.file).toBe("calculate_bmi_3");
    expect(ids.get("calculate_BMI")!.ident).toBe("calculateBmi_3");
  });

  it("distinct ignoring case, and the same whatever the order of the names (property)", () => {
    const lookAlike = fc
      .stringMatching(/^[a-z][a-z0-9]{0,5}(_[a-z0-9]{1,4}){0,2}$/)
      .chain((s) => fc.subarray([s, s.toUpperCase(), s.replace(/_/g, "."), s.replace(/_/g, "-"), s + "_2", s.replace(/_/g, " "), "_" + s, s[0]!.toUpperCase() + s.slice(1)], { minLength: 1 }));
    fc.assert(
      fc.property(fc.array(lookAlike, { maxLength: 4 }).map((xs) => [...new Set(xs.flat())]), fc.integer(), (names, seed) => {
        const ids = toolIdentifiers(names);
        expect(ids.size).toBe(names.length);
        const all = [...ids.values()];
        expect(new Set(all.map((x) => x.ident.toLowerCase())).size).toBe(names.length);
        expect(new Set(all.map((x) => x.file.toLowerCase())).size).toBe(names.length);
        const shuffled = [...names].sort((a, b) => ((a.length * 31 + seed) % 7) - ((b.length * 31 + seed) % 7) || (a < b ? 1 : -1));
        expect([...toolIdentifiers(shuffled)].sort()).toEqual([...ids].sort());
      }),
      { numRuns: 300 },
    );
  });
});

describe("a tool set with look-alike names builds", () => {
  let ts: LoadedToolset;
  beforeAll(async () => {
    ts = await loadToolset(TOOLS);
  });

  it("each tool answers to its own name, with its own schema", () => {
    expect([...ts.toolNames].sort()).toEqual(TOOLS.map((t) => t.name).sort());
    expect(ts.validateCall({ name: "calculate_BMI", arguments: { weight_kg: 70, height_m: 1.8 } }).ok).toBe(true);
    expect(ts.validateCall({ name: "calculate_bmi", arguments: { weight: 70, height: 1.8, unit: "metric" } }).ok).toBe(true);
    expect(ts.validateCall({ name: "car.rental", arguments: { city: "Lisbon" } }).ok).toBe(true);
    expect(ts.validateCall({ name: "car_rental", arguments: { location: "Lisbon" } }).ok).toBe(true);
    for (const t of TOOLS) expect(ts.toolset[t.name]!.name).toBe(t.name);
  });

  it("messages name the real tool, never a generated identifier", () => {
    const r = ts.validateCall({ name: "calculate_BMI", arguments: { weight_kg: 70, height_m: 1.8, age: 30 } });
    expect(r.errors[0]!.message).toContain("is not a parameter of calculate_BMI");
    const other = ts.validateCall({ name: "car.rental", arguments: { location: "Lisbon" } });
    expect(other.feedback).toContain("car.rental");
    expect(other.feedback).not.toMatch(/carRental|car_rental_2|car\.rental_2/);
  });

  it("output: byte-identical whatever the order of the sources; each look-alike has its own section under its own identifier", async () => {
    const a = await generate({ tools: TOOLS, options: { lint: false } });
    const b = await generate({ tools: [...TOOLS].reverse(), options: { lint: false } });
    expect(a.diagnostics.filter((d) => d.severity === "error")).toEqual([]);
    // One module for the toolset (and the runtime): no per-tool file names to clash on a case-insensitive file system.
    const paths = a.files.map((f) => f.path);
    expect(new Set(paths.map((p) => p.toLowerCase())).size).toBe(paths.length);
    expect(paths).toContain("index.ts");
    expect(b.files).toEqual(a.files);
    const index = a.files.find((f) => f.path === "index.ts")!.contents;
    for (const ident of ["calculateBmi", "calculateBmi_2", "carRental", "carRental_2"]) expect(index).toMatch(new RegExp(`export const ${ident}\\b`));
    // The section of calculate_BMI says which tool it is.
    expect(index).toMatch(/export const calculateBmi_2\b[\s\S]*?name: "calculate_BMI"/);
  });

  it("only a name defined twice (two sources) is an error, naming both places", async () => {
    const r = await generate({ tools: [def("car_rental", BMI, "a.json"), def("car_rental", BMI, "b.json"), def("car.rental", BMI, "b.json")], options: { lint: false } });
    const errors = r.diagnostics.filter((d) => d.severity === "error");
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatchObject({ code: "tools/duplicate-name", tool: "car_rental", file: "b.json" });
    expect(errors[0]!.message).toContain("a.json");
    expect(r.files).toEqual([]);
  });
});
