import { defineTool } from "@toolform/runtime";
import { absolutePath } from "./shared/fragments.js";

/** Reads a text file; the path fragment is shared with other tools. */
export const readFile = defineTool({
  name: "read_file",
  description: "Read a UTF-8 text file and return its contents. Use head or tail to read only part of it.",
  inputSchema: {
    type: "object",
    properties: {
      path: absolutePath,
      head: { type: "integer", minimum: 1, description: "Return only the first N lines." },
      tail: { type: "integer", minimum: 1, description: "Return only the last N lines." },
    },
    required: ["path"],
    additionalProperties: false,
  },
  execute: async (args) => {
    const lines = [`contents of ${args.path}`];
    return args.head !== undefined ? lines.slice(0, args.head) : args.tail !== undefined ? lines.slice(-args.tail) : lines;
  },
});
