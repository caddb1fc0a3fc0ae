// Whether this code runs from the bundled CLI: scripts/bundle-cli.mjs sets
// __toolformBundle (the bundle's folder) in the banner of each file it writes
// (dist/src/bundle/{fast,main,worker}.cjs). The command then runs only those files:
// their bytes stand for toolform's code (cache.ts toolformIdentity), and its compile
// workers run worker.cjs (workers.ts), not the modules in dist/src.
declare const __toolformBundle: string | undefined;

/** The bundle's folder when this code runs from the bundled CLI; undefined when it runs as modules (the library API, the tests). */
export const bundleDir: string | undefined = typeof __toolformBundle === "string" ? __toolformBundle : undefined;
