import { createElement, useEffect, useState, type ReactNode } from "react";
import { useId } from "../hooks";
import { UnsavedPrompt } from "./UnsavedPrompt";

/** The forms of the page with unsaved changes (one listener serves them all). */
const dirtyForms = new Set<string>();
/** Each form's way to ask before leaving for an address: the first dirty form asks. */
const askers = new Map<string, (href: string) => void>();
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
  const [first] = dirtyForms;
  const ask = first === undefined ? undefined : askers.get(first);
  if (!ask) return;
  event.preventDefault();
  event.stopPropagation();
  ask(to.href);
}

/**
 * Warns before leaving a page whose form has unsaved changes: the browser's prompt on reload or
 * close (beforeunload, the only one a browser allows there), and on the console's own links the
 * console's ConfirmDialog (UnsavedPrompt). `text` is the question; render the returned element.
 */
export function useUnsavedWarning(dirty: boolean, text: string): ReactNode {
  const id = useId();
  const [leaving, setLeaving] = useState<string | null>(null);
  useEffect(() => {
    askers.set(id, setLeaving);
    return () => {
      askers.delete(id);
    };
  }, [id]);
  useEffect(() => {
    if (!installed) {
      window.addEventListener("beforeunload", onBeforeUnload);
      document.addEventListener("click", onLinkClick, true);
      installed = true;
    }
  }, []);
  useEffect(() => {
    if (dirty) dirtyForms.add(id);
    else dirtyForms.delete(id);
    return () => {
      dirtyForms.delete(id);
    };
  }, [dirty, id]);
  // Mounted only while asking: a closed dialog's heading would repeat on every form of the page.
  if (leaving === null) return null;
  return createElement(UnsavedPrompt, {
    leaving,
    text,
    onStay: () => setLeaving(null),
    onLeave: () => {
      // Leaving was chosen: the browser must not ask again on the way out.
      dirtyForms.clear();
      window.location.assign(leaving);
    },
  });
}

/** Marks a form saved (a successful submit leaves the page through a reload). */
export function forgetUnsaved(): void {
  dirtyForms.clear();
}
