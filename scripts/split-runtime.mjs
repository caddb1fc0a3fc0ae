// One-off, re-runnable: splits the old runtime templates (templates/_runtime.ts,
// _formats.ts, _normalize.ts) into the modules of packages/runtime/src/rt/. Each
// top-level declaration goes to the module MODULES names it in (a formats or
// normaliser file's to its own module); each module's imports are made from the
// names it uses (resolved by TypeScript's checker, not by spelling); the
// normaliser's copy of `Repair` is dropped for the report's. A declaration no
// table entry places is an error naming it, so a newer _runtime.ts cannot lose one.
//   node scripts/split-runtime.mjs   (reads templates/, writes packages/runtime/src/rt/, deletes the templates)
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import ts from "typescript";

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const SOURCES = ["templates/_runtime.ts", "templates/_formats.ts", "templates/_normalize.ts"].map((f) => join(ROOT, f));
const SUGGEST = join(ROOT, "packages/runtime/src/suggest.ts");
const OUT = join(ROOT, "packages/runtime/src/rt");

/** Module → [header comment, names from _runtime.ts]. Order: the entry's, so the written runtime's. */
const MODULES = {
  report: [
    "The report of a call: its types, the buckets, the model-facing feedback text.",
    ["Bucket", "ValidationError", "ReportDict", "Repair", "ValidationReport", "RANK", "rankOf", "Report", "feedbackText", "segments", "flatPath", "byPath", "okReport", "errorReport", "unknownToolReport", "unreadableCallReport", "sortErrors", "CoercedReport"],
  ],
  tool: [
    "The tool object a generated module exports (makeTool), and validateCall's report (callReport).",
    ["CoerceMode", "NormalizeMode", "NormalizeResult", "StandardSchemaV1", "Tool", "callReport", "NORMALIZE_MODES", "NO_REPAIRS", "makeTool"],
  ],
  budget: ["The work budget of one check (the compiler writes WORK_MAX into generated code too).", ["work", "WORK_MAX"]],
  text: [
    "How paths and values are written in messages: a.b, a[\"odd key\"], the string \"ten\".",
    ["pathKeys", "IDENT", "NEEDS_ESCAPE", "identChar", "isIdent", "quote", "pk", "pi", "clip", "jsonType", "show", "describe"],
  ],
  messages: [
    "The error constructors the generated collectors call (error path only): one ValidationError each, with its bucket line and its model-facing message.",
    ["workErr", "unjudged", "knownOf", "UnknownKeyError", "LIST_MAX", "knownLines", "uniqueNames", "EnumTexts", "enumTextsOf", "enumTexts", "field", "at", "exampleSuffix", "mk", "typeErr", "missing", "unknownKey", "enumErr", "LIMIT", "limitErr", "multipleErr", "SIZE", "sizeErr", "patternErr", "formatErr", "uniqueErr", "constraintErr", "falseErr", "orNull", "nullOptional", "overrideMessages", "stringsOf", "nearestEnum", "lastKey", "depthErr", "fromAjv"],
  ],
  combinators: [
    "anyOf / oneOf on the error path: which branch the model most likely meant, and its errors.",
    ["Alternative", "distanceTo", "pushAll", "pickBranch", "typesText", "oneOfMany"],
  ],
  predicates: ["Small predicates the fast path calls: string length in code points, multipleOf, own properties.", ["ucs2length", "isMultipleOf", "decimals", "hasOwn"]],
  equality: [
    "JSON equality (const, enum, uniqueItems): total on deep, long, shared or cyclic values.",
    ["deepEqual", "eqSteps", "eqWalk", "deepEqualWide", "firstDuplicate", "CANONICAL_MAX", "canonSteps", "canonicalSmall", "canonical", "shallowKey"],
  ],
  compare: ["x-compare: one field against another (numbers, dates, times).", ["TIME_RE", "instant", "compareFails", "OP_WORDS", "OP_NUM", "compareErr"]],
  scope: ["$dynamicRef: the dynamic scope a recursive check carries.", ["ScopeBinding", "DynamicScope", "enterScope", "dynamicTarget"]],
  formats: [null, []],
  normalize: [null, []],
};
/** Files whose every declaration goes to one module (their own header is kept). */
const WHOLE = { "templates/_formats.ts": "formats", "templates/_normalize.ts": "normalize" };
/** Declarations dropped, and what their uses now name. */
const REPLACED = { NzRepair: "Repair" };
/** Comment lines dropped: section banners (a module is one section) and the old splice note. */
const DROP_LINE = [/^\/\/ -{20,}.*$/, /^\/\/ The matcher itself .* spliced in above\.$/, /^\/\/ This file is copied .*$/, /^\/\/ it imports nothing, and every top-level name starts with .*$/, /^\/\/ it imports only from _runtime\.ts .*$/, /^\/\/ it concatenates\), and every top-level name .*$/];

const program = ts.createProgram(SOURCES, { target: ts.ScriptTarget.ES2022, module: ts.ModuleKind.NodeNext, moduleResolution: ts.ModuleResolutionKind.NodeNext, strict: true, noEmit: true, types: [] });
const checker = program.getTypeChecker();
const files = SOURCES.map((f) => program.getSourceFile(f));

const namesOf = (st) => {
  if (ts.isVariableStatement(st)) return st.declarationList.declarations.map((d) => d.name.getText());
  return st.name ? [st.name.text] : [];
};
const owner = new Map(); // name → module
for (const [mod, [, names]] of Object.entries(MODULES)) for (const n of names) owner.set(n, mod);

/** Top-level statement → module; every declaration placed. */
const placed = new Map();
const problems = [];
for (const sf of files) {
  const rel = relative(ROOT, sf.fileName);
  for (const st of sf.statements) {
    if (ts.isImportDeclaration(st)) continue;
    const names = namesOf(st);
    if (names.length === 0) problems.push(`${rel}: a top-level statement declares nothing: ${st.getText().slice(0, 60)}`);
    if (names.some((n) => n in REPLACED)) continue;
    const mod = WHOLE[rel] ?? owner.get(names[0]);
    if (!mod) problems.push(`${rel}: ${names.join(", ")} is in no module: add it to MODULES in scripts/split-runtime.mjs`);
    for (const n of names) if (WHOLE[rel] && owner.has(n)) problems.push(`${rel}: ${n} is listed in MODULES but its file goes whole to ${WHOLE[rel]}`);
    placed.set(st, mod);
  }
}
const declared = new Set([...placed.keys()].flatMap(namesOf));
// A name no template declares any more is only noted: the table serves older and newer templates.
for (const n of owner.keys()) if (!declared.has(n)) console.warn(`(MODULES names ${n}, which no template declares)`);
if (problems.length) {
  console.error(problems.join("\n"));
  process.exit(1);
}

/** The top-level statement that declares a symbol (through imports), and its file. */
function topLevel(sym) {
  if (sym.flags & ts.SymbolFlags.Alias) sym = checker.getAliasedSymbol(sym);
  const d = sym.declarations?.[0];
  if (!d) return undefined;
  let n = d;
  while (n.parent && !ts.isSourceFile(n.parent)) n = n.parent;
  return n.parent ? n : undefined;
}
const isType = (st) => ts.isInterfaceDeclaration(st) || ts.isTypeAliasDeclaration(st);

const modules = new Map(Object.keys(MODULES).map((m) => [m, { parts: [], imports: new Map(), exported: [], usedElsewhere: new Set() }]));
const wasExported = (st) => !!ts.getModifiers(st)?.some((m) => m.kind === ts.SyntaxKind.ExportKeyword);

// Uses: which names each module takes from which module (or from suggest.ts).
for (const [st, mod] of placed) {
  const sf = st.getSourceFile();
  const edits = [];
  const visit = (n) => {
    if (ts.isIdentifier(n)) {
      const sym = checker.getSymbolAtLocation(n);
      const decl = sym && topLevel(sym);
      if (decl && !ts.isImportDeclaration(decl)) {
        const file = decl.getSourceFile().fileName;
        const [name] = namesOf(decl);
        const target = name in REPLACED ? REPLACED[name] : name;
        if (name in REPLACED) edits.push([n.getStart(sf), n.getEnd(), target]);
        const from = file === SUGGEST ? "suggest" : owner.get(target) ?? placed.get(decl);
        if (from && from !== mod) {
          const imports = modules.get(mod).imports;
          if (!imports.has(from)) imports.set(from, new Map());
          const targetDecl = name in REPLACED ? [...placed.keys()].find((s) => namesOf(s).includes(target)) : decl;
          imports.get(from).set(target, isType(targetDecl));
          if (from !== "suggest") modules.get(from).usedElsewhere.add(target);
        }
      }
    }
    n.forEachChild(visit);
  };
  st.forEachChild(visit);
  const full = st.getFullStart();
  let text = st.getFullText(sf);
  for (const [s, e, r] of edits.sort((a, b) => b[0] - a[0])) text = text.slice(0, s - full) + r + text.slice(e - full);
  if (st.getFullStart() === 0) text = text.replace(/^(?:\/\/.*\n)+\n/, ""); // the file's header comment
  text = text
    .split("\n")
    .filter((l) => !DROP_LINE.some((re) => re.test(l)))
    .join("\n");
  modules.get(mod).parts.push({ st, text, names: namesOf(st), exported: wasExported(st) });
  if (wasExported(st)) modules.get(mod).exported.push(...namesOf(st).map((n) => [n, isType(st)]));
}

rmSync(OUT, { recursive: true, force: true });
mkdirSync(OUT, { recursive: true });
const order = Object.keys(MODULES);
for (const [mod, m] of modules) {
  const [about] = MODULES[mod];
  let head = about === null ? fileHeader(m) : `// ${about}\n`;
  const imports = [...m.imports]
    .sort((a, b) => (a[0] === "suggest" ? 1 : b[0] === "suggest" ? -1 : order.indexOf(a[0]) - order.indexOf(b[0])))
    .map(([from, names]) => {
      const list = [...names].sort((a, b) => a[0].localeCompare(b[0])).map(([n, type]) => (type ? `type ${n}` : n));
      const all = [...names.values()].every(Boolean);
      const spec = from === "suggest" ? "../suggest.js" : `./${from}.js`;
      return all ? `import type { ${[...names.keys()].sort().join(", ")} } from "${spec}";` : `import { ${list.join(", ")} } from "${spec}";`;
    });
  let body = m.parts
    .map((p) => {
      // A declaration another module imports must be exported from its own (the entry decides what the runtime exports).
      if (!p.exported && p.names.some((n) => m.usedElsewhere.has(n))) {
        const at = p.st.getStart(p.st.getSourceFile()) - p.st.getFullStart();
        return p.text.slice(0, at) + "export " + p.text.slice(at);
      }
      return p.text;
    })
    .join("")
    .replace(/^\n+/, "");
  writeFileSync(join(OUT, `${mod}.ts`), head + (imports.length ? imports.join("\n") + "\n" : "") + "\n" + body.trimEnd() + "\n");
}

/** The kept part of a whole file's header: its comment lines but the dropped ones. */
function fileHeader(m) {
  const sf = m.parts[0].st.getSourceFile();
  const lines = [];
  for (const l of sf.getFullText().split("\n")) {
    if (!l.startsWith("//")) break;
    if (!DROP_LINE.some((re) => re.test(l))) lines.push(l);
  }
  return lines.join("\n").replace(/\n\/\/\n/, "\n//\n") + "\n";
}

// The entry: what the written runtime exports (what the templates exported), module by module.
const entry = [
  "// The runtime written beside generated code as _runtime.<hash>.ts (one file that imports",
  "// nothing): src/emit/runtime-build.ts joins these modules into it, and it exports what this",
  "// entry exports. Everything here runs only on the error path, except the small predicates",
  "// (ucs2length, deepEqual, formats) that the fast path calls.",
];
for (const [mod, m] of modules) {
  const values = m.exported.filter(([, t]) => !t).map(([n]) => n);
  const types = m.exported.filter(([, t]) => t).map(([n]) => n);
  if (types.length) entry.push(`export type { ${types.join(", ")} } from "./${mod}.js";`);
  if (values.length) entry.push(`export { ${values.join(", ")} } from "./${mod}.js";`);
}
writeFileSync(join(OUT, "index.ts"), entry.join("\n") + "\n");
for (const f of SOURCES) if (existsSync(f)) rmSync(f);
console.log(`split ${files.length} templates into ${modules.size} modules in ${relative(ROOT, OUT)}/`);
