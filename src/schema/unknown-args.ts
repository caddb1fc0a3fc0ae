// Where unknownArgs "reject" applies: the one statement of the rule, asked by the
// validator (src/emit/validator/keywords/object.ts), the argument types
// (src/emit/types.ts) and the lint (src/schema/lint/sanity-required.ts), so they never
// disagree on which objects are closed. README "Unknown arguments" says the same.
//
// "reject" closes an object to the names it declares where the tool declares a set
// of parameters: the root (the tool's parameters; a `properties` keyword there, even
// `{}`, is the declared list, so a tool that takes no arguments refuses one), and
// any object that lists at least one property. An object that declares no property
// names and says nothing of extra keys is an open map and takes any key, as plain
// JSON Schema says: `{"type": "object", "properties": {}}` is how Go and Python
// servers write a free-form map (Helm `values`, GitHub workflow `inputs`, Tekton
// `params`). A closed empty object is written `"additionalProperties": false`.

/** What the rule needs to know of one object place (all the schemas that judge the same value). */
export interface ObjectPlace {
  /** The place is the schema root: the tool's parameters. */
  root: boolean;
  /** Some schema at the place has a `properties` keyword (possibly empty). */
  listsProperties: boolean;
  /** How many distinct property names the place declares. */
  declared: number;
  /** The schema itself rules on extra keys here (additionalProperties or patternProperties on the place, or in a
   *  schema it combines other than `additionalProperties: false`; unevaluatedProperties anywhere): its rule applies. */
  saysExtra: boolean;
}

/** Under unknownArgs "reject": whether keys the place does not declare are refused. */
export function rejectsUndeclared(place: ObjectPlace): boolean {
  if (place.saysExtra || !place.listsProperties) return false;
  return place.root || place.declared > 0;
}
