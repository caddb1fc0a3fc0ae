// $ref resolution inside one document and across the documents the build was given
// (config `schemas`). Everything is resolved at build time; nothing is fetched.
import { dialectOf, forEachSubschema, getPointer, isObject } from "./dialect.js";
import type { Dialect } from "./ir.js";

/** Base URI given to a tool's schema when it has no absolute `$id` of its own. */
export const DEFAULT_BASE = "https://toolform.invalid/schema.json";

export interface Placed {
  schema: unknown;
  /** Base URI in effect at this schema (after its own $id). */
  base: string;
  dialect: Dialect;
  /** Where it is written: pointer in the root document, or "uri#pointer" in another. */
  loc: string;
  /** Whether this schema declares `$dynamicAnchor` (for $dynamicRef). */
  dynamicAnchor?: string;
}

function stripFragment(uri: string): string {
  const i = uri.indexOf("#");
  return i < 0 ? uri : uri.slice(0, i);
}

export function resolveUri(ref: string, base: string): string | undefined {
  try {
    return new URL(ref, base).href;
  } catch {
    // URNs and other non-hierarchical bases: only fragments and absolute refs resolve.
    if (ref.startsWith("#")) return stripFragment(base) + ref;
    try {
      return new URL(ref).href;
    } catch {
      return undefined;
    }
  }
}

export class SchemaRegistry {
  private resources = new Map<string, Placed>();
  private anchors = new Map<string, Placed>();
  private placed = new Map<object, Placed>();
  private remotes: Map<string, unknown>;
  /** Resource base URI → its $dynamicAnchor names and schemas. */
  private dynamicAnchors = new Map<string, Map<string, unknown>>();
  /** Schemas that start a resource (document roots and schemas with their own $id) → base URI. */
  private resourceRoots = new Map<object, string>();

  constructor(remotes: Record<string, unknown> = {}) {
    this.remotes = new Map(Object.entries(remotes).map(([k, v]) => [stripFragment(normalize(k)), v]));
  }

  /** Indexes a document: its $id resources and anchors. `locPrefix` "" for the tool's own schema. */
  addDocument(schema: unknown, uri: string, fallbackDialect: Dialect, root: boolean): Placed {
    const dialect = dialectOf(schema, fallbackDialect);
    const top = this.walk(schema, stripFragment(uri), dialect, root ? "" : stripFragment(uri) + "#", "");
    this.resources.set(stripFragment(uri), top);
    return top;
  }

  private walk(schema: unknown, parentBase: string, parentDialect: Dialect, locPrefix: string, pointer: string): Placed {
    let base = parentBase;
    const dialect = dialectOf(schema, parentDialect);
    const loc = locPrefix + pointer;
    if (isObject(schema)) {
      const id = schema.$id;
      // draft-07: a $ref makes every sibling keyword, $id included, ignored.
      const refHidesSiblings = dialect === "draft-07" && typeof schema.$ref === "string";
      if (typeof id === "string" && !refHidesSiblings) {
        if (id.startsWith("#")) {
          // draft-07 plain-name fragment id: an anchor.
          const at = resolveUri(id, base);
          if (at) this.anchors.set(at, { schema, base, dialect, loc });
        } else {
          const abs = resolveUri(id, base);
          if (abs) {
            base = stripFragment(abs);
            const frag = abs.indexOf("#") >= 0 ? abs.slice(abs.indexOf("#") + 1) : "";
            if (frag && dialect === "draft-07") this.anchors.set(abs, { schema, base, dialect, loc });
          }
        }
      }
      const here: Placed = { schema, base, dialect, loc };
      if (typeof schema.$dynamicAnchor === "string") here.dynamicAnchor = schema.$dynamicAnchor;
      this.placed.set(schema, here);
      if (base !== parentBase || pointer === "") {
        this.resources.set(base, here);
        this.resourceRoots.set(schema, base);
      }
      if (typeof schema.$dynamicAnchor === "string" && dialect === "2020-12") {
        let m = this.dynamicAnchors.get(base);
        if (!m) this.dynamicAnchors.set(base, (m = new Map()));
        if (!m.has(schema.$dynamicAnchor)) m.set(schema.$dynamicAnchor, schema);
      }
      for (const key of ["$anchor", "$dynamicAnchor"] as const) {
        const a = schema[key];
        if (typeof a === "string" && !refHidesSiblings) this.anchors.set(base + "#" + a, here);
      }
      forEachSubschema(schema, (sub, rel) => this.walk(sub, base, dialect, locPrefix, pointer + rel));
      return here;
    }
    return { schema, base, dialect, loc };
  }

  /** Where `ref`, written in a schema whose base URI is `base`, points. */
  resolve(ref: string, base: string): Placed | undefined {
    const abs = resolveUri(ref, base);
    if (abs === undefined) return undefined;
    const hash = abs.indexOf("#");
    const docUri = hash < 0 ? abs : abs.slice(0, hash);
    // A hostile or broken $ref ("#/%E0%A4%A") must be "points nowhere", not a URIError that crashes the build.
    const fragment = hash < 0 ? "" : safeDecode(abs.slice(hash + 1));
    if (fragment === undefined) return undefined;
    let res = this.resources.get(docUri);
    if (!res) {
      const remote = this.remotes.get(docUri);
      if (remote === undefined) return undefined;
      res = this.addDocument(remote, docUri, "2020-12", false);
    }
    if (fragment === "") return res;
    if (fragment.startsWith("/")) {
      const target = getPointer(res.schema, fragment);
      if (target === undefined) return undefined;
      if (isObject(target)) {
        const known = this.placed.get(target);
        if (known) return known;
      }
      return { schema: target, base: res.base, dialect: res.dialect, loc: res.loc + fragment };
    }
    return this.anchors.get(docUri + "#" + fragment);
  }

  /** The place recorded for a schema object during indexing. */
  placeOf(schema: unknown): Placed | undefined {
    return isObject(schema) ? this.placed.get(schema) : undefined;
  }

  /** For a schema that starts a resource: the $dynamicAnchors of that resource. */
  dynamicAnchorsOf(schema: unknown): [string, Placed][] {
    if (!isObject(schema)) return [];
    const base = this.resourceRoots.get(schema);
    return base === undefined ? [] : this.dynamicAnchorsIn(base);
  }

  /** The $dynamicAnchors declared in the resource with this base URI. */
  dynamicAnchorsIn(base: string): [string, Placed][] {
    const m = this.dynamicAnchors.get(base);
    return m ? [...m].map(([name, s]) => [name, this.placed.get(s as object)!]) : [];
  }

  /** Whether another document was available under this URI (for error messages). */
  knownDocuments(): string[] {
    return [...new Set([...this.resources.keys(), ...this.remotes.keys()])].sort();
  }
}

/** decodeURIComponent, or undefined for malformed percent-encoding. */
function safeDecode(s: string): string | undefined {
  try {
    return decodeURIComponent(s);
  } catch {
    return undefined;
  }
}

function normalize(uri: string): string {
  try {
    return new URL(uri).href;
  } catch {
    return uri;
  }
}
