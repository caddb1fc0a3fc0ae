export default { sources: ["tools/*.json"], outDir: "generated" };
