// The playground page: reads the server's state, imports the generated module of the
// current build (or of a scratch compile) and checks the editor's call with it on
// every keystroke. Rebuilds arrive as server-sent events; the selected tool and the
// editor's text survive them.
import { checkArguments, checkReply, replyShapes, type CallView, type GeneratedModule, type Outcome } from "./call.js";
import { highlight } from "./highlight.js";
import { baseCall, mistakes } from "./mistakes.js";

interface Finding {
  severity: "error" | "warning";
  code: string;
  message: string;
  hint?: string;
  file?: string;
  pointer?: string;
  line?: number;
  column?: number;
}
interface ToolView {
  name: string;
  description: string;
  source: string;
  inputSchema: unknown;
  types: string;
  code: string;
  findings: Finding[];
  /** The tool as each provider's list sends it (generated/providers), when the config has providers. */
  providers?: Record<string, unknown>;
}
interface State {
  id: number;
  ok: boolean;
  builtAt?: string;
  ms?: number;
  module: string | null;
  tools: ToolView[];
  other: Finding[];
  failed?: Finding[];
}
type Source = "project" | "scratch";

const $ = <T extends HTMLElement = HTMLElement>(id: string) => document.getElementById(id) as T;
const el = <K extends keyof HTMLElementTagNameMap>(tag: K, props: Partial<HTMLElementTagNameMap[K]> = {}, ...kids: (Node | string)[]) => {
  const e = Object.assign(document.createElement(tag), props);
  e.append(...kids);
  return e;
};

const sets: Record<Source, { state?: State; mod?: GeneratedModule }> = { project: {}, scratch: {} };
let selected: { source: Source; name: string } | undefined;
/** The editor's text per tool, so switching tools and rebuilds keep what was typed. */
const drafts = new Map<string, string>();
const mode = () => (document.querySelector<HTMLInputElement>('input[name="mode"]:checked')?.value === "reply" ? "reply" : "args");

async function load(source: Source, state: State): Promise<void> {
  const mod = state.module ? ((await import(state.module)) as GeneratedModule) : sets[source].mod;
  sets[source] = { state, ...(mod ? { mod } : {}) };
}

async function refresh(): Promise<void> {
  const state = (await (await fetch("/api/state")).json()) as State;
  await load("project", state);
  renderStatus();
  renderNav();
  if (!selected && state.tools[0]) select("project", state.tools[0].name);
  else if (selected) select(selected.source, selected.name, false);
}

function renderStatus(): void {
  const st = sets.project.state!;
  const time = st.builtAt ? new Date(st.builtAt).toLocaleTimeString() : "";
  $("status").textContent = st.id === 0 ? "building…" : `${st.ok ? "✓" : "✗"} ${st.tools.length} tools · build ${st.id}${time ? ` at ${time}` : ""}${st.ms !== undefined ? ` (${st.ms} ms)` : ""}`;
  const failed = $("failed");
  const problems = [...(st.failed ?? []), ...st.other.filter((d) => d.severity === "error")];
  failed.hidden = problems.length === 0;
  failed.replaceChildren(el("strong", {}, st.failed ? "The last build failed; this page shows the last good one." : "Build problems:"), findingList(problems));
}

function navItem(source: Source, t: ToolView): HTMLLIElement {
  const errors = t.findings.filter((d) => d.severity === "error").length;
  const warnings = t.findings.length - errors;
  const b = el("button", { type: "button", className: "tool" }, t.name);
  if (errors || warnings) b.append(el("span", { className: errors ? "badge err" : "badge" }, String(errors || warnings)));
  b.dataset.tool = t.name;
  b.dataset.source = source;
  if (selected?.source === source && selected.name === t.name) b.setAttribute("aria-current", "true");
  b.addEventListener("click", () => select(source, t.name));
  return el("li", {}, b);
}

function renderNav(): void {
  $("tools").replaceChildren(...(sets.project.state?.tools ?? []).map((t) => navItem("project", t)));
  $("scratch-tools").replaceChildren(...(sets.scratch.state?.tools ?? []).map((t) => navItem("scratch", t)));
}

function findingList(ds: Finding[]): HTMLUListElement {
  const ul = el("ul", { className: "findings" });
  for (const d of ds) {
    const where = [d.file, d.line ? `${d.line}:${d.column ?? 1}` : "", d.pointer ? `#${d.pointer}` : ""].filter(Boolean).join(" ");
    const li = el("li", { className: d.severity }, el("span", { className: "sev" }, d.severity), " ", el("code", {}, d.code), " ", d.message);
    if (where) li.append(el("div", { className: "where" }, where));
    if (d.hint) li.append(el("div", { className: "fix" }, el("strong", {}, "fix: "), d.hint));
    ul.append(li);
  }
  return ul;
}

function current(): ToolView | undefined {
  if (!selected) return undefined;
  return sets[selected.source].state?.tools.find((t) => t.name === selected!.name);
}

function select(source: Source, name: string, fresh = true): void {
  const editor = $<HTMLTextAreaElement>("call-text");
  if (selected && fresh) drafts.set(`${selected.source}:${selected.name}`, editor.value);
  selected = { source, name };
  const t = current();
  $("scratch").hidden = source !== "scratch" && !$("scratch").dataset.open;
  $("tool").hidden = !t;
  renderNav();
  if (!t) return;
  $("tool-name").textContent = t.name;
  $("tool-source").textContent = `from ${t.source}${source === "scratch" ? " (scratch)" : ""}`;
  $("tool-description").textContent = t.description || "(no description)";
  $("findings").replaceChildren(...(t.findings.length ? findingList(t.findings).childNodes : [el("li", { className: "none" }, "No findings.")]));
  highlight($("types"), t.types || "// no declarations: the tool did not compile (see the findings)");
  highlight($("code"), t.code || "// no code: the tool did not compile (see the findings)");
  const forms = t.providers && Object.keys(t.providers).length ? t.providers : undefined;
  $("providers-box").hidden = !forms;
  if (forms) highlight($("providers"), Object.entries(forms).map(([p, f]) => `// ${p}\n${JSON.stringify(f, null, 2)}`).join("\n\n"));
  if (fresh) {
    const key = `${source}:${name}`;
    editor.value = drafts.get(key) ?? JSON.stringify(baseCall(t.inputSchema), null, 2);
  }
  renderMistakes(t);
  check();
}

function renderMistakes(t: ToolView): void {
  const box = $("mistakes");
  box.replaceChildren(el("span", { className: "label" }, "Wrong calls:"));
  for (const m of mistakes(t.inputSchema)) {
    const b = el("button", { type: "button", disabled: !m.args, title: m.why ?? "" }, m.label);
    b.dataset.mistake = m.id;
    b.addEventListener("click", () => {
      setMode("args");
      $<HTMLTextAreaElement>("call-text").value = JSON.stringify(m.args, null, 2);
      check();
    });
    box.append(b);
  }
  const shapes = $("shapes");
  shapes.replaceChildren(el("span", { className: "label" }, "As a reply:"));
  for (const p of ["openai", "anthropic", "mcp"] as const) {
    const b = el("button", { type: "button" }, { openai: "OpenAI", anthropic: "Anthropic", mcp: "MCP" }[p]);
    b.dataset.shape = p;
    b.addEventListener("click", () => {
      let args: unknown = {};
      try {
        args = mode() === "args" ? JSON.parse($<HTMLTextAreaElement>("call-text").value || "{}") : baseCall(t.inputSchema);
      } catch {
        args = baseCall(t.inputSchema);
      }
      setMode("reply");
      $<HTMLTextAreaElement>("call-text").value = JSON.stringify(replyShapes(t.name, args)[p], null, 2);
      check();
    });
    shapes.append(b);
  }
}

function setMode(m: "args" | "reply"): void {
  document.querySelector<HTMLInputElement>(`input[name="mode"][value="${m}"]`)!.checked = true;
  $("call-label").textContent = m === "args" ? "Arguments (JSON)" : "Model reply (OpenAI, Anthropic, MCP or a JSON list of calls)";
}

function check(): void {
  const t = current();
  const mod = selected && sets[selected.source].mod;
  if (!t || !mod) {
    $("verdict").textContent = t ? "No validator: the tool did not compile." : "";
    $("calls").replaceChildren();
    return;
  }
  const text = $<HTMLTextAreaElement>("call-text").value;
  const echo = $<HTMLInputElement>("echo").checked;
  const out: Outcome = mode() === "args" ? checkArguments(mod, t.name, text, echo) : checkReply(mod, text, echo);
  renderOutcome(out);
}

function renderOutcome(out: Outcome): void {
  const verdict = $("verdict");
  if (out.kind === "unreadable") {
    verdict.textContent = out.message;
    verdict.className = "bad";
    $("calls").replaceChildren();
    return;
  }
  const bad = out.calls.filter((c) => !c.ok).length;
  verdict.className = bad ? "bad" : "good";
  const n = out.calls.length;
  verdict.textContent = n === 0 ? "No call." : !bad ? `✓ valid${n > 1 ? ` (${n} calls)` : ""}` : n === 1 ? "✗ refused" : `✗ ${bad} of ${n} calls refused`;
  if (out.format !== "arguments") verdict.append(el("span", { className: "hint" }, ` · read as ${out.format}`));
  $("calls").replaceChildren(...out.notes.map((n) => el("p", { className: "note" }, n)), ...out.calls.map(callBox));
}

function callBox(c: CallView, i: number): HTMLElement {
  const box = el("article", { className: c.ok ? "call ok" : "call" });
  box.append(el("h4", {}, `${c.name}${c.resolved !== c.name ? ` → ${c.resolved}` : ""}: ${c.ok ? "valid" : `${c.dict.n_errors} error${c.dict.n_errors === 1 ? "" : "s"}`}`));
  if (!c.ok) box.append(el("h5", {}, "Feedback text"), el("pre", { className: "feedback", id: i === 0 ? "feedback" : "" }, c.text));
  const buckets = el("table", { className: "buckets" }, el("caption", {}, "Report buckets (toDict)"));
  for (const k of ["missing_required", "unknown_args", "type_errors", "enum_errors", "constraint_errors"] as const) {
    const v = c.dict[k];
    buckets.append(el("tr", {}, el("th", { scope: "row" }, k), el("td", {}, v.length ? v.join("\n") : "—")));
  }
  box.append(buckets);
  if (c.errors.length) {
    const ul = el("ul", { className: "errors" });
    for (const e of c.errors) ul.append(el("li", {}, el("code", {}, e.path || "(arguments)"), ` ${e.bucket} · ${e.keyword}: expected ${e.expected}, received ${e.received}${e.example !== undefined ? ` · example ${e.example}` : ""}`));
    box.append(el("h5", {}, "Errors"), ul);
  }
  if (c.repairs.length) {
    const ul = el("ul", { className: "repairs" });
    for (const r of c.repairs) ul.append(el("li", {}, "message" in r ? `${r.rule}: ${r.message}` : `${r.rule} at ${r.path || "(arguments)"}: ${JSON.stringify(r.from)} → ${JSON.stringify(r.to)}`));
    box.append(el("h5", {}, "Repairs"), ul);
  }
  if (!c.ok) box.append(el("details", {}, el("summary", {}, "Feedback JSON"), el("pre", { className: "feedback" }, c.json)));
  return box;
}

let scratchTimer: ReturnType<typeof setTimeout> | undefined;
let scratchSeq = 0;
async function compileScratch(): Promise<void> {
  const text = $<HTMLTextAreaElement>("scratch-text").value;
  if (!text.trim()) return;
  const seq = ++scratchSeq;
  $("scratch-status").textContent = "compiling…";
  const state = (await (await fetch("/api/scratch", { method: "POST", headers: { "Content-Type": "application/json" }, body: text })).json()) as State;
  if (seq !== scratchSeq) return; // a newer paste is on its way
  await load("scratch", state);
  const problems = [...state.other, ...state.tools.flatMap((t) => t.findings)];
  $("scratch-status").textContent = state.ok ? `✓ ${state.tools.map((t) => t.name).join(", ")} compiled in ${state.ms} ms` : "✗ does not compile";
  $("scratch-findings").replaceChildren(...findingList(problems).childNodes);
  renderNav();
  const first = state.tools[0];
  if (state.ok && first) select("scratch", selected?.source === "scratch" && state.tools.some((t) => t.name === selected!.name) ? selected.name : first.name, selected?.source !== "scratch" || selected.name !== first.name);
}

function init(): void {
  $<HTMLTextAreaElement>("call-text").addEventListener("input", check);
  $<HTMLInputElement>("echo").addEventListener("change", check);
  for (const r of document.querySelectorAll<HTMLInputElement>('input[name="mode"]'))
    r.addEventListener("change", () => {
      setMode(mode());
      check();
    });
  $("scratch-open").addEventListener("click", () => {
    $("scratch").hidden = false;
    $("scratch").dataset.open = "1";
    $("scratch-text").focus();
  });
  $<HTMLTextAreaElement>("scratch-text").addEventListener("input", () => {
    clearTimeout(scratchTimer);
    scratchTimer = setTimeout(() => void compileScratch(), 250);
  });
  // Keyboard: Alt+ArrowUp/Down moves through the tool list from anywhere.
  document.addEventListener("keydown", (e) => {
    if (!e.altKey || (e.key !== "ArrowDown" && e.key !== "ArrowUp")) return;
    const buttons = [...document.querySelectorAll<HTMLButtonElement>("nav button.tool")];
    const at = buttons.findIndex((b) => b.getAttribute("aria-current") === "true");
    const next = buttons[(at + (e.key === "ArrowDown" ? 1 : buttons.length - 1)) % buttons.length];
    if (next) {
      e.preventDefault();
      next.click();
      next.focus();
    }
  });
  // The state is read once the event stream is open (and again on each build, and after a
  // reconnect): a build that finished before the stream was open is still seen.
  const events = new EventSource("/api/events");
  events.addEventListener("open", () => void refresh());
  events.addEventListener("build", () => void refresh());
}

init();
