// Schema fragments shared by several TypeScript tools (read statically by toolform).
export const absolutePath = {
  type: "string",
  pattern: "^/",
  description: "Absolute path, starting with /.",
  examples: ["/srv/app/config.yaml"],
} as const;

export const UNITS = ["celsius", "fahrenheit"] as const;
