// The form a field's description states for its value: a path said to be absolute or
// relative, lower or upper case, snake_case (or SCREAMING_SNAKE_CASE), kebab-case or camelCase, a date written as
// "YYYY-MM-DD", "ISO 8601", a Unix
// timestamp, a comma-separated list, a prefix ("starting with '#'"), a unit ("in
// milliseconds"). examples.ts brings a value guessed from the field's name to that form, or
// drops the guess when it cannot: a guess never contradicts the description. The forms are
// read from the field's own description (and, for an array's items, the array's).

/** A form a description states: whether a string has it, and the string brought to it (undefined: it cannot be). */
interface Form {
  fits(v: string): boolean;
  bring(v: string): string | undefined;
}

const ABSOLUTE = /^(\/|~\/|[A-Za-z]:[\\/])/;
const HOME = "/home/user/project/";

/** A sentence that states a condition ("If the value is a formula, it should start with '='"): what it says holds only sometimes. */
function conditional(text: string, at: number): boolean {
  const start = Math.max(text.lastIndexOf(".", at), text.lastIndexOf("\n", at), text.lastIndexOf(";", at)) + 1;
  return /^\s*(if|when|for|unless|in case)\b/i.test(text.slice(start, at));
}

/** A date form token ("YYYY-MM-DD", "YYYY-MM-DDTHH:MM:SSZ", "DD/MM/YYYY") as a pattern and a value of it. */
function dateForm(token: string): { re: RegExp; value: string } {
  let re = "";
  let value = "";
  let afterHour = false;
  for (const m of token.matchAll(/YYYY|yyyy|YY|yy|MM|DD|dd|HH|hh|mm|SSS|sss|SS|ss|[^A-Za-z]|T|Z/g)) {
    const g = m[0];
    if (/^[A-Za-z]{2,}$/.test(g)) {
      re += `\\d{${g.length}}`;
      const u = g.toUpperCase();
      if (u === "HH") afterHour = true;
      value += u === "YYYY" ? "2026" : u === "YY" ? "26" : u === "MM" ? (afterHour || g === "mm" ? "00" : "01") : u === "DD" ? "31" : u === "HH" ? "09" : u === "SSS" ? "000" : "00";
    } else {
      re += g.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&");
      value += g;
    }
  }
  return { re: new RegExp(`^${re}$`), value };
}

/** Date form tokens a text states: runs of YYYY, MM, DD, HH, mm, ss and separators holding a year. */
const DATE_TOKEN = /(?<![A-Za-z])(?:(?:YYYY|yyyy|YY|MM|DD|dd|HH|hh|mm|SSS|sss|SS|ss|T|Z)(?=[^A-Za-z]|$|T|Z)|[-/.:T ](?=[YMDHhmsSdy]))+/g;

function dateTokens(text: string): string[] {
  const out: string[] = [];
  for (const m of text.matchAll(DATE_TOKEN)) {
    const t = m[0].replace(/^[-/.: T]+|[-/.: ]+$/g, "");
    if (/YYYY|yyyy/.test(t) && /MM/.test(t) && !out.includes(t)) out.push(t);
  }
  return out;
}

const ISO = /^\d{4}-\d{2}(-\d{2})?(T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?)?$|^P(?=\d|T)[\dYMWDTHS.]+$|^\d{2}:\d{2}(:\d{2})?(Z|[+-]\d{2}:?\d{2})?$/;

/** The forms `text` states. */
function formsOf(text: string): Form[] {
  const forms: Form[] = [];
  const absolute = /\babsolute\b/i.test(text);
  const relative = /\brelative (file |directory |folder )?paths?\b|\brelative to\b|\bpaths? relative\b/i.test(text);
  // Both said ("the absolute or relative path"): either form fits.
  if (absolute && !relative && /\babsolute (file |directory |folder )?paths?\b|\bpaths? must be absolute\b|\bfull path\b/i.test(text)) {
    forms.push({ fits: (v) => ABSOLUTE.test(v), bring: (v) => (/^[\w.-]+(\/[\w.-]+)*$/.test(v) && /[/.]/.test(v) ? HOME + v : undefined) });
  }
  if (relative && !absolute) forms.push({ fits: (v) => !ABSOLUTE.test(v), bring: (v) => (v.startsWith(HOME) ? v.slice(HOME.length) : undefined) });
  const lower = /\blower[- ]?case\b/i.test(text);
  const upper = /\bupper[- ]?case\b|\ball caps\b/i.test(text);
  if (lower && !upper) forms.push({ fits: (v) => v === v.toLowerCase(), bring: (v) => v.toLowerCase() });
  if (upper && !lower) forms.push({ fits: (v) => v === v.toUpperCase(), bring: (v) => v.toUpperCase() });
  // A naming style: the guess's words joined in it ("my-migration" in snake_case: "my_migration").
  const words = (v: string) => v.split(/[^A-Za-z0-9]+|(?<=[a-z0-9])(?=[A-Z])/).filter(Boolean).map((w) => w.toLowerCase());
  if (/\bsnake[_ ]case\b/i.test(text)) forms.push({ fits: (v) => /^[a-z0-9]+(_[a-z0-9]+)*$/.test(v), bring: (v) => words(v).join("_") || undefined });
  if (/\b(screaming|upper|constant)[_ ]snake[_ ]case\b|\bconstant[_ ]case\b/i.test(text)) forms.push({ fits: (v) => /^[A-Z0-9]+(_[A-Z0-9]+)*$/.test(v), bring: (v) => words(v).join("_").toUpperCase() || undefined });
  if (/\bkebab[- ]case\b/i.test(text)) forms.push({ fits: (v) => /^[a-z0-9]+(-[a-z0-9]+)*$/.test(v), bring: (v) => words(v).join("-") || undefined });
  if (/\bcamel ?case\b/i.test(text)) forms.push({ fits: (v) => /^[a-z][A-Za-z0-9]*$/.test(v), bring: (v) => words(v).map((w, i) => (i ? w[0]!.toUpperCase() + w.slice(1) : w)).join("") || undefined });
  const dates = dateTokens(text).map(dateForm);
  // A date or time guessed ("2026-01-31T09:00:00Z") is written in the stated form; anything else is no date.
  if (dates.length) forms.push({ fits: (v) => dates.some((d) => d.re.test(v)), bring: (v) => (ISO.test(v) ? dates[0]!.value : undefined) });
  else if (/\bISO[- ]?8601\b|\bISO format\b|\bRFC ?3339\b/i.test(text)) forms.push({ fits: (v) => ISO.test(v), bring: () => undefined });
  if (/\bunix (time|timestamp|epoch)|\bepoch (seconds|milliseconds|time)\b|\b(seconds|milliseconds) since\b/i.test(text)) forms.push({ fits: (v) => /^\d{9,13}$/.test(v), bring: () => undefined });
  // A list of one needs no comma; words with spaces and no comma are no list.
  if (/\bcomma[- ]?(separated|delimited)\b|\bseparated by commas?\b/i.test(text)) forms.push({ fits: (v) => v.includes(",") || !/\s/.test(v), bring: () => undefined });
  for (const m of text.matchAll(/\b(?:start(?:s|ing)?|begin(?:s|ning)?) with\s+(?:(?:a|the)\s+)?(?:["'`]([^"'`\s]{1,8})["'`]|([#@$=/:+~]))|\bprefixed (?:with|by)\s+(?:["'`]([^"'`\s]{1,8})["'`]|([#@$=/:+~]))/gi)) {
    if (conditional(text, m.index)) continue;
    const prefix = m[1] ?? m[2] ?? m[3] ?? m[4]!;
    forms.push({ fits: (v) => v.startsWith(prefix), bring: (v) => prefix + v });
  }
  return forms;
}

/** The guess brought to every form `text` states, or undefined when it cannot be (then it is dropped). */
export function fitDescribed(guess: string, text: string): string | undefined {
  let v = guess;
  for (const f of formsOf(text)) {
    if (f.fits(v)) continue;
    const b = f.bring(v);
    if (b === undefined || !f.fits(b)) return undefined;
    v = b;
  }
  // Bringing to one form may break another ("#" then upper case): every form holds at the end, or no guess.
  return formsOf(text).every((f) => f.fits(v)) ? v : undefined;
}

/** Values the stated forms make themselves: "YYYY-MM-DD" → "2026-01-31" (offered before any guess). */
export function formValues(text: string): string[] {
  return dateTokens(text).map((t) => dateForm(t).value);
}

/** A date form token ("YYYY-MM-DD") offered as if it were a value: it says the form, it is none. */
export function isFormToken(s: string): boolean {
  return dateTokens(s).includes(s);
}

/** Seconds of 2026-01-31T09:00:00Z, the instant the other guesses use. */
const EPOCH_SECONDS = 1769850000;

/** A number guessed from a field's name, brought to the unit its description states: a Unix time, or milliseconds where the name means seconds. */
export function describedNumber(guess: number | undefined, text: string, secondsByName: boolean): number | undefined {
  const ms = /\bmilli ?seconds?\b|\bin ms\b|\(ms\)/i.test(text);
  if (/\bunix (time|timestamp|epoch)|\bepoch\b|\b(seconds|milliseconds) since\b/i.test(text) && !/\bduration\b/i.test(text)) return ms ? EPOCH_SECONDS * 1000 : EPOCH_SECONDS;
  if (guess !== undefined && secondsByName && ms) return guess * 1000;
  return guess;
}
