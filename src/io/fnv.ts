// FNV-1a: a 32-bit hash of a string for choices that need to be stable, not secret (a manifest's
// file name, where a chunk of the index ends). Imports nothing: the no-change check (fast.ts)
// uses it without loading node:crypto.

export function fnv1a(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return h >>> 0;
}
