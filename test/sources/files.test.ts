// Issue 18.4: what the source glob matches is read or reported, never dropped in
// silence; a UTF-8 byte-order mark is accepted; invalid UTF-8 names its offset.
import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { readSources } from "../../src/sources/read.js";
import { invalidUtf8At } from "../../src/sources/text.js";

const tool = (name: string) => JSON.stringify({ name, inputSchema: { type: "object", properties: {} } });

function project(): string {
  const root = mkdtempSync(join(tmpdir(), "toolform-sources-"));
  mkdirSync(join(root, "tools"));
  writeFileSync(join(root, "tools/good.json"), tool("good"));
  return root;
}

const posix = process.platform !== "win32";

describe("sources the glob matches that are not files (issue 18.4)", () => {
  it.runIf(posix)("a directory named d.json, a symlink loop, a dangling symlink, a FIFO, a symlink to a FIFO: each an error naming the path", async () => {
    const root = project();
    const t = (f: string) => join(root, "tools", f);
    mkdirSync(t("d.json"));
    symlinkSync("loop2.json", t("loop1.json"));
    symlinkSync("loop1.json", t("loop2.json"));
    symlinkSync("nowhere.json", t("dangling.json"));
    execFileSync("mkfifo", [t("pipe.json")]);
    symlinkSync("pipe.json", t("to-pipe.json"));
    symlinkSync("good.json", t("alias.json")); // a symlink to a file is read as the file
    const r = await readSources(["tools/**/*.json"], root);
    expect(r.tools.map((x) => x.name)).toEqual(["good", "good"]);
    const errs = r.diagnostics.filter((d) => d.severity === "error").map((d) => [d.code, d.file, d.message]);
    const what = (f: string) => errs.find((e) => e[1] === "tools/" + f)?.[2];
    expect(errs.every((e) => e[0] === "source/not-a-file")).toBe(true);
    expect(what("d.json")).toMatch(/matched by "tools\/\*\*\/\*\.json", but it is a directory/);
    expect(what("loop1.json")).toMatch(/a symlink loop/);
    expect(what("loop2.json")).toMatch(/a symlink loop/);
    expect(what("dangling.json")).toMatch(/a dangling symlink \(to "nowhere\.json"\)/);
    expect(what("pipe.json")).toMatch(/a FIFO/);
    expect(what("to-pipe.json")).toMatch(/a FIFO/);
    expect(errs).toHaveLength(6);
  });

  it.runIf(posix)("an mcp snapshot that is a FIFO is an error, not a build that waits forever", async () => {
    const root = project();
    execFileSync("mkfifo", [join(root, "snap.json")]);
    const r = await readSources([{ mcp: { command: "x" }, snapshot: "snap.json" } as never], root);
    expect(r.diagnostics.map((d) => [d.code, d.file, d.message])).toEqual([["source/read", "snap.json", "not a file: it is a FIFO (named pipe)"]]);
  });

  it("a file that matches nothing else: the glob still says no files match", async () => {
    const root = project();
    const r = await readSources(["other/*.json"], root);
    expect(r.diagnostics.map((d) => d.code)).toEqual(["source/empty"]);
  });
});

describe("source text encoding (issue 18.4)", () => {
  it("a UTF-8 byte-order mark is accepted", async () => {
    const root = project();
    writeFileSync(join(root, "tools/bom.json"), Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(tool("bom"))]));
    const r = await readSources(["tools/*.json"], root);
    expect(r.diagnostics).toEqual([]);
    expect(r.tools.map((x) => x.name)).toEqual(["bom", "good"]);
  });

  it("invalid UTF-8 is an error naming the byte offset, not a silent U+FFFD", async () => {
    const root = project();
    const bytes = Buffer.from(tool("caf\u00e9"));
    const at = bytes.indexOf(0xc3); // é = c3 a9: cut it to a lone lead byte
    writeFileSync(join(root, "tools/latin1.json"), Buffer.concat([bytes.subarray(0, at), Buffer.from([0xe9]), bytes.subarray(at + 2)]));
    const r = await readSources(["tools/*.json"], root);
    expect(r.tools.map((x) => x.name)).toEqual(["good"]);
    expect(r.diagnostics.map((d) => [d.code, d.file, d.message])).toEqual([["source/read", "tools/latin1.json", `not valid UTF-8: byte offset ${at} (bytes e9 22 2c 22)`]]);
  });

  it("a TypeScript source is held to the same rule", async () => {
    const root = project();
    writeFileSync(join(root, "tools/bad.ts"), Buffer.concat([Buffer.from("// caf"), Buffer.from([0xe9]), Buffer.from("\nexport {};\n")]));
    const r = await readSources(["tools/*.{json,ts}"], root);
    expect(r.diagnostics.map((d) => [d.code, d.file, d.message])).toEqual([["source/read", "tools/bad.ts", "not valid UTF-8: byte offset 6 (bytes e9 0a 65 78)"]]);
  });

  it("the UTF-8 check: overlongs, surrogates, past U+10FFFF, truncated sequences", () => {
    const at = (...b: number[]) => invalidUtf8At(Uint8Array.from(b));
    expect(at(0x61, 0xc3, 0xa9, 0xe2, 0x82, 0xac, 0xf0, 0x9f, 0x98, 0x80)).toBe(-1); // a é € 😀
    expect(at(0x61, 0xc0, 0xaf)).toBe(1); // overlong "/"
    expect(at(0xe0, 0x80, 0xaf)).toBe(0); // overlong
    expect(at(0x61, 0x62, 0xed, 0xa0, 0x80)).toBe(2); // a surrogate
    expect(at(0xf4, 0x90, 0x80, 0x80)).toBe(0); // past U+10FFFF
    expect(at(0x61, 0xe2, 0x82)).toBe(1); // cut short
    expect(at(0x80)).toBe(0); // a lone continuation byte
    expect(at(0xe2, 0x28, 0xa1)).toBe(0); // a bad continuation
  });
});
