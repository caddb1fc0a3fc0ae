// The floor: hand-written validators for two of the workload tools.

import { validateBookRoom } from "../handwritten/book_room.js";
import { validateEditFile } from "../handwritten/edit_file.js";
import type { HwReport } from "../handwritten/common.js";
import type { Adapter } from "./types.js";

const byTool: Record<string, (a: unknown) => HwReport> = {
  book_room: validateBookRoom,
  edit_file: validateEditFile,
};

export const handwrittenAdapter: Adapter = async () => ({
  versions: {},
  rows: [
    {
      id: "handwritten",
      label: "hand-written (floor)",
      prepare: (t) => {
        const v = byTool[t.name];
        if (!v) return undefined;
        return {
          run: v,
          ok: (r) => (r as HwReport).ok,
          nErrors: (r) => (r as HwReport).n_errors,
          firstMessage: (r) => (r as HwReport).errors[0]?.message ?? "",
        };
      },
    },
  ],
});
