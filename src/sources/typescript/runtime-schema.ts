/**
 * `inputSchema` values met at run time (load: "import") → plain JSON Schema.
 * zod 4 schemas are converted by zod itself; TypeBox schemas and plain objects
 * already are JSON Schema and only lose what JSON cannot hold.
 */

export type Converted = { schema: unknown } | { code: string; message: string; hint: string };

interface ZodModule {
  toJSONSchema(schema: unknown, options?: { io?: "input" | "output" }): unknown;
}

export async function runtimeSchemaToJson(value: unknown): Promise<Converted> {
  if (isObject(value) && "_zod" in value) return zodToJson(value);
  if (isObject(value) && "_def" in value && typeof value["safeParse"] === "function") {
    return {
      code: "source/schema-convert",
      message: "the inputSchema is a zod 3 schema; toolform converts zod 4 schemas only",
      hint: 'upgrade to zod 4 (`import { z } from "zod"`, version 4), or write the inputSchema as JSON Schema',
    };
  }
  if (value === undefined) return { schema: undefined };
  try {
    // TypeBox marks schemas with symbol keys ([Kind], [OptionalKind]); the JSON
    // round trip drops them, and any function, as the static reader does.
    return { schema: JSON.parse(JSON.stringify(value)) };
  } catch (error) {
    return {
      code: "source/schema-convert",
      message: `the inputSchema is not JSON: ${errorText(error)}`,
      hint: "an inputSchema must be plain JSON data (no cycles, no bigint)",
    };
  }
}

async function zodToJson(schema: unknown): Promise<Converted> {
  const zod = await loadZod();
  if (!zod) {
    return {
      code: "source/schema-convert",
      message: 'the inputSchema is a zod schema, but the package "zod" could not be loaded to convert it',
      hint: "install zod 4 where toolform runs (npm install --save-dev zod)",
    };
  }
  try {
    // io "input": the schema of what the model sends, before defaults and transforms.
    return { schema: zod.toJSONSchema(schema, { io: "input" }) };
  } catch (error) {
    return {
      code: "source/schema-convert",
      message: `zod could not convert the inputSchema to JSON Schema: ${errorText(error)}`,
      hint: "use zod types that have a JSON Schema form (no transforms, custom checks or dates), or write the schema as JSON Schema",
    };
  }
}

/**
 * zod is imported lazily, only when a zod schema is met: it is not a
 * dependency of toolform. The specifier is a variable so the type checker does
 * not require zod's types either.
 */
async function loadZod(): Promise<ZodModule | undefined> {
  const specifier = "zod";
  try {
    const mod = (await import(specifier)) as { z?: ZodModule; toJSONSchema?: ZodModule["toJSONSchema"] };
    if (typeof mod.toJSONSchema === "function") return { toJSONSchema: mod.toJSONSchema };
    return typeof mod.z?.toJSONSchema === "function" ? mod.z : undefined;
  } catch {
    return undefined;
  }
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null;
}

function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
