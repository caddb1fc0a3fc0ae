// The docs test's reader of code blocks and markers (test/shipped/docs-blocks.ts), on small
// markdown files: what counts as marked, what a bad marker says, what exit a transcript implies.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { blocksOf, transcriptCommands, unmarkedMessage } from "./docs-blocks.js";

const root = mkdtempSync(join(tmpdir(), "toolform-docs-blocks-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));
const md = (text: string) => {
  mkdirSync(join(root, "docs"), { recursive: true });
  writeFileSync(join(root, "docs", "x.md"), text);
  return blocksOf(root, "docs/x.md");
};

describe("docs-blocks", () => {
  it("reads each fence with its line, language and marker (a blank line between marker and fence allowed)", () => {
    const [a, b, c, d] = md(
      "# T\n<!-- check: tsc; given: model, draft -->\n```ts\nconst x = 1;\n```\n\n<!-- not run: a CI file; see ci.yml -->\n\n```yaml\nx: 1\n```\n```json\n{}\n```\n```sh\nnpx toolform build\n```\n",
    );
    expect(a).toMatchObject({ line: 3, lang: "ts", code: "const x = 1;", kind: "check: tsc", given: ["model", "draft"] });
    expect(b).toMatchObject({ line: 9, kind: "not run", reason: "a CI file; see ci.yml" });
    expect(c).toMatchObject({ lang: "json", kind: "json" });
    expect(d!.kind).toBeUndefined();
    expect(unmarkedMessage(d!)).toMatch(/^docs\/x\.md:15: this `sh` block \("npx toolform build"\) is neither run .* <!-- not run: <the reason> -->/s);
  });

  it("a marker that does not fit, or has no reason, is a problem naming the fix", () => {
    const [a, b, c, d] = md(
      "<!-- run: transcript -->\n```sh\nnpx x\n```\n<!-- not run: -->\n```\nx\n```\n<!-- check: eslint -->\n```ts\nx\n```\n<!-- check: tsc; given x -->\n```ts\nx\n```\n",
    );
    expect(a!.problem).toMatch(/does not fit a `sh` block that does not start with "\$ "/);
    expect(b!.problem).toMatch(/needs the reason/);
    expect(c!.problem).toMatch(/unknown marker "check: eslint"/);
    expect(d!.problem).toMatch(/unknown option "given x"/);
  });

  it("a transcript's command exits as shown: echo $?, else ✗ means non-zero, else 0", () => {
    expect(transcriptCommands("$ a\nok\n$ b\n✗ failed\n$ c\n✗ x\n$ echo $?\n2\n$ d --json\n{\n \"k\": 1\n}")).toEqual([
      { cmd: "a", output: "ok", exit: 0 },
      { cmd: "b", output: "✗ failed", exit: "nonzero" },
      { cmd: "c", output: "✗ x", exit: 2 },
      { cmd: "d --json", output: '{\n "k": 1\n}', exit: 0 },
    ]);
  });
});
