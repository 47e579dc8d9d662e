import { useEffect, useId } from "react";

/** The forms of the page with unsaved changes (one listener serves them all). */
const dirtyForms = new Set<string>();
let message = "";
let installed = false;

/** Leaving by the browser (reload, close, typed address): the browser's own warning. */
function onBeforeUnload(event: BeforeUnloadEvent): void {
  if (dirtyForms.size === 0) return;
  event.preventDefault();
  event.returnValue = "";
}

/** Leaving by a link of the console: asks first, and stays when the admin says no. */
function onLinkClick(event: MouseEvent): void {
  if (dirtyForms.size === 0 || event.defaultPrevented || event.button !== 0) return;
  if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
  const link = event.target instanceof Element ? event.target.closest("a[href]") : null;
  if (!(link instanceof HTMLAnchorElement) || (link.target && link.target !== "_self") || link.hasAttribute("download")) return;
  const to = new URL(link.href, window.location.href);
  const here = new URL(window.location.href);
  if (to.origin === here.origin && to.pathname === here.pathname && to.search === here.search) return; // same page (#anchor)
  if (!window.confirm(message)) {
    event.preventDefault();
    event.stopPropagation();
  }
}

/**
 * Warns before leaving a page whose form has unsaved changes: the browser's prompt on reload or
 * close (beforeunload), and a confirmation on the console's own links. `text` is the question.
 */
export function useUnsavedWarning(dirty: boolean, text: string): void {
  const id = useId();
  useEffect(() => {
    if (!installed) {
      window.addEventListener("beforeunload", onBeforeUnload);
      document.addEventListener("click", onLinkClick, true);
      installed = true;
    }
  }, []);
  useEffect(() => {
    message = text;
    if (dirty) dirtyForms.add(id);
    else dirtyForms.delete(id);
    return () => {
      dirtyForms.delete(id);
    };
  }, [dirty, id, text]);
}

/** Marks a form saved (a successful submit leaves the page through a reload). */
export function forgetUnsaved(): void {
  dirtyForms.clear();
}
