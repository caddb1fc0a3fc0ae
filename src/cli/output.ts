// Terminal output: colours only on a TTY (NO_COLOR and TERM=dumb respected,
// FORCE_COLOR forces them), a progress line that appears only when a build runs
// past a second on a TTY, diagnostics printed the way editors link to them, and the
// paths printed (rel, resolveIn: without node:path for plain paths).
import { formatDiagnostic, placeOf } from "../diagnostics/format.js";
import type { Diagnostic } from "../diagnostics/types.js";
import { relative, resolve, sep } from "node:path";

/**
 * A POSIX path that resolve() and relative() would leave as it is: no empty, "." or ".."
 * segment, no trailing slash, no backslash (rel turns those into slashes).
 */
function plain(p: string): boolean {
  return sep === "/" && !/(?:^|\/)\.\.?(?:\/|$)|\/\/|\/$|\\/.test(p);
}

/** A path as the user sees it: relative to cwd when inside it. */
export function rel(cwd: string, abs: string): string {
  // The usual case, a plain path inside cwd, without relative() (~20 µs a call; a report of 1,000 tools names 1,000 files).
  if (abs.length > cwd.length + 1 && abs.charCodeAt(cwd.length) === 47 && abs.startsWith(cwd) && cwd.startsWith("/") && plain(cwd) && plain(abs)) {
    const r = abs.slice(cwd.length + 1);
    if (!r.startsWith("..")) return r;
  }
  const r = relative(cwd, abs);
  return r === "" ? "." : r.startsWith("..") ? abs : r.split("\\").join("/");
}

/** resolve(root, file), without resolve() when both are plain (root absolute). */
export function resolveIn(root: string, file: string): string {
  if (file !== "" && root.startsWith("/") && plain(root) && plain(file)) return file.startsWith("/") ? file : root + "/" + file;
  return resolve(root, file);
}

export interface Stream {
  write(chunk: string): unknown;
  isTTY?: boolean;
  columns?: number;
}

export interface Io {
  stdout: Stream;
  stderr: Stream;
  stdin: NodeJS.ReadableStream;
  cwd: string;
  env: NodeJS.ProcessEnv;
}

export type Paint = (s: string) => string;

export interface Style {
  enabled: boolean;
  red: Paint;
  green: Paint;
  yellow: Paint;
  cyan: Paint;
  dim: Paint;
  bold: Paint;
}

export function useColor(stream: Stream, env: NodeJS.ProcessEnv, noColorFlag = false): boolean {
  if (noColorFlag) return false;
  if (env.NO_COLOR !== undefined && env.NO_COLOR !== "") return false;
  if (env.FORCE_COLOR !== undefined && env.FORCE_COLOR !== "0" && env.FORCE_COLOR !== "false") return true;
  if (env.TERM === "dumb") return false;
  return stream.isTTY === true;
}

export function makeStyle(enabled: boolean): Style {
  const wrap = (open: number, close: number): Paint => (enabled ? (s) => `\x1b[${open}m${s}\x1b[${close}m` : (s) => s);
  return { enabled, red: wrap(31, 39), green: wrap(32, 39), yellow: wrap(33, 39), cyan: wrap(36, 39), dim: wrap(2, 22), bold: wrap(1, 22) };
}

/** One diagnostic, with the place and the severity coloured. */
export function paintDiagnostic(d: Diagnostic, s: Style): string {
  if (!s.enabled) return formatDiagnostic(d);
  const place = placeOf(d);
  const sev = d.severity === "error" ? s.red(s.bold("error")) : s.yellow("warning");
  const head = `${place ? s.bold(place) + ": " : ""}${sev} ${s.dim(d.code)}${d.tool ? ` (tool ${d.tool})` : ""}: ${d.message}`;
  return d.hint ? `${head}\n  ${s.cyan("fix:")} ${d.hint}` : head;
}

export function plural(n: number, one: string, many = one + "s"): string {
  return `${n} ${n === 1 ? one : many}`;
}

export function duration(ms: number): string {
  return ms < 1000 ? `${Math.round(ms)} ms` : `${(ms / 1000).toFixed(ms < 10_000 ? 2 : 1)} s`;
}

/**
 * A progress line on stderr, shown only on a TTY and only once the work has run
 * past `delayMs`. `update` may be called as often as wanted (it repaints at most
 * every 80 ms); a timer repaints the elapsed time in between.
 */
export class Progress {
  private start = Date.now();
  private lastPaint = 0;
  private shown = false;
  private text = "";
  private timer: NodeJS.Timeout | undefined;
  private readonly frames = ["⠋", "⠙", "⠹", "⠸", "⠼", "⠴", "⠦", "⠧", "⠇", "⠏"];
  private frame = 0;

  constructor(
    private readonly stream: Stream,
    private readonly enabled: boolean,
    private readonly delayMs = 1000,
  ) {
    if (enabled) {
      this.timer = setInterval(() => this.paint(true), 250);
      this.timer.unref();
    }
  }

  update(text: string): void {
    this.text = text;
    this.paint(false);
  }

  private paint(fromTimer: boolean): void {
    if (!this.enabled) return;
    const now = Date.now();
    if (now - this.start < this.delayMs) return;
    if (!fromTimer && now - this.lastPaint < 80) return;
    this.lastPaint = now;
    this.shown = true;
    this.frame = (this.frame + 1) % this.frames.length;
    const line = `${this.frames[this.frame]} ${this.text} (${duration(now - this.start)})`;
    const width = Math.max(20, (this.stream.columns || 80) - 1);
    this.stream.write(`\r\x1b[K${line.length > width ? line.slice(0, width - 1) + "…" : line}`);
  }

  /** Clears the line (if it was ever shown) and stops the timer. */
  done(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
    if (this.shown) this.stream.write("\r\x1b[K");
    this.shown = false;
  }
}

/** The first `max` diagnostics, painted, and a line saying how many were left out. */
export function diagnosticsBlock(ds: readonly Diagnostic[], s: Style, max: number, more: string): string[] {
  const lines = ds.slice(0, max).map((d) => paintDiagnostic(d, s));
  if (ds.length > max) lines.push(s.dim(`… and ${ds.length - max} more (${more})`));
  return lines;
}
