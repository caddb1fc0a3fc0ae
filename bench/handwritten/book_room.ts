// Hand-written validator for book_room (the floor): one pass, every error, a
// message per error that shows the received value; nothing allocated on success.

import { OK, caseSuggestion, quote, isDateTime, received, report, shown, type HwError, type HwReport } from "./common.js";

const LAYOUTS = ["boardroom", "theatre", "classroom", "u_shape"] as const;
const PARAMS = "room_id, start_iso, duration_min, layout";

export function validateBookRoom(a: any): HwReport {
  if (typeof a !== "object" || a === null || Array.isArray(a)) {
    return report("book_room", [{ path: "", keyword: "type", message: `The arguments must be an object; got ${received(a)}.` }]);
  }
  let errors: HwError[] | null = null;

  const room_id = a.room_id;
  if (room_id === undefined) {
    (errors ??= []).push({ path: "room_id", keyword: "required", message: `"room_id" is required. Example: "room_id": "R-101"` });
  } else if (typeof room_id !== "string") {
    (errors ??= []).push({ path: "room_id", keyword: "type", message: `"room_id" must be a string; got ${received(room_id)}. Example: "R-101"` });
  }

  const start_iso = a.start_iso;
  if (start_iso === undefined) {
    (errors ??= []).push({ path: "start_iso", keyword: "required", message: `"start_iso" is required. Example: "start_iso": "2025-03-14T09:30:00Z"` });
  } else if (typeof start_iso !== "string") {
    (errors ??= []).push({ path: "start_iso", keyword: "type", message: `"start_iso" must be a string; got ${received(start_iso)}. Example: "2025-03-14T09:30:00Z"` });
  } else if (!isDateTime(start_iso)) {
    (errors ??= []).push({
      path: "start_iso",
      keyword: "format",
      message: `"start_iso" must be a date-time (RFC 3339, with a timezone); got ${shown(start_iso)}. Example: "2025-03-14T09:30:00Z"`,
    });
  }

  const duration_min = a.duration_min;
  if (duration_min !== undefined) {
    if (typeof duration_min !== "number" || !Number.isInteger(duration_min)) {
      (errors ??= []).push({ path: "duration_min", keyword: "type", message: `"duration_min" must be an integer; got ${received(duration_min)}. Example: 60` });
    } else if (duration_min < 15 || duration_min > 480) {
      (errors ??= []).push({ path: "duration_min", keyword: duration_min < 15 ? "minimum" : "maximum", message: `"duration_min" must be between 15 and 480; got ${duration_min}. Example: 60` });
    }
  }

  const layout = a.layout;
  if (layout !== undefined) {
    switch (layout) {
      case "boardroom":
      case "theatre":
      case "classroom":
      case "u_shape":
        break;
      default:
        (errors ??= []).push({
          path: "layout",
          keyword: "enum",
          message: `"layout" must be one of: "boardroom", "theatre", "classroom", "u_shape"; got ${shown(layout)}${caseSuggestion(layout, LAYOUTS)}`,
        });
    }
  }

  for (const k in a) {
    switch (k) {
      case "room_id":
      case "start_iso":
      case "duration_min":
      case "layout":
        continue;
    }
    (errors ??= []).push({ path: k, keyword: "additionalProperties", message: `${quote(k)} is not a parameter of book_room. Parameters: ${PARAMS}` });
  }

  return errors === null ? OK : report("book_room", errors);
}
