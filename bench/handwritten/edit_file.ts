// Hand-written validator for edit_file (the floor): array of {oldText, newText}.

import { OK, caseSuggestion, quote, received, report, shown, type HwError, type HwReport } from "./common.js";

const MODES = ["exact", "whitespace_insensitive"] as const;
const PARAMS = "path, edits, dryRun, mode, max_replacements";

function checkEdit(e: any, i: number, errors: HwError[] | null): HwError[] | null {
  if (typeof e !== "object" || e === null || Array.isArray(e)) {
    (errors ??= []).push({ path: `edits[${i}]`, keyword: "type", message: `"edits[${i}]" must be an object with oldText and newText; got ${received(e)}. Example: {"oldText": "foo", "newText": "bar"}` });
    return errors;
  }
  const oldText = e.oldText;
  if (oldText === undefined) {
    (errors ??= []).push({ path: `edits[${i}].oldText`, keyword: "required", message: `"edits[${i}].oldText" is required. Example: "oldText": "foo"` });
  } else if (typeof oldText !== "string") {
    (errors ??= []).push({ path: `edits[${i}].oldText`, keyword: "type", message: `"edits[${i}].oldText" must be a string; got ${received(oldText)}. Example: "foo"` });
  }
  const newText = e.newText;
  if (newText === undefined) {
    (errors ??= []).push({ path: `edits[${i}].newText`, keyword: "required", message: `"edits[${i}].newText" is required. Example: "newText": "bar"` });
  } else if (typeof newText !== "string") {
    (errors ??= []).push({ path: `edits[${i}].newText`, keyword: "type", message: `"edits[${i}].newText" must be a string; got ${received(newText)}. Example: "bar"` });
  }
  for (const k in e) {
    if (k === "oldText" || k === "newText") continue;
    (errors ??= []).push({ path: `edits[${i}].${k}`, keyword: "additionalProperties", message: `${quote(k)} is not a field of edits[${i}]. Fields: oldText, newText` });
  }
  return errors;
}

export function validateEditFile(a: any): HwReport {
  if (typeof a !== "object" || a === null || Array.isArray(a)) {
    return report("edit_file", [{ path: "", keyword: "type", message: `The arguments must be an object; got ${received(a)}.` }]);
  }
  let errors: HwError[] | null = null;

  const path = a.path;
  if (path === undefined) {
    (errors ??= []).push({ path: "path", keyword: "required", message: `"path" is required. Example: "path": "src/index.ts"` });
  } else if (typeof path !== "string") {
    (errors ??= []).push({ path: "path", keyword: "type", message: `"path" must be a string; got ${received(path)}. Example: "src/index.ts"` });
  } else if (path.length < 1) {
    (errors ??= []).push({ path: "path", keyword: "minLength", message: `"path" must not be empty. Example: "src/index.ts"` });
  }

  const edits = a.edits;
  if (edits === undefined) {
    (errors ??= []).push({ path: "edits", keyword: "required", message: `"edits" is required. Example: "edits": [{"oldText": "foo", "newText": "bar"}]` });
  } else if (!Array.isArray(edits)) {
    (errors ??= []).push({ path: "edits", keyword: "type", message: `"edits" must be an array of {oldText, newText}; got ${received(edits)}. Example: [{"oldText": "foo", "newText": "bar"}]` });
  } else if (edits.length < 1) {
    (errors ??= []).push({ path: "edits", keyword: "minItems", message: `"edits" must hold at least 1 edit; got an empty array. Example: [{"oldText": "foo", "newText": "bar"}]` });
  } else {
    for (let i = 0; i < edits.length; i++) errors = checkEdit(edits[i], i, errors);
  }

  const dryRun = a.dryRun;
  if (dryRun !== undefined && typeof dryRun !== "boolean") {
    (errors ??= []).push({ path: "dryRun", keyword: "type", message: `"dryRun" must be a boolean; got ${received(dryRun)}. Example: false` });
  }

  const mode = a.mode;
  if (mode !== undefined && mode !== "exact" && mode !== "whitespace_insensitive") {
    (errors ??= []).push({ path: "mode", keyword: "enum", message: `"mode" must be one of: "exact", "whitespace_insensitive"; got ${shown(mode)}${caseSuggestion(mode, MODES)}` });
  }

  const max = a.max_replacements;
  if (max !== undefined) {
    if (typeof max !== "number" || !Number.isInteger(max)) {
      (errors ??= []).push({ path: "max_replacements", keyword: "type", message: `"max_replacements" must be an integer; got ${received(max)}. Example: 1` });
    } else if (max < 1 || max > 1000) {
      (errors ??= []).push({ path: "max_replacements", keyword: max < 1 ? "minimum" : "maximum", message: `"max_replacements" must be between 1 and 1000; got ${max}. Example: 1` });
    }
  }

  for (const k in a) {
    switch (k) {
      case "path":
      case "edits":
      case "dryRun":
      case "mode":
      case "max_replacements":
        continue;
    }
    (errors ??= []).push({ path: k, keyword: "additionalProperties", message: `${quote(k)} is not a parameter of edit_file. Parameters: ${PARAMS}` });
  }

  return errors === null ? OK : report("edit_file", errors);
}
