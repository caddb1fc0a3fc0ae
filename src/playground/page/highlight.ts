// Syntax highlighting of the generated JavaScript and declarations, as DOM nodes (no
// innerHTML, so nothing in a schema can become markup).
import { tokens } from "./tokens.js";

/** Fills `el` with the highlighted code. */
export function highlight(el: HTMLElement, code: string): void {
  const frag = document.createDocumentFragment();
  for (const [text, cls] of tokens(code)) {
    if (!cls) frag.append(text);
    else {
      const span = document.createElement("span");
      span.className = "hl-" + cls;
      span.textContent = text;
      frag.append(span);
    }
  }
  el.replaceChildren(frag);
}
