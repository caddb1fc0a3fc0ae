// A small MCP server over stdio for the docs test's `toolform pull`: one tool, book_room.
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import { z } from "zod";

const server = new McpServer({ name: "rooms", version: "1.0.0" });
server.registerTool(
  "book_room",
  {
    description: "Book a meeting room for a time slot.",
    inputSchema: { room_id: z.string().describe("Room id, e.g. r1."), start_iso: z.string().describe("Start time, ISO 8601.") },
  },
  async ({ room_id, start_iso }) => ({ content: [{ type: "text", text: `Booked ${room_id} at ${start_iso}.` }] }),
);
await server.connect(new StdioServerTransport());
