// A scripted model: the replies a test or an example wants, in order. No network.
import type { Model } from "./call-loop.js";
import type { Message } from "./types.js";

/**
 * A model that returns the given replies in order; a function in the list is
 * called with the conversation and its return value used. Past the end it
 * throws. `seen` keeps the messages it was given at each turn.
 */
export function scriptedModel(replies: readonly unknown[]): Model & { readonly seen: Message[][] } {
  let i = 0;
  const seen: Message[][] = [];
  const m = (messages: readonly Message[]) => {
    seen.push(messages.map((x) => ({ ...x })));
    if (i >= replies.length) throw new Error(`scriptedModel: no reply left (asked ${i + 1} times, ${replies.length} scripted)`);
    const r = replies[i++];
    return typeof r === "function" ? (r as (m: readonly Message[]) => unknown)(messages) : r;
  };
  return Object.assign(m, { seen });
}
