// The MCP SDK's pluggable jsonSchemaValidator answered with precompiled validators:
// the hash is identical to the build's, unknown schemas are refused clearly or go
// to a fallback, and a real client + server validate through it with code
// generation from strings disabled (no ajv, no new Function at run time).
import { execFile } from "node:child_process";
import { createHash, randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import fc from "fast-check";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { CfWorkerJsonSchemaValidator } from "@modelcontextprotocol/sdk/validation/cfworker";
import { canonicalJson as buildCanonical, hashOf } from "../../src/io/hash.js";
import { canonicalJson as packageCanonical } from "@toolform/runtime/mcp";
import { canonicalJson, schemaHashOf, sha256Hex } from "../../packages/runtime/src/mcp/canonical.js";
import { serveTools, toolformServerTool } from "../../packages/runtime/src/mcp/server.js";
import { toolformValidator, UnknownSchemaError } from "../../packages/runtime/src/mcp/validator-provider.js";
import { toolsFromJson } from "../../src/sources/json.js";
import { loadToolset, type LoadedToolset } from "../helpers/generated.js";
import { cleanup, FIXTURES, onCleanup, REPO } from "../fixtures/mcp/helpers.js";

afterEach(cleanup);

let gen: LoadedToolset;
beforeAll(async () => {
  const defs = toolsFromJson(JSON.parse(readFileSync(join(FIXTURES, "provider-tools.json"), "utf8")), "provider-tools.json").tools;
  // JSON Schema semantics for unknown keys: these schemas also check outputs and elicitation answers.
  gen = await loadToolset(defs, { unknownArgs: "schema" });
});

describe("schema hash without the build code", () => {
  it("sha256Hex matches node:crypto (FIPS vectors, block boundaries, random bytes)", () => {
    expect(sha256Hex(new Uint8Array())).toBe("e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
    expect(sha256Hex(new TextEncoder().encode("abc"))).toBe("ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
    for (const n of [1, 55, 56, 63, 64, 65, 119, 120, 127, 128, 1000, 100_003]) {
      const b = randomBytes(n);
      expect(sha256Hex(new Uint8Array(b))).toBe(createHash("sha256").update(b).digest("hex"));
    }
  });

  it("the build hashes with the run-time canonicalJson (one implementation), and schemaHashOf equals hashOf for any JSON value", () => {
    expect(buildCanonical).toBe(packageCanonical); // the build imports the runtime package's function, not a copy
    fc.assert(
      fc.property(fc.jsonValue(), (v) => {
        // Nothing lost or added: the canonical text reads back as the plain JSON text does ("__proto__" keys included).
        expect(JSON.parse(canonicalJson(v))).toStrictEqual(JSON.parse(JSON.stringify(v)));
        expect(buildCanonical(v)).toBe(canonicalJson(v)); // the package's build (dist) and its source agree
        expect(schemaHashOf(v)).toBe(hashOf(v));
      }),
      { numRuns: 300 },
    );
    for (const v of [undefined, "\ud800 lone surrogate", { "é": "日本", b: [{ z: 1, a: 2 }] }, { __proto__: null, x: 1 }]) expect(schemaHashOf(v)).toBe(hashOf(v));
  });

  it('regression: a "__proto__" property key is kept, so build and run time hash it alike (fast-check found [{"__proto__":null}])', () => {
    const v: unknown = JSON.parse('[{"__proto__":null}]');
    expect(canonicalJson(v)).toBe('[{"__proto__":null}]');
    expect(schemaHashOf(v)).toBe(hashOf(v));
    // A schema declaring a "__proto__" property hashes apart from one that does not.
    const withKey: unknown = JSON.parse('{"type":"object","properties":{"__proto__":{"type":"string"}}}');
    expect(schemaHashOf(withKey)).not.toBe(schemaHashOf({ type: "object", properties: {} }));
    expect(schemaHashOf(withKey)).toBe(hashOf(withKey));
  });

  it("every generated tool's schemaHash is schemaHashOf(its inputSchema)", () => {
    for (const t of Object.values(gen.toolset)) expect(schemaHashOf(t.inputSchema)).toBe(t.schemaHash);
  });
});

describe("ToolformJsonSchemaValidator", () => {
  const schemaOf = (name: string) => JSON.parse(JSON.stringify(gen.toolset[name]!.inputSchema)) as Record<string, unknown>;

  it("answers a known schema (any key order, a copy) with the precompiled validator and toolform's messages", () => {
    const p = toolformValidator({ tools: gen.toolset });
    const s = schemaOf("booking_confirmation");
    const reordered = Object.fromEntries(Object.entries(s).reverse());
    expect(p.has(reordered)).toBe(true);
    const v = p.getValidator<{ confirm: boolean }>(reordered);
    expect(v({ confirm: true, seats: 3 })).toEqual({ valid: true, data: { confirm: true, seats: 3 }, errorMessage: undefined });
    const bad = v({ confirm: "yes", seats: 0 });
    expect(bad.valid).toBe(false);
    expect(bad.errorMessage).toBe(gen.toolset.booking_confirmation!.validate({ confirm: "yes", seats: 0 }).errors.map((e) => e.message).join("; "));
    expect(bad.errorMessage).toMatch(/^"confirm" must be .*; "seats" must be/);
    expect(p.getValidator(reordered)).toBe(v); // cached per schema object
    expect(toolformValidator({ tools: Object.values(gen.toolset) }).has(s)).toBe(true);
  });

  it("an unknown schema: UnknownSchemaError naming the hash and the fix; or 'reject'; or the fallback", () => {
    const unknown = { type: "object", properties: { zzz: { type: "string" } } };
    const p = toolformValidator({ tools: gen.toolset });
    let err: unknown;
    try {
      p.getValidator(unknown);
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(UnknownSchemaError);
    expect((err as UnknownSchemaError).schemaHash).toBe(hashOf(unknown));
    expect((err as Error).message).toContain(`sha256 ${hashOf(unknown)}; properties zzz`);
    expect((err as Error).message).toContain("run `toolform build`");
    expect((err as Error).message).toContain("fallback");

    const rejecting = toolformValidator({ tools: gen.toolset, onUnknown: "reject" }).getValidator(unknown);
    expect(rejecting({ zzz: "a" })).toMatchObject({ valid: false, errorMessage: expect.stringContaining(hashOf(unknown)) });

    const withFallback = toolformValidator({ tools: gen.toolset, fallback: new CfWorkerJsonSchemaValidator() }).getValidator(unknown);
    expect(withFallback({ zzz: "a" }).valid).toBe(true);
    expect(withFallback({ zzz: 1 }).valid).toBe(false);
  });

  it("refuses something that is not a generated tool", () => {
    expect(() => toolformValidator({ tools: [{ name: "x" } as never] })).toThrow(/not a generated tool/);
  });

  it("in process: a real Client validates a tool's structuredContent through it (outputSchema)", async () => {
    const server = new Server({ name: "s", version: "1" }, { capabilities: {} });
    serveTools(server, [
      toolformServerTool(gen.toolset.get_forecast!, (args) => {
        const city = String((args as { city: string }).city);
        return { content: [], structuredContent: city === "Nowhere" ? { city, days: [{ date: "2025-13-45", high: 1, low: 0 }] } : { city, days: [] } };
      }, { outputSchema: gen.toolset.forecast_result!.inputSchema as never }),
    ]);
    const client = new Client({ name: "c", version: "1" }, { jsonSchemaValidator: toolformValidator({ tools: gen.toolset }) });
    const [a, b] = InMemoryTransport.createLinkedPair();
    await Promise.all([server.connect(a), client.connect(b)]);
    onCleanup(() => client.close());
    await client.listTools();
    expect((await client.callTool({ name: "get_forecast", arguments: { city: "Oslo" } })).structuredContent).toEqual({ city: "Oslo", days: [] });
    await expect(client.callTool({ name: "get_forecast", arguments: { city: "Nowhere" } })).rejects.toThrow(/Structured content does not match the tool's output schema: "days\[0\]\.date" must be .*date/);
  });
});

describe("with code generation from strings disabled (node --disallow-code-generation-from-strings)", () => {
  it("a real client and a real stdio server, both under the flag, validate through toolform; ajv cannot run there", async () => {
    const out = await new Promise<string>((resolveOut, reject) => {
      const child = execFile(
        process.execPath,
        ["--disallow-code-generation-from-strings", "--import", "tsx", join(FIXTURES, "nocodegen-client.ts")],
        { cwd: REPO, env: { ...process.env, GENERATED_DIR: gen.dir }, timeout: 60_000, killSignal: "SIGKILL" },
        (err, stdout, stderr) => (err ? reject(new Error(`${err.message}\n${stderr}`)) : resolveOut(stdout)),
      );
      onCleanup(async () => child.kill("SIGKILL"));
    });
    const r = JSON.parse(out.trim().split("\n").at(-1)!) as Record<string, { ok?: unknown; error?: string }> & { serverStderr: string };
    // the flag is in force in the client process and in the server process
    expect(r.newFunction!.error).toMatch(/^EvalError: Code generation from strings disallowed/);
    expect(r.ajv!.error).toMatch(/^EvalError: Code generation from strings disallowed/);
    expect(r.serverStderr).toContain("server codegen: blocked (EvalError)");
    // the provider itself
    expect(r.unknownSchema!.error).toMatch(/^UnknownSchemaError: toolform: no precompiled validator for this JSON Schema \(sha256 [0-9a-f]{64}; properties zzz\)/);
    expect(r.fallback!.ok).toMatchObject({ valid: false });
    // client: listTools built the output-schema validator through the provider; outputs are checked
    expect(r.listTools!.ok).toEqual(["get_forecast", "book_table"]);
    expect(r.forecastValid!.ok).toBe("forecast for Oslo");
    expect(r.forecastBadOutput!.error).toMatch(/Structured content does not match the tool's output schema: .*"days\[0\]\.low" is required/);
    expect(r.forecastBadOutput!.error).toMatch(/"days\[0\]\.date" must be/);
    // server: the tool input, checked by the generated validator
    expect(r.forecastBadInput!.ok).toBe(gen.toolset.get_forecast!.validate({ city: "X", days: 9 }).feedback);
    // server: the elicitation answer, checked by the SDK through the provider
    expect(r.bookValid!.ok).toBe('accept: {"confirm":true,"seats":2}');
    expect(r.bookBadAnswer!.ok).toMatch(/^Tool book_table failed: (MCP error -32602: )?Elicitation response content does not match requested schema: "confirm" must be .*got the string "yes"/);
  });
});
