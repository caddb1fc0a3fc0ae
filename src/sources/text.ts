// A source file's bytes → its text: a regular file only (a FIFO would block the
// build forever), UTF-8 only (an invalid byte is an error naming its offset, not
// a silent U+FFFD), a byte-order mark accepted (Windows editors write one).
import { isUtf8 } from "node:buffer";
import { closeSync, constants, fstatSync, openSync, readFileSync } from "node:fs";

/** A file's text; `bytes`: what was read, when it came from a file (the build cache keys a source by their hash). */
export type SourceText = { ok: true; text: string; bytes?: Uint8Array } | { ok: false; message: string; hint?: string };

/** What a non-regular file is, in words ("a FIFO", "a directory"…). */
export function kindOf(st: { isDirectory(): boolean; isFIFO(): boolean; isSocket(): boolean; isCharacterDevice(): boolean; isBlockDevice(): boolean }): string {
  if (st.isDirectory()) return "a directory";
  if (st.isFIFO()) return "a FIFO (named pipe)";
  if (st.isSocket()) return "a socket";
  if (st.isCharacterDevice() || st.isBlockDevice()) return "a device";
  return "not a regular file";
}

/** Reads `abs` as UTF-8 text; never blocks on a FIFO and never reads a directory. */
export function readSourceText(abs: string): SourceText {
  let fd: number;
  try {
    // O_NONBLOCK: opening a FIFO with no writer returns at once (then fstat says what it is).
    fd = openSync(abs, constants.O_RDONLY | (constants.O_NONBLOCK ?? 0));
  } catch (e) {
    return { ok: false, message: `cannot read: ${(e as Error).message}` };
  }
  try {
    const st = fstatSync(fd);
    if (!st.isFile()) return { ok: false, message: `not a file: it is ${kindOf(st)}`, hint: "remove it, or narrow the source glob so it matches files only" };
    const bytes = readFileSync(fd);
    const text = decodeUtf8(bytes);
    return text.ok ? { ...text, bytes } : text;
  } catch (e) {
    return { ok: false, message: `cannot read: ${(e as Error).message}` };
  } finally {
    closeSync(fd);
  }
}

/** UTF-8 bytes → text, without a leading byte-order mark; an invalid sequence is an error naming its byte offset. */
export function decodeUtf8(bytes: Uint8Array): SourceText {
  // node's native check (the same well-formedness rules) first; the scan below only finds where it fails.
  const bad = isUtf8(bytes) ? -1 : invalidUtf8At(bytes);
  if (bad !== -1) {
    const shown = Array.from(bytes.subarray(bad, bad + 4), (b) => b.toString(16).padStart(2, "0")).join(" ");
    return { ok: false, message: `not valid UTF-8: byte offset ${bad} (bytes ${shown})`, hint: "save the file as UTF-8" };
  }
  const start = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? 3 : 0;
  return { ok: true, text: Buffer.from(bytes.buffer, bytes.byteOffset + start, bytes.byteLength - start).toString("utf8") };
}

/** The offset of the first byte that does not start a well-formed UTF-8 sequence (RFC 3629: no overlongs, surrogates or code points past U+10FFFF), or -1. */
export function invalidUtf8At(b: Uint8Array): number {
  const n = b.length;
  let i = 0;
  while (i < n) {
    const c = b[i]!;
    if (c < 0x80) {
      i++;
      continue;
    }
    let len: number;
    let lo = 0x80;
    let hi = 0xbf; // the allowed range of the second byte
    if (c >= 0xc2 && c <= 0xdf) len = 2;
    else if (c >= 0xe0 && c <= 0xef) {
      len = 3;
      if (c === 0xe0) lo = 0xa0; // overlong
      if (c === 0xed) hi = 0x9f; // surrogates
    } else if (c >= 0xf0 && c <= 0xf4) {
      len = 4;
      if (c === 0xf0) lo = 0x90; // overlong
      if (c === 0xf4) hi = 0x8f; // past U+10FFFF
    } else return i;
    if (i + len > n) return i;
    const c1 = b[i + 1]!;
    if (c1 < lo || c1 > hi) return i;
    for (let k = 2; k < len; k++) if ((b[i + k]! & 0xc0) !== 0x80) return i;
    i += len;
  }
  return -1;
}
