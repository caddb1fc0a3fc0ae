// A file the build writes into outDir: what the emitters produce and the writer (write.ts) writes.
export interface GeneratedFile {
  /** Relative to outDir, forward slashes. */
  path: string;
  contents: string;
  /**
   * The same contents as pieces, when some are bytes (sections read from the build cache):
   * written and hashed without decoding them (outputBytes in write.ts); `contents` joins
   * them into text only when read.
   */
  chunks?: readonly (string | Uint8Array)[];
  /** sha256 (hex) of the bytes, when known without hashing them (a chunk file's: shaKnownFile). */
  sha?: string;
}
