/**
 * The signed-in page's one status region. Every success on a page lands in
 * the same polite live region under the header, so the latest message replaces the previous one
 * instead of piling up beside each form, and screen readers announce it. The region is plain
 * server-rendered markup (AppLayout), so pages without islands need no script for it; islands
 * write to it through these functions. A save that changes what the server rendered reloads the
 * page (the page then shows what the server now holds) and hands its message over the reload.
 */

/** Id of the live region's text element, rendered by AppLayout. */
export const PAGE_STATUS_ID = "page-status";

const PENDING_KEY = "bulwark:page-status";

/** The message about to be shown (see announceStatus); a later call cancels it. */
let showing: number | undefined;

function region(): HTMLElement | null {
  return typeof document === "undefined" ? null : document.getElementById(PAGE_STATUS_ID);
}

/** Whether this page has the status region (signed-in pages do, public pages do not). */
export function hasStatusRegion(): boolean {
  return region() !== null;
}

/** Wires the dismiss button once: it empties the region and leaves focus on the main landmark. */
function wireDismiss(text: HTMLElement): void {
  const frame = text.closest<HTMLElement>(".page-status");
  const dismiss = frame?.querySelector<HTMLButtonElement>(".page-status-dismiss");
  if (!dismiss || dismiss.dataset.wired) return;
  dismiss.dataset.wired = "1";
  dismiss.addEventListener("click", () => {
    text.textContent = "";
    // The button hides itself with the message: focus goes to the content, never to the body.
    document.getElementById("main")?.focus();
  });
}

/** Shows a success message in the page's status region; false when the page has none (public pages). */
export function announceStatus(message: string): boolean {
  const text = region();
  if (!text) return false;
  wireDismiss(text);
  // Emptied first, so repeating the same message is still a change a screen reader announces.
  text.textContent = "";
  window.clearTimeout(showing);
  showing = window.setTimeout(() => {
    text.textContent = message;
  }, 50);
  return true;
}

/** Empties the status region (a new attempt failed: an older success must not stand beside its error). */
export function clearStatus(): void {
  window.clearTimeout(showing);
  const text = region();
  if (text) text.textContent = "";
}

/**
 * Reloads the page so it shows what the server now holds (cards, header), and shows `message`
 * in the status region of the reloaded page.
 */
export function reloadWithStatus(message: string): void {
  try {
    window.sessionStorage.setItem(PENDING_KEY, JSON.stringify({ path: window.location.pathname, message }));
  } catch {
    // Storage refused (private mode quotas): the page still reloads with fresh data.
  }
  window.location.reload();
}

/**
 * Called once by the hydrator: wires the Dismiss button (it shows only once wired: pages without
 * islands keep a server notice without it) and shows a message handed over by reloadWithStatus.
 */
export function showPendingStatus(): void {
  const text = region();
  if (text) wireDismiss(text);
  let pending: { path?: unknown; message?: unknown } | null = null;
  try {
    const raw = window.sessionStorage.getItem(PENDING_KEY);
    window.sessionStorage.removeItem(PENDING_KEY);
    pending = raw ? (JSON.parse(raw) as { path?: unknown; message?: unknown }) : null;
  } catch {
    return;
  }
  if (pending && pending.path === window.location.pathname && typeof pending.message === "string") announceStatus(pending.message);
}
