/**
 * The export menu's dismissal (issue 27): a `<details>` closes on Escape and on a click or tap
 * outside it, and focus goes back to its button (the summary) when it was inside. Without script
 * the menu is a plain `<details>` (opens and closes with its button); this enhancement runs only
 * where the island runtime is loaded anyway: the ExportForm of an island, and ListFilters on the
 * server-rendered lists (docs/DECISIONS.md "#27 — the export menu without new script").
 */

const MARK = "dismissible";

/** Adds the dismissal to one menu (once); returns the function that removes it. */
export function enhanceExportMenu(details: HTMLDetailsElement): () => void {
  if (details.dataset[MARK] === "1") return () => undefined;
  details.dataset[MARK] = "1";
  const summary = details.querySelector("summary");
  const close = (refocus: boolean) => {
    if (!details.open) return;
    const hadFocus = details.contains(document.activeElement);
    details.open = false;
    if (refocus || hadFocus) summary?.focus();
  };
  const onKey = (event: KeyboardEvent) => {
    if (event.key !== "Escape" || !details.open) return;
    event.preventDefault();
    close(true);
  };
  const onPointer = (event: PointerEvent) => {
    if (event.target instanceof Node && !details.contains(event.target)) close(false);
  };
  details.addEventListener("keydown", onKey);
  document.addEventListener("pointerdown", onPointer);
  return () => {
    delete details.dataset[MARK];
    details.removeEventListener("keydown", onKey);
    document.removeEventListener("pointerdown", onPointer);
  };
}

/** Enhances every export menu of the page not yet enhanced (the server-rendered lists'). */
export function enhanceExportMenus(root: ParentNode = document): () => void {
  const undo = [...root.querySelectorAll<HTMLDetailsElement>("details.export-menu")].map(enhanceExportMenu);
  return () => undo.forEach((fn) => fn());
}
