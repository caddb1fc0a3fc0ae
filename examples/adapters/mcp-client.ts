// An MCP client with toolform's validators, offline: a real McpServer over the SDK's in-memory
// transport, and a scripted model whose calls go through `checkedClient`. The wrong call is
// answered on the client (no request reaches the server); the model reads the feedback, sends
// the corrected call, and the server's tool runs once, with typed, valid arguments.
//
//   node --import tsx examples/adapters/mcp-client.ts
import { pathToFileURL } from "node:url";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { checkedClient, serveTools, toolformServerTool } from "@toolform/runtime/mcp";
import { toolset, type BookRoomArgs } from "../../generated/index.js";
import { printTranscript } from "./transcript.js";

/** The model's calls: a duration of 10 minutes (the minimum is 15) and a start that is not a date-time; then the corrected call. */
const SCRIPT = [
  { name: "book_room", arguments: { room_id: "room-12", start_iso: "tomorrow 9am", duration_min: 10 } },
  { name: "book_room", arguments: { room_id: "room-12", start_iso: "2025-06-18T09:00:00+02:00", duration_min: 30 } },
];

const textOf = (r: CallToolResult) => r.content.map((c) => (c.type === "text" ? c.text : "")).join("");

export async function run() {
  const ran: BookRoomArgs[] = [];
  const received: string[] = []; // the JSON-RPC methods the server was sent

  const server = new McpServer({ name: "rooms", version: "1.0.0" });
  serveTools(server, [
    toolformServerTool(toolset.book_room, (args) => {
      ran.push(args); // args: BookRoomArgs, and valid
      return { content: [{ type: "text", text: `Booked ${args.room_id} at ${args.start_iso}.` }] };
    }),
  ]);
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await server.connect(serverSide);
  const deliver = serverSide.onmessage!;
  serverSide.onmessage = (m, extra) => {
    if ("method" in m) received.push(m.method);
    deliver(m, extra);
  };
  const refused: string[] = [];
  const client = checkedClient(new Client({ name: "agent", version: "1.0.0" }), { toolset, onRefused: (c) => refused.push(c.tool) });
  await client.connect(clientSide);

  // The model loop: each call's result is what the model reads before its next call.
  const prompts: string[][] = [[]];
  for (const call of SCRIPT) {
    const result = (await client.callTool(call)) as CallToolResult;
    prompts.push([...prompts.at(-1)!, textOf(result)]);
  }
  await client.close();
  return { text: "Booked room-12.", ran, refused, prompts, received };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const r = await run();
  printTranscript("MCP client", r);
  console.log(`tools/call requests the server received: ${r.received.filter((m) => m === "tools/call").length}`);
}
