export default { sources: [{ mcp: { command: "node", args: ["server.mjs"] }, snapshot: "tools/rooms.tools.json", label: "rooms" }], outDir: "generated" };
