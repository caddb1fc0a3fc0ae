// A long pattern beyond describePattern's words, said by the common shape it accepts
// (a date, a version, a duration like 7d, a hex id, a slug, an identifier) with a value
// that matches the full pattern, so a model never reads a bare clipped regex.
// Each shape is tried on the pattern itself: all its samples must match, and none of
// its counter-samples (a pattern that takes anything is no identifier).
import { patternExample } from "../../schema/pattern-example.js";

interface Shape {
  words: string;
  yes: readonly string[];
  no: readonly string[];
}

const SHAPES: readonly Shape[] = [
  { words: "a date-time", yes: ["2026-01-31T09:00:00Z"], no: ["hello", "2026-01-31"] },
  { words: "a date", yes: ["2026-01-31"], no: ["hello", "31/01/2026"] },
  { words: "a version", yes: ["1.2.3", "0.10.0"], no: ["hello", "1..2"] },
  { words: "a duration", yes: ["7d", "30m", "12h"], no: ["hello", "d7"] },
  { words: "a UUID", yes: ["123e4567-e89b-12d3-a456-426614174000"], no: ["hello", "123e4567"] },
  { words: "a hex id", yes: ["3a18f6d4b2907e5c3a18f6d4b2907e5c"], no: ["hello", "xyz"] },
  { words: "an email address", yes: ["user@example.com"], no: ["hello", "user at example"] },
  { words: "a URL", yes: ["https://example.com/"], no: ["hello", "example dot com"] },
  { words: "a slug (lowercase words joined by -)", yes: ["my-project", "my-project-2"], no: ["My Project", "my project", "-"] },
  { words: "an identifier (a letter or _, then letters, digits or _)", yes: ["my_var", "myVar"], no: ["1abc", "my var", "my-var"] },
];

function test(re: RegExp, s: string): boolean {
  re.lastIndex = 0;
  return re.test(s);
}

/** The pattern in words by its shape, with a value matching it in full: `a version like "1.2.3"`; else `a string like` the place's example or one built; undefined when none exists. */
export function patternShape(source: string, example?: string): string | undefined {
  let re: RegExp;
  try {
    re = new RegExp(source, "u");
  } catch {
    return undefined;
  }
  const built = patternExample(source);
  for (const s of SHAPES) {
    if (!s.yes.every((y) => test(re, y)) || s.no.some((n) => test(re, n))) continue;
    // A word the pattern also takes ("today" beside dates) is named too.
    const word = built !== undefined && /^[A-Za-z]+$/.test(built) ? ` or ${JSON.stringify(built)}` : "";
    return `${s.words} like ${JSON.stringify(s.yes[0])}${word}`;
  }
  // The place's own example (JSON text) when it is a string the pattern takes, else one built from the pattern.
  const own = example === undefined ? undefined : (JSON.parse(example) as unknown);
  if (typeof own === "string" && own !== "" && test(re, own)) return `a string like ${JSON.stringify(own)}`;
  return built === undefined || built === "" ? undefined : `a string like ${JSON.stringify(built)}`;
}
