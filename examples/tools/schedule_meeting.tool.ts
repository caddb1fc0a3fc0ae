import { defineTool } from "@toolform/runtime";

const attendee = {
  type: "object",
  properties: {
    email: { type: "string", format: "email" },
    optional: { type: "boolean", default: false },
  },
  required: ["email"],
  additionalProperties: false,
} as const;

/** A cross-field rule (x-compare): the meeting must end after it starts. */
export const scheduleMeeting = defineTool({
  name: "schedule_meeting",
  description: "Schedule a meeting. Times are RFC 3339 with a time zone.",
  inputSchema: {
    type: "object",
    properties: {
      title: { type: "string", minLength: 1, maxLength: 120 },
      start_iso: { type: "string", format: "date-time" },
      end_iso: { type: "string", format: "date-time" },
      attendees: { type: "array", items: attendee, minItems: 1, maxItems: 50 },
    },
    required: ["title", "start_iso", "end_iso", "attendees"],
    additionalProperties: false,
    "x-compare": [{ left: "end_iso", op: ">", right: "start_iso" }],
  },
  execute: async (args) => ({ scheduled: args.title, invited: args.attendees.map((a) => a.email) }),
});
