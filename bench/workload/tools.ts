// The benchmark workload: four realistic tool shapes, each with a handful of
// valid calls and a handful of invalid calls. Every invalid call carries exactly
// three of the mistakes models make (numeric string for an integer, enum value
// in the wrong case, an unknown argument, a missing required field, a wrong
// format), like the reference figures of issue 3.

export interface BenchTool {
  name: string;
  description: string;
  inputSchema: Record<string, unknown>;
}

export interface BenchCase {
  tool: BenchTool;
  /** Which shape of schema this is, for the table. */
  shape: string;
  valid: Record<string, unknown>[];
  /** Each with exactly three mistakes; `mistakes` lists them, for the reader. */
  invalid: { args: Record<string, unknown>; mistakes: string[] }[];
}

/** 1. Flat, with enums and bounds: seed 001's book_room plus an enum (its schema otherwise verbatim). */
export const bookRoom: BenchCase = {
  shape: "flat: enum + bounds",
  tool: {
    name: "book_room",
    description: "Book a meeting room. Dates are ISO 8601 with timezone.",
    inputSchema: {
      type: "object",
      properties: {
        room_id: { type: "string" },
        start_iso: { type: "string", format: "date-time" },
        duration_min: { type: "integer", minimum: 15, maximum: 480 },
        layout: { type: "string", enum: ["boardroom", "theatre", "classroom", "u_shape"] },
      },
      required: ["room_id", "start_iso"],
      additionalProperties: false,
    },
  },
  valid: [
    { room_id: "R-101", start_iso: "2025-03-14T09:30:00Z" },
    { room_id: "atlas", start_iso: "2025-11-02T14:00:00+01:00", duration_min: 60 },
    { room_id: "B2-17", start_iso: "2026-01-05T08:15:00.000-05:00", duration_min: 45, layout: "boardroom" },
    { room_id: "main-hall", start_iso: "2025-06-30T23:45:00Z", duration_min: 480, layout: "theatre" },
  ],
  invalid: [
    {
      args: { room_id: "R-101", start_iso: "2025-03-14T09:30:00Z", duration_min: "60", layout: "Boardroom", attendees: 8 },
      mistakes: ["numeric string for integer", "enum wrong case", "unknown argument"],
    },
    {
      args: { start_iso: "tomorrow at 3pm", duration_min: "30" },
      mistakes: ["missing required", "wrong format", "numeric string for integer"],
    },
    {
      args: { room_id: "atlas", start_iso: "2025-03-14 09:30", layout: "Theatre", notes: "bring coffee" },
      mistakes: ["wrong format", "enum wrong case", "unknown argument"],
    },
    {
      args: { room_id: "atlas", duration_min: "90", layout: "CLASSROOM" },
      mistakes: ["missing required", "numeric string for integer", "enum wrong case"],
    },
  ],
};
/** 2. Formats: date-time, email, uri, uuid. */
export const sendInvite: BenchCase = {
  shape: "formats",
  tool: {
    name: "send_invite",
    description: "Send a calendar invitation for an existing event to one attendee.",
    inputSchema: {
      type: "object",
      properties: {
        event_id: { type: "string", format: "uuid", description: "The event's id." },
        email: { type: "string", format: "email", description: "Attendee address." },
        starts_at: { type: "string", format: "date-time" },
        callback_url: { type: "string", format: "uri", description: "Called when the attendee answers." },
        rsvp: { type: "string", enum: ["required", "optional", "none"] },
        reminder_min: { type: "integer", minimum: 0, maximum: 10080 },
        note: { type: "string", maxLength: 500 },
      },
      required: ["event_id", "email", "starts_at"],
      additionalProperties: false,
    },
  },
  valid: [
    { event_id: "3f2b8c1e-9d4a-4b7e-8a61-0c5d2e9f7a13", email: "ada@example.com", starts_at: "2025-04-01T10:00:00Z" },
    {
      event_id: "a0e7c5d2-1b3f-4c8e-9d6a-7f2e1b0c9d84",
      email: "grace.hopper@navy.example.org",
      starts_at: "2025-09-12T16:30:00+02:00",
      callback_url: "https://hooks.example.com/rsvp?id=42",
      rsvp: "required",
    },
    {
      event_id: "7c9e6679-7425-40de-944b-e07fc1f90ae7",
      email: "ops+cal@example.io",
      starts_at: "2026-02-28T07:05:30.250Z",
      reminder_min: 15,
      note: "Agenda attached.",
    },
    {
      event_id: "123e4567-e89b-42d3-a456-426614174000",
      email: "x@y.co",
      starts_at: "2025-12-31T23:59:59-08:00",
      callback_url: "urn:isbn:0451450523",
      rsvp: "none",
      reminder_min: 0,
    },
  ],
  invalid: [
    {
      args: { event_id: "evt-42", email: "ada@example.com", starts_at: "2025-04-01T10:00:00Z", reminder_min: "15", rsvp: "Required" },
      mistakes: ["wrong format", "numeric string for integer", "enum wrong case"],
    },
    {
      args: { event_id: "3f2b8c1e-9d4a-4b7e-8a61-0c5d2e9f7a13", email: "ada at example dot com", starts_at: "04/01/2025 10:00", attendee_name: "Ada" },
      mistakes: ["wrong format", "wrong format", "unknown argument"],
    },
    {
      args: { event_id: "3f2b8c1e-9d4a-4b7e-8a61-0c5d2e9f7a13", starts_at: "2025-04-01T10:00:00Z", callback_url: "hooks.example.com/rsvp", rsvp: "NONE" },
      mistakes: ["missing required", "wrong format", "enum wrong case"],
    },
    {
      args: { event_id: "7c9e6679-7425-40de-944b-e07fc1f90ae7", email: "ops@example.io", reminder_min: "30", timezone: "UTC" },
      mistakes: ["missing required", "numeric string for integer", "unknown argument"],
    },
  ],
};

/** 3. Arrays of objects: the MCP filesystem server's edit_file. */
export const editFile: BenchCase = {
  shape: "array of objects",
  tool: {
    name: "edit_file",
    description: "Make line-based edits to a text file. Each edit replaces an exact text with new text.",
    inputSchema: {
      type: "object",
      properties: {
        path: { type: "string", minLength: 1 },
        edits: {
          type: "array",
          minItems: 1,
          items: {
            type: "object",
            properties: {
              oldText: { type: "string", description: "Text to search for - must match exactly" },
              newText: { type: "string", description: "Text to replace with" },
            },
            required: ["oldText", "newText"],
            additionalProperties: false,
          },
        },
        dryRun: { type: "boolean", description: "Preview changes using git-style diff format" },
        mode: { type: "string", enum: ["exact", "whitespace_insensitive"] },
        max_replacements: { type: "integer", minimum: 1, maximum: 1000 },
      },
      required: ["path", "edits"],
      additionalProperties: false,
    },
  },
  valid: [
    { path: "src/app.ts", edits: [{ oldText: "const a = 1;", newText: "const a = 2;" }] },
    {
      path: "/home/user/notes.md",
      edits: [
        { oldText: "# Title", newText: "# New title" },
        { oldText: "- [ ] todo", newText: "- [x] todo" },
      ],
      dryRun: true,
    },
    {
      path: "README.md",
      edits: [
        { oldText: "foo", newText: "bar" },
        { oldText: "npm i", newText: "npm ci" },
        { oldText: "v1", newText: "v2" },
      ],
      mode: "exact",
      max_replacements: 3,
    },
    { path: "lib/x.js", edits: [{ oldText: "\tif (x) {\n\t\treturn;\n\t}", newText: "" }], dryRun: false, mode: "whitespace_insensitive" },
  ],
  invalid: [
    {
      args: { path: "src/app.ts", edits: [{ oldText: "a", newText: "b" }, { old_text: "c", newText: "d" }], max_replacements: "2" },
      mistakes: ["missing required (edits[1].oldText)", "unknown argument (edits[1].old_text)", "numeric string for integer"],
    },
    {
      args: { path: "src/app.ts", edits: [{ oldText: "a", newText: "b" }], mode: "Exact", dryRun: true, backup: true, max_replacements: "1" },
      mistakes: ["enum wrong case", "unknown argument", "numeric string for integer"],
    },
    {
      args: { edits: [{ oldText: "x" }], mode: "EXACT" },
      mistakes: ["missing required (path)", "missing required (edits[0].newText)", "enum wrong case"],
    },
    {
      args: { path: "notes.md", edits: [{ oldText: "x", newText: "y", line: 3 }], file: "notes.md", max_replacements: "10" },
      mistakes: ["unknown argument (edits[0].line)", "unknown argument", "numeric string for integer"],
    },
  ],
};

/** 4. Nested objects with enums. */
export const searchTickets: BenchCase = {
  shape: "nested objects + enums",
  tool: {
    name: "search_tickets",
    description: "Search support tickets with structured filters.",
    inputSchema: {
      type: "object",
      properties: {
        query: { type: "string", maxLength: 200 },
        filter: {
          type: "object",
          properties: {
            status: { type: "string", enum: ["open", "pending", "solved", "closed"] },
            priority: { type: "string", enum: ["low", "normal", "high", "urgent"] },
            assignee: {
              type: "object",
              properties: {
                team: { type: "string", enum: ["billing", "support", "engineering"] },
                user_id: { type: "integer", minimum: 1 },
              },
              required: ["team"],
              additionalProperties: false,
            },
            created_after: { type: "string", format: "date" },
          },
          additionalProperties: false,
        },
        sort: {
          type: "object",
          properties: {
            field: { type: "string", enum: ["created", "updated", "priority"] },
            order: { type: "string", enum: ["asc", "desc"] },
          },
          required: ["field"],
          additionalProperties: false,
        },
        limit: { type: "integer", minimum: 1, maximum: 100 },
      },
      required: ["filter"],
      additionalProperties: false,
    },
  },
  valid: [
    { filter: { status: "open" } },
    { query: "refund", filter: { status: "pending", priority: "high" }, sort: { field: "created", order: "desc" }, limit: 20 },
    { filter: { assignee: { team: "billing", user_id: 1042 }, created_after: "2025-01-01" }, limit: 50 },
    {
      query: "login fails on SSO",
      filter: { status: "open", priority: "urgent", assignee: { team: "engineering" } },
      sort: { field: "priority" },
    },
  ],
  invalid: [
    {
      args: { filter: { status: "Open", assignee: { team: "billing", user_id: "1042" } }, limit: 20, page: 2 },
      mistakes: ["enum wrong case", "numeric string for integer", "unknown argument"],
    },
    {
      args: { query: "refund", filter: { priority: "HIGH", created_after: "last week" }, sort: { order: "desc" } },
      mistakes: ["enum wrong case", "wrong format", "missing required (sort.field)"],
    },
    {
      args: { query: "refund", sort: { field: "Created", order: "desc" }, limit: "25" },
      mistakes: ["missing required (filter)", "enum wrong case", "numeric string for integer"],
    },
    {
      args: { filter: { status: "solved", assignee: { user_id: 7 }, tag: "vip" }, limit: "100" },
      mistakes: ["missing required (filter.assignee.team)", "unknown argument (filter.tag)", "numeric string for integer"],
    },
  ],
};

export const benchCases: BenchCase[] = [bookRoom, sendInvite, editFile, searchTickets];

/** The tools the hand-written floor covers. */
export const handwrittenTools = ["book_room", "edit_file"] as const;
