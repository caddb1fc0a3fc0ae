// The value every emitter builds generated code from: a Code fragment, its text and
// the fragments spliced into it that name something at module level (a function or
// constant, a Name; a runtime helper, an RtRef). Which names a fragment uses is read
// from those parts (refsOf), never by scanning its text.

/** A fragment of trusted generated code. */
export class Code {
  /** @internal use the builders (code.ts) */
  constructor(
    readonly text: string,
    /** The fragments spliced into this one that are, or hold, a Name or an RtRef (see refsOf). */
    readonly parts?: readonly Code[],
  ) {}
  toString(): string {
    return this.text;
  }
}

/** An identifier made by `ident`/`Names`; a Code that is known to be a valid, fresh name. */
export class Name extends Code {}

/** A runtime helper, reached as `rt.<helper>` (generated modules import the runtime as `rt`). */
export class RtRef extends Code {
  constructor(readonly helper: string) {
    if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(helper)) throw new Error(`not a runtime helper name: ${helper}`);
    super("rt." + helper);
  }
}

/** Whether a fragment names anything refsOf finds (so it is kept among a new fragment's parts). */
function refers(c: Code): boolean {
  return c instanceof Name || c instanceof RtRef || c.parts !== undefined;
}

/** A fragment of `text` made from `from` (which its text contains): it keeps their names. */
export function derived(text: string, from: readonly Code[]): Code {
  const parts = from.filter(refers);
  return new Code(text, parts.length ? parts : undefined);
}

/**
 * The names the fragments use: the Names spliced into them (functions, constants, and
 * locals too) and the runtime helpers. One walk over the parts, each fragment once.
 */
export function refsOf(roots: Code | readonly Code[]): { names: Set<string>; runtime: Set<string> } {
  const names = new Set<string>();
  const runtime = new Set<string>();
  const seen = new Set<Code>();
  const todo: Code[] = roots instanceof Code ? [roots] : [...roots];
  for (let c = todo.pop(); c !== undefined; c = todo.pop()) {
    if (seen.has(c)) continue;
    seen.add(c);
    if (c instanceof Name) names.add(c.text);
    else if (c instanceof RtRef) runtime.add(c.helper);
    if (c.parts) for (const p of c.parts) if (!seen.has(p)) todo.push(p);
  }
  return { names, runtime };
}
