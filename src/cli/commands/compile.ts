// `toolform compile SCHEMA.json [-o OUT.js]`: compileSchema from the shell, like
// ajv-cli's compile. Any JSON Schema in, one standalone ESM module out.
import { readFileSync } from "node:fs";
import { basename, dirname, resolve } from "node:path";
import { mkdirSync } from "node:fs";
import { parseJsonFile } from "../../sources/json.js";
import { oneOf, parse, UsageError } from "../args.js";
import { HELP } from "../help.js";
import { makeStyle, paintDiagnostic, plural, useColor, type Io } from "../output.js";
import { rel } from "../project.js";

export async function compileCommand(argv: string[], io: Io): Promise<number> {
  const p = parse(
    "compile",
    argv,
    { out: { type: "string", short: "o" }, name: { type: "string" }, "unknown-args": { type: "string" }, "no-formats": { type: "boolean" }, "allow-unchecked": { type: "boolean" }, quiet: { type: "boolean", short: "q" } },
    { min: 1, max: 1 },
  );
  if (p.values.help) {
    io.stdout.write(HELP.compile + "\n");
    return 0;
  }
  const s = makeStyle(useColor(io.stderr, io.env, !!p.values["no-color"]));
  const file = p.positionals[0]!;
  const abs = resolve(io.cwd, file);
  let text: string;
  try {
    text = readFileSync(abs, "utf8");
  } catch (e) {
    throw new UsageError(`cannot read ${file}: ${(e as NodeJS.ErrnoException).code === "ENOENT" ? "no such file" : (e as Error).message}`, "compile");
  }
  const shown = rel(io.cwd, abs);
  const parsed = parseJsonFile(text, shown);
  if (parsed.value === undefined) {
    io.stderr.write(parsed.diagnostics.map((d) => paintDiagnostic(d, s)).join("\n") + "\n");
    return 1;
  }
  const unknownArgs = oneOf("unknown-args", p.values["unknown-args"], ["reject", "schema"] as const, "compile");
  const name = typeof p.values.name === "string" ? p.values.name : basename(file).replace(/\.(schema\.)?json$/i, "");
  const out = typeof p.values.out === "string" ? resolve(io.cwd, p.values.out) : undefined;
  // A .ts file gets TypeScript; a .js/.mjs file gets its declarations beside it (.d.ts/.d.mts), as a build writes them.
  const ts = out !== undefined && /\.[cm]?ts$/.test(out) && !/\.d\.[cm]?ts$/.test(out);
  if (out !== undefined && !ts && !/\.m?js$/.test(out)) throw new UsageError(`-o ${p.values.out}: the module is ESM, so name it .js or .mjs (declarations go beside it), or .ts for TypeScript`, "compile");
  const { compileSchema } = await import("../../compile-schema.js");
  const { code, declarations, diagnostics } = await compileSchema(parsed.value, { name, ...(unknownArgs ? { unknownArgs } : {}), formats: !p.values["no-formats"], allowUnchecked: !!p.values["allow-unchecked"], lang: ts ? "ts" : "js" });
  // Schema diagnostics carry pointers into the schema: name the file.
  const placed = diagnostics.map((d) => ({ ...d, file: d.file ?? shown }));
  const errors = placed.filter((d) => d.severity === "error");
  const warnings = placed.filter((d) => d.severity !== "error");
  if (errors.length) {
    io.stderr.write([...errors, ...warnings].map((d) => paintDiagnostic(d, s)).join("\n") + "\n");
    io.stderr.write(`${s.red("✗")} ${plural(errors.length, "error")}; nothing written\n`);
    return 1;
  }
  if (warnings.length && !p.values.quiet) io.stderr.write(warnings.map((d) => paintDiagnostic(d, s)).join("\n") + "\n");
  if (!out) {
    io.stdout.write(code);
    return 0;
  }
  const { writeAtomic } = await import("../../io/write.js");
  mkdirSync(dirname(out), { recursive: true });
  const dts = ts ? undefined : out.replace(/\.(m?)js$/, ".d.$1ts");
  if (dts) writeAtomic(dts, declarations);
  writeAtomic(out, code);
  if (!p.values.quiet) io.stdout.write(`${s.green("✓")} ${rel(io.cwd, out)} (${(Buffer.byteLength(code) / 1024).toFixed(1)} kB)${dts ? ` and ${rel(io.cwd, dts)}` : ""} from ${shown}: exports is(value), validate(value)\n`);
  return 0;
}
