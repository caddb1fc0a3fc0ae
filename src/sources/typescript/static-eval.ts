/**
 * Reads a value from TypeScript source without running it: literals, consts
 * (also from relatively imported files), spreads, enum members. The result
 * keeps, for every property and array element, the place where it is written,
 * so a schema finding can later point at its line in the .ts file.
 *
 * Anything that would need the code to run (a call, a computed key, a `let`, a
 * package import, a template with a substitution) is recorded as a problem at
 * the offending expression; evaluation goes on, so all problems are found.
 */
import {
  Node,
  SyntaxKind,
  type EnumDeclaration,
  type ObjectLiteralElementLike,
  type ObjectLiteralExpression,
  type PrefixUnaryExpression,
  type SourceFile,
  type SpreadAssignment,
} from "ts-morph";
import { posOf, type Pos } from "./project.js";
import { resolveExport, resolveIdentifier, type Binding } from "./resolve.js";
import { escapePointer } from "../../schema/dialect.js";

export type StaticValue =
  | { kind: "leaf"; value: string | number | boolean | null }
  | { kind: "object"; entries: Map<string, StaticEntry> }
  | { kind: "array"; items: StaticEntry[] }
  /** `undefined` or a function: left out, as JSON.stringify leaves it out. */
  | { kind: "absent" }
  /** Not static; the problem is in the problem list. */
  | { kind: "error" };

/** A property or array element: its value and where it is written. */
export interface StaticEntry {
  pos: Pos;
  value: StaticValue;
}

/** An expression that cannot be read statically, and why (a clause: "it is a function call"). */
export interface NotStatic {
  node: Node;
  reason: string;
}

interface Ctx {
  /** The file of the defineTool call: positions are reported in it. */
  home: SourceFile;
  /**
   * Set while evaluating a const that lives in another file: the node in `home`
   * (identifier or spread) through which the value came in. Positions are then
   * reported there, since a position alone cannot name another file.
   */
  anchor?: Node;
  problems: NotStatic[];
  /** Initializers being evaluated, against `const a = { ...a }`-style cycles. */
  active: ReadonlySet<Node>;
}

const ABSENT: StaticValue = { kind: "absent" };
const ERROR: StaticValue = { kind: "error" };

/**
 * Evaluates `expr` (in the file of the defineTool call). When `only` is given,
 * the first object literal reached keeps just those keys and does not evaluate
 * the others: a tool spec's `execute` or extra fields are never read.
 */
export function evaluateStatic(
  expr: Node,
  problems: NotStatic[],
  only?: ReadonlySet<string>,
): StaticValue {
  return evaluate(expr, { home: expr.getSourceFile(), problems, active: new Set() }, only);
}

/** Where an entry is written, as reported (see Ctx.anchor). */
function where(node: Node, ctx: Ctx): Pos {
  return posOf(ctx.anchor ?? node);
}

function evaluate(node: Node, ctx: Ctx, only?: ReadonlySet<string>): StaticValue {
  // Wrappers that do not change the value.
  if (
    Node.isParenthesizedExpression(node) ||
    Node.isAsExpression(node) ||
    Node.isSatisfiesExpression(node) ||
    Node.isTypeAssertion(node) ||
    Node.isNonNullExpression(node)
  ) {
    return evaluate(node.getExpression(), ctx, only);
  }
  if (Node.isObjectLiteralExpression(node)) return evaluateObject(node, ctx, only);
  if (Node.isArrayLiteralExpression(node)) return evaluateArray(node.getElements(), ctx);
  if (Node.isStringLiteral(node) || Node.isNoSubstitutionTemplateLiteral(node)) {
    return { kind: "leaf", value: node.getLiteralValue() };
  }
  if (Node.isNumericLiteral(node)) return { kind: "leaf", value: node.getLiteralValue() };
  if (Node.isPrefixUnaryExpression(node)) return evaluateSigned(node, ctx);
  if (Node.isTrueLiteral(node)) return { kind: "leaf", value: true };
  if (Node.isFalseLiteral(node)) return { kind: "leaf", value: false };
  if (Node.isNullLiteral(node)) return { kind: "leaf", value: null };
  if (Node.isArrowFunction(node) || Node.isFunctionExpression(node)) return ABSENT;
  if (Node.isIdentifier(node)) {
    if (node.getText() === "undefined") return ABSENT;
    return evaluateBinding(resolveIdentifier(node), node, ctx, only);
  }
  if (Node.isPropertyAccessExpression(node)) {
    return evaluateMember(node, node.getExpression(), node.getName(), ctx);
  }
  if (Node.isElementAccessExpression(node)) {
    const key = node.getArgumentExpression();
    if (key && (Node.isStringLiteral(key) || Node.isNumericLiteral(key))) {
      return evaluateMember(node, node.getExpression(), String(key.getLiteralValue()), ctx);
    }
  }
  return notStatic(node, describe(node), ctx);
}

/** `-1`, `+2`: numbers only. */
function evaluateSigned(node: PrefixUnaryExpression, ctx: Ctx): StaticValue {
  const op = node.getOperatorToken();
  const operand = evaluate(node.getOperand(), ctx);
  if (operand.kind === "error") return ERROR;
  if ((op === SyntaxKind.MinusToken || op === SyntaxKind.PlusToken) && operand.kind === "leaf" && typeof operand.value === "number") {
    return { kind: "leaf", value: op === SyntaxKind.MinusToken ? -operand.value : operand.value };
  }
  return notStatic(node, "it is an operator expression", ctx);
}

/** The value a name stands for, evaluated where it is declared. */
function evaluateBinding(binding: Binding, ref: Node, ctx: Ctx, only?: ReadonlySet<string>): StaticValue {
  switch (binding.kind) {
    case "value": {
      if (ctx.active.has(binding.expr)) return notStatic(ref, "it is a value that refers to itself", ctx);
      const file = binding.expr.getSourceFile();
      const inner: Ctx = {
        ...ctx,
        anchor: file === ctx.home ? undefined : (ctx.anchor ?? ref),
        active: new Set([...ctx.active, binding.expr]),
      };
      return evaluate(binding.expr, inner, only);
    }
    case "function":
      return ABSENT;
    case "enum":
      return notStatic(ref, "it is an enum object (use one of its members, or a `const` array of the values)", ctx);
    case "namespace":
      return notStatic(ref, "it is a module namespace (use one of its exports)", ctx);
    case "unknown":
      return notStatic(ref, binding.reason, ctx);
  }
}

/** `Enum.Member`, `namespace.export`, `CONST.key`, `LIST[0]`. */
function evaluateMember(node: Node, object: Node, key: string, ctx: Ctx): StaticValue {
  const binding = bindingOf(object);
  if (binding?.kind === "enum") return enumMember(binding.decl, key, node, ctx);
  if (binding?.kind === "namespace") return evaluateBinding(resolveExport(binding.file, key), node, ctx);

  const value = evaluate(object, ctx);
  if (value.kind === "error") return ERROR;
  if (value.kind === "object") return value.entries.get(key)?.value ?? ABSENT;
  if (value.kind === "array" && /^\d+$/.test(key)) return value.items[Number(key)]?.value ?? ABSENT;
  return notStatic(node, "it is a property of a value that is not a literal object or array", ctx);
}

/** What an identifier, or a `namespace.name` chain, refers to — without evaluating it. */
function bindingOf(node: Node): Binding | undefined {
  if (Node.isIdentifier(node)) return resolveIdentifier(node);
  if (Node.isPropertyAccessExpression(node)) {
    const left = bindingOf(node.getExpression());
    if (left?.kind === "namespace") return resolveExport(left.file, node.getName());
  }
  return undefined;
}

/**
 * The value of an enum member. TypeScript numbers members without an
 * initializer from the previous numeric one (or 0); initializers must be static.
 */
function enumMember(decl: EnumDeclaration, key: string, ref: Node, ctx: Ctx): StaticValue {
  let next: number | undefined = 0;
  for (const member of decl.getMembers()) {
    // Problems of other members are not this reference's problems.
    const problems: NotStatic[] = [];
    const init = member.getInitializer();
    let value: StaticValue;
    if (init) value = evaluate(init, { ...ctx, problems });
    else value = next === undefined ? ERROR : { kind: "leaf", value: next };
    next = value.kind === "leaf" && typeof value.value === "number" ? value.value + 1 : undefined;

    const nameNode = member.getNameNode();
    const name = Node.isStringLiteral(nameNode) ? nameNode.getLiteralValue() : nameNode.getText();
    if (name !== key) continue;
    if (value.kind === "leaf" && (typeof value.value === "string" || typeof value.value === "number")) return value;
    if (problems.length > 0) {
      ctx.problems.push(...problems);
      return ERROR;
    }
    return notStatic(ref, "it is an enum member without a literal value", ctx);
  }
  return notStatic(ref, `the enum \`${decl.getName()}\` has no member \`${key}\``, ctx);
}

function evaluateObject(node: ObjectLiteralExpression, ctx: Ctx, only?: ReadonlySet<string>): StaticValue {
  const entries = new Map<string, StaticEntry>();
  for (const prop of node.getProperties()) {
    if (Node.isSpreadAssignment(prop)) {
      // `{ ...BASE }`: BASE's entries keep the places where they are written.
      const spread = evaluate(prop.getExpression(), ctx, only);
      if (spread.kind === "object") for (const [k, e] of spread.entries) entries.set(k, e);
      else if (spread.kind !== "error" && spread.kind !== "absent" && !(spread.kind === "leaf" && spread.value === null)) {
        notStatic(prop, "it is a spread of a value that is not an object", ctx);
      }
      continue;
    }
    const key = propertyKey(prop, ctx);
    if (key === undefined || (only && !only.has(key))) continue;
    let value: StaticValue;
    if (Node.isPropertyAssignment(prop)) value = evaluate(prop.getInitializerOrThrow(), ctx);
    else if (Node.isShorthandPropertyAssignment(prop)) value = evaluate(prop.getNameNode(), ctx);
    else if (Node.isMethodDeclaration(prop)) value = ABSENT; // a function, like `execute`
    else value = notStatic(prop, "it is an accessor", ctx);
    entries.set(key, { pos: where(prop, ctx), value });
  }
  return { kind: "object", entries };
}

/** A property's key; `undefined` (with a problem recorded) for a computed key that is not static. */
function propertyKey(prop: Exclude<ObjectLiteralElementLike, SpreadAssignment>, ctx: Ctx): string | undefined {
  const name = prop.getNameNode();
  if (Node.isStringLiteral(name) || Node.isNoSubstitutionTemplateLiteral(name)) return name.getLiteralValue();
  if (Node.isNumericLiteral(name)) return String(name.getLiteralValue());
  if (Node.isComputedPropertyName(name)) {
    // `[KEY]` with a const KEY is fine; anything else is reported once, as a key.
    const quiet: NotStatic[] = [];
    const key = evaluate(name.getExpression(), { ...ctx, problems: quiet });
    if (key.kind === "leaf" && (typeof key.value === "string" || typeof key.value === "number")) return String(key.value);
    notStatic(name, "it is a computed property key", ctx);
    return undefined;
  }
  return name.getText();
}

function evaluateArray(elements: Node[], ctx: Ctx): StaticValue {
  const items: StaticEntry[] = [];
  for (const element of elements) {
    if (Node.isSpreadElement(element)) {
      const spread = evaluate(element.getExpression(), ctx);
      if (spread.kind === "array") items.push(...spread.items);
      else if (spread.kind !== "error") notStatic(element, "it is a spread of a value that is not an array", ctx);
      continue;
    }
    if (Node.isOmittedExpression(element)) {
      notStatic(element, "it is an empty array slot", ctx);
      continue;
    }
    const value = evaluate(element, ctx);
    // JSON turns undefined and functions inside arrays into null.
    items.push({ pos: where(element, ctx), value: value.kind === "absent" ? { kind: "leaf", value: null } : value });
  }
  return { kind: "array", items };
}

function notStatic(node: Node, reason: string, ctx: Ctx): StaticValue {
  ctx.problems.push({ node, reason });
  return ERROR;
}

/** Why an expression is not static. */
function describe(node: Node): string {
  if (Node.isCallExpression(node)) return "it is a function call";
  if (Node.isNewExpression(node)) return "it is a `new` expression";
  if (Node.isTemplateExpression(node)) return "it is a template literal with a substitution";
  if (Node.isTaggedTemplateExpression(node)) return "it is a tagged template";
  if (Node.isBinaryExpression(node) || Node.isPrefixUnaryExpression(node)) return "it is an operator expression";
  if (Node.isConditionalExpression(node)) return "it is a conditional expression";
  if (Node.isAwaitExpression(node)) return "it is an `await` expression";
  if (Node.isRegularExpressionLiteral(node)) return "it is a regular expression literal (write the pattern as a string)";
  if (Node.isBigIntLiteral(node)) return "it is a bigint, which JSON cannot hold";
  if (Node.isClassExpression(node)) return "it is a class";
  return `it is an expression (${node.getKindName()})`;
}

/** The plain JSON value; absent entries are left out, as JSON.stringify would. */
export function toJson(value: StaticValue): unknown {
  switch (value.kind) {
    case "leaf":
      return value.value;
    case "array":
      return value.items.map((item) => toJson(item.value));
    case "object": {
      const out: Record<string, unknown> = {};
      for (const [key, entry] of value.entries) {
        if (entry.value.kind === "absent") continue;
        // defineProperty: a "__proto__" key stays an ordinary own property.
        Object.defineProperty(out, key, { value: toJson(entry.value), enumerable: true, writable: true, configurable: true });
      }
      return out;
    }
    default:
      return undefined;
  }
}

/** JSON pointer → place, for the entry and everything inside it. */
export function positionsOf(entry: StaticEntry, pointer = "", into = new Map<string, Pos>()): Map<string, Pos> {
  into.set(pointer, entry.pos);
  const value = entry.value;
  if (value.kind === "object") {
    for (const [key, child] of value.entries) {
      if (child.value.kind !== "absent") positionsOf(child, `${pointer}/${escapePointer(key)}`, into);
    }
  } else if (value.kind === "array") {
    value.items.forEach((child, i) => positionsOf(child, `${pointer}/${i}`, into));
  }
  return into;
}
