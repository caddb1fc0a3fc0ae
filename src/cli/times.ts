// The times a --json report ends with: the build's own, and the whole process's so far.

/** The times a --json report ends with. */
export function outcomeTimes(ms: number): { durationMs: number; process: { wallMs: number; cpuMs: number } } {
  const cpu = process.cpuUsage();
  // The whole process so far (start-up and module loading included): for benchmarks.
  return { durationMs: Math.round(ms), process: { wallMs: Math.round(process.uptime() * 1000), cpuMs: Math.round((cpu.user + cpu.system) / 1000) } };
}

/** A --json report's text (JSON.stringify(facts, null, 2)) with the times added as its last fields, as JSON.stringify would write them. */
export function withTimes(factsText: string, ms: number): string {
  return factsText.slice(0, -2) + ",\n" + JSON.stringify(outcomeTimes(ms), null, 2).slice(2);
}
