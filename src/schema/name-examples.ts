// Realistic values for a field from its name and its place (examples.ts asks these after
// the schema's and the description's own values, and checks each against the field):
// the head noun of the name picks the value ("merge_request_iid" → "42"), and the words
// around it (the tool's name, the enclosing field, the descriptions) pick the domain, so a
// SQL query, a metrics query and a place search each get their own, and a "name" says
// what it names ("Database name" → "analytics"). A guess that contradicts the description
// ("absolute path", "YYYY-MM-DD", "in milliseconds") is brought to its form or dropped
// (described-form.ts, asked by examples.ts and nameNumber).
import { sgWords } from "@toolform/runtime/suggest";
import { describedNumber } from "./described-form.js";

/** What a field's value is guessed from: its name, the words of its place (tool name, enclosing field), its description and its parent's. */
export interface NameContext {
  name: string;
  /** Words of the tool's name and of the enclosing fields (outermost first). */
  around: readonly string[];
  /** The field's description, and its enclosing place's (one text, lower case). */
  text: string;
  /** The field's own description (for an array's items, with the array's), as written: the form it states (described-form.ts). */
  own: string;
}

/** A table entry by a word: own keys only (a field named "constructor" is not Object). */
export function own<T>(table: Readonly<Record<string, T>>, key: string): T | undefined {
  return Object.hasOwn(table, key) ? table[key] : undefined;
}

const CURSOR = "eyJwYWdlIjoyfQ";
const TIMESTAMP = "2026-01-31T09:00:00Z";

/** Values by head noun (the name's last word), context-free. */
const NAME_VALUES: Readonly<Record<string, string>> = {
  id: "abc123",
  iid: "42",
  uid: "1_12",
  uuid: "123e4567-e89b-12d3-a456-426614174000",
  owner: "octocat",
  org: "octocat",
  organization: "octocat",
  user: "octocat",
  username: "octocat",
  login: "octocat",
  author: "octocat",
  reviewer: "octocat",
  assignee: "octocat",
  requester: "octocat",
  member: "octocat",
  repo: "hello-world",
  repository: "hello-world",
  project: "my-project",
  branch: "main",
  ref: "main",
  path: "src/index.ts",
  file: "src/index.ts",
  filepath: "src/index.ts",
  filename: "index.ts",
  dir: "src",
  directory: "src",
  folder: "src",
  url: "https://example.com/",
  uri: "https://example.com/",
  link: "https://example.com/",
  endpoint: "https://example.com/",
  webhook: "https://example.com/hooks/build",
  domain: "example.com",
  email: "user@example.com",
  date: "2026-01-31",
  deadline: "2026-01-31",
  time: "09:00:00Z",
  timestamp: TIMESTAMP,
  datetime: TIMESTAMP,
  at: TIMESTAMP,
  since: TIMESTAMP,
  until: TIMESTAMP,
  title: "Fix login timeout",
  subject: "Fix login timeout",
  body: "Describe the change here.",
  description: "Describe the change here.",
  summary: "Describe the change here.",
  content: "Hello, world",
  text: "Hello, world",
  message: "Hello, world",
  input: "Hello, world",
  comment: "Looks good to me.",
  note: "Follow up next week.",
  reason: "Covers the topic well.",
  prompt: "Summarize this page.",
  instructions: "Summarize this page.",
  instruction: "Summarize this page.",
  question: "What is the main finding?",
  goal: "Find the pricing page.",
  thought: "List the files to change.",
  markdown: "# Release notes",
  str: "const timeout = 30;",
  string: "const timeout = 30;",
  language: "en",
  lang: "en",
  locale: "en-US",
  country: "US",
  currency: "USD",
  city: "Oslo",
  location: "Oslo",
  address: "10 Downing Street, London",
  origin: "Oslo",
  timezone: "Europe/Oslo",
  tag: "bug",
  label: "bug",
  topic: "release-planning",
  category: "Electronics",
  group: "Group A",
  sha: "3a18f6d",
  commit: "3a18f6d",
  version: "1.0.0",
  milestone: "v1.0",
  host: "example.com",
  hostname: "example.com",
  ip: "192.0.2.1",
  region: "us-east-1",
  zone: "us-east-1a",
  namespace: "default",
  network: "mainnet",
  cluster: "production",
  env: "production",
  environment: "production",
  channel: "general",
  team: "platform",
  role: "user",
  profile: "default",
  state: "open",
  status: "open",
  color: "blue",
  colour: "blue",
  palette: "#5B8FF9",
  emoji: "🚀",
  icon: "🚀",
  command: "ls -la",
  cmd: "ls -la",
  shell: "bash",
  args: "--help",
  sql: "SELECT * FROM users LIMIT 10",
  selector: "#submit",
  element: "Submit button",
  script: "document.title",
  function: "() => document.title",
  expression: "1 + 1",
  code: "console.log('hello')",
  yaml: "trigger: none",
  pattern: "*.ts",
  glob: "**/*.ts",
  regex: "^error",
  range: "A1:C10",
  sheet: "Sheet1",
  sort: "created_at",
  order: "desc",
  direction: "asc",
  field: "status",
  fields: "id,name",
  filter: "status:open",
  expand: "fields",
  scope: "read",
  action: "click",
  operation: "GET /users",
  key: "my-key",
  cursor: CURSOR,
  token: CURSOR,
  after: CURSOR,
  before: CURSOR,
  database: "analytics",
  db: "analytics",
  collection: "users",
  table: "users",
  schema: "public",
  index: "users_email_idx",
  entity: "John_Smith",
  observation: "Speaks fluent Spanish",
  page: "https://example.com/pricing",
  steps: "1. Open the app|The app opens",
  priority: "high",
  stage: "Build",
  iteration: "Sprint 12",
  type: "default",
};

/** What a "name" (or title, or key) of a thing looks like, by the thing: "database" → "analytics". */
const NAME_OF: Readonly<Record<string, string>> = {
  database: "analytics",
  db: "analytics",
  collection: "users",
  table: "users",
  index: "users_email_idx",
  branch: "feature/login",
  project: "my-project",
  repo: "hello-world",
  repository: "hello-world",
  file: "report.pdf",
  artifact: "build-output",
  pipeline: "ci-build",
  sheet: "Sheet1",
  entity: "John_Smith",
  screenshot: "homepage",
  tool: "eslint",
  user: "octocat",
  team: "platform",
  channel: "general",
  label: "bug",
  tag: "v1.0.0",
  environment: "production",
  env: "production",
  component: "checkout-service",
  service: "checkout-service",
  operation: "GET /users",
  iteration: "Sprint 12",
  flag: "new-checkout",
  feature: "new-checkout",
  model: "gpt-4o",
  function: "process-payment",
  property: "Status",
  source: "Sales",
  monitor: "Pricing page",
  person: "Ada Lovelace",
  node: "Home",
  relation: "works_at",
  type: "person",
  config: "default",
  ref: "main",
  stage: "Build",
};

/** What a "type" of a thing looks like, by the thing. */
const TYPE_OF: Readonly<Record<string, string>> = { relation: "works_at", relationship: "works_at", edge: "works_at", item: "Bug", entity: "person", content: "text/plain", mime: "text/plain", media: "image/png", event: "push", resource: "file" };

/** Query strings by domain: the first whose words occur in the field's place. */
const QUERIES: readonly [RegExp, string][] = [
  [/\b(sql|postgres|mysql|sqlite|database|table|select)\b/, "SELECT * FROM users LIMIT 10"],
  [/\b(metrics?|timeseries|promql|datadog)\b/, "avg:system.cpu.user{*}"],
  [/\b(logs?|traces?|spans?|events?)\b/, "status:error service:web"],
  [/\b(places?|maps?|geocode|address|locations?|nearby)\b/, "coffee near Central Station"],
  [/\b(mongo|mongodb|documents?|collections?)\b/, "{\"status\": \"open\"}"],
  [/\b(web|internet|news|google|brave|tavily|crawl)\b/, "Node.js release notes"],
];

/** Verbs of tool names: not the thing a tool works on. */
const VERBS = new Set(["get", "list", "create", "update", "delete", "remove", "add", "set", "search", "find", "read", "write", "edit", "patch", "post", "put", "run", "generate", "query", "fetch", "upsert", "api", "browser", "mcp"]);

/** Words that make a name of a thing without changing what it names (dropped before the head is read). */
const TRAILING = new Set(["new", "old", "filter", "override"]);

/** Plural to singular, for the few forms names use: "entities" → "entity", "reviewers" → "reviewer". */
function singular(w: string): string {
  if (w.endsWith("ies") && w.length > 4) return w.slice(0, -3) + "y";
  if (w.endsWith("ses") || w.endsWith("xes")) return w.slice(0, -2);
  if (w.endsWith("s") && !w.endsWith("ss") && w.length > 3) return w.slice(0, -1);
  return w;
}

function lookup(table: Readonly<Record<string, string>>, w: string): string | undefined {
  return own(table, w) ?? own(table, singular(w));
}

/** The string a field's name and place suggest, or undefined. */
export function nameValue(c: NameContext): string | undefined {
  let words = sgWords(c.name);
  while (words.length > 1 && TRAILING.has(words[words.length - 1]!)) words = words.slice(0, -1);
  if (words.length === 0) return undefined;
  const head = singular(words[words.length - 1]!);
  const place = [...c.around, ...words].join(" ") + " " + c.text;
  const absolute = /\babsolute\b/.test(c.text);
  if (head === "query" || head === "q" || head === "search" || head === "term" || head === "keyword") {
    for (const [re, v] of QUERIES) if (re.test(place)) return v;
    return "login timeout";
  }
  if (absolute && (head === "path" || head === "file" || head === "filepath")) return "/home/user/project/src/index.ts";
  if (absolute && (head === "dir" || head === "directory" || head === "folder")) return "/home/user/project";
  // A date or time in words: created_after, updated_before, start (a date in its description).
  if ((head === "after" || head === "before" || head === "since" || head === "until" || head === "start" || head === "end") && /\b(date|time|iso|timestamp)\b|\bcreated|\bupdated/.test(place) && !/\bcursor\b/.test(c.text)) return TIMESTAMP;
  // Ends of a relation, an edge or a move: the things it joins.
  if (head === "from" || head === "to" || head === "source" || head === "target" || head === "destination") {
    if (/\b(entity|entities)\b/.test(c.text)) return "John_Smith";
    if (/\b(element|selector)\b/.test(c.text)) return "#submit";
    if (/\b(path|file|directory)\b/.test(c.text)) return head === "from" || head === "source" ? "src/old.ts" : "src/new.ts";
    if (/\bbranch\b/.test(place)) return head === "from" || head === "source" ? "feature/login" : "main";
    if (/\b(email|recipient)\b/.test(c.text)) return "user@example.com";
    if (/\b(places?|address(es)?|locations?|city|cities|maps?|geo|distance|directions?|routes?|travel)\b/.test(place)) return head === "from" || head === "source" ? "Oslo" : "Bergen";
    return head === "from" || head === "source" ? "Homepage" : "Checkout";
  }
  if (head === "type") {
    // The thing typed: the word before ("entity_type"), else the one the description names ("The type of the relationship").
    const of = words.length > 1 ? words[words.length - 2]! : /\btype of (?:the |a |an |each )?(\w+)/.exec(c.text)?.[1];
    const v = of === undefined ? undefined : lookup(TYPE_OF, of);
    if (v !== undefined) return v;
  }
  if (head === "name" || head === "title" || head === "key") {
    // What it names: the word before it, else the enclosing field's, else the tool's.
    const before = words.slice(0, -1).reverse();
    for (const w of before) {
      const v = lookup(NAME_OF, w);
      if (v !== undefined) return head === "key" ? v.toLowerCase().replace(/[^a-z0-9]+/g, "-") : v;
    }
    if (head === "title") return "Fix login timeout";
    if (before.length) return `my-${before.reverse().join("-")}`;
    for (const w of [...c.around].reverse()) {
      const v = lookup(NAME_OF, w);
      if (v !== undefined) return v;
    }
    // The thing the tool works on: "stories-create" → "my-story" (its first word that is not a verb).
    const noun = c.around.find((w) => !VERBS.has(w) && /^[a-z]{3,}$/.test(w));
    const m = /\bname of the (\w+)/.exec(c.text);
    if (m) return lookup(NAME_OF, m[1]!) ?? `my-${singular(m[1]!)}`;
    if (noun !== undefined) return `my-${singular(noun)}`;
    return head === "key" ? "my-key" : "my-project";
  }
  for (let i = words.length - 1; i >= 0; i--) {
    const v = lookup(NAME_VALUES, words[i]!);
    if (v !== undefined) return v;
  }
  return undefined;
}

/** A last resort for a plain string field: its own words ("includeDomains" → "my-include-domain"), never the word "example". */
export function wordsValue(name: string): string | undefined {
  const words = sgWords(name).filter((w) => /^[a-z]/.test(w)).map(singular);
  return words.length ? `my-${words.slice(-3).join("-")}` : undefined;
}

const NAME_NUMBERS: Readonly<Record<string, number>> = { limit: 10, size: 10, count: 10, max: 10, top: 10, first: 10, last: 10, results: 10, page: 1, offset: 0, port: 8080, timeout: 30, seconds: 30, minutes: 30, days: 7, year: 2026, month: 1, day: 1, iid: 42, number: 42, id: 42 };

/** Last words whose NAME_NUMBERS value is a count of seconds (30 for "timeout"). */
const IN_SECONDS = new Set(["timeout", "seconds"]);

/** The number a field's name suggests ("limit" → 10), by its last word, in the unit its description (`text`) states ("in milliseconds": 30000). */
export function nameNumber(name: string | undefined, text = ""): number | undefined {
  const words = name === undefined ? [] : sgWords(name);
  const last = words[words.length - 1];
  return describedNumber(last === undefined ? undefined : own(NAME_NUMBERS, last), text, last !== undefined && IN_SECONDS.has(last));
}
