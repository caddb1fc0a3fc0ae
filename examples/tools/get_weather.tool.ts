import { defineTool } from "@toolform/runtime";
import { UNITS } from "./shared/fragments.js";

/** The enum comes from a const array, so the list lives in one place. */
export default defineTool({
  name: "get_weather",
  description: "Current weather for a city.",
  inputSchema: {
    type: "object",
    properties: {
      city: { type: "string", minLength: 1, description: "City name, e.g. Denver.", examples: ["Denver"] },
      units: { type: "string", enum: UNITS, default: "celsius", description: "Temperature unit." },
    },
    required: ["city"],
    additionalProperties: false,
  },
  execute: async ({ city, units = "celsius" }) => ({ city, units, temperature: units === "celsius" ? 21 : 70 }),
});
