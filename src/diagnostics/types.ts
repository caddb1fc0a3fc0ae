/** A build-time finding. Errors stop the build; warnings are printed and kept in the summary. */
export interface Diagnostic {
  severity: "error" | "warning";
  /** Stable machine-readable code, e.g. "schema/unknown-keyword", "source/parse". */
  code: string;
  /** What is wrong, in one sentence. */
  message: string;
  /** What to do about it. */
  hint?: string;
  tool?: string;
  file?: string;
  /** JSON pointer (into the file for JSON sources, into the inputSchema for schema findings). */
  pointer?: string;
  line?: number;
  column?: number;
}
