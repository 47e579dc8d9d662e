/**
 * The signed-in page's one status region. Every success on a page lands in
 * the same polite live region under the header, so the latest message replaces the previous one
 * instead of piling up beside each form, and screen readers announce it. The region is plain
 * server-rendered markup (AppLayout), so pages without islands need no script for it; islands
 * write to it through these functions. A save that changes what the server rendered reloads the
 * page (the page then shows what the server now holds) and hands its message over the reload.
 * The region is sticky (visible wherever the admin is on the page) but never left over the form
 * its message reports on: the page scrolls that form out from under it (keepClear).
 */

/** Id of the live region's text element, rendered by AppLayout. */
export const PAGE_STATUS_ID = "page-status";

const PENDING_KEY = "bulwark:page-status";

/** The message about to be shown (see announceStatus); a later call cancels it. */
let showing: number | undefined;

/** Room kept between the status region and the form it reports on. */
const CLEARANCE_PX = 8;

/** The control the admin last acted with (a submit or a click): the message reports on its form. */
let actedWith: Element | null = null;

/** Records the control of every submit and click, once per page (see keepClear). */
function trackActions(): void {
  if (typeof document === "undefined" || document.documentElement.dataset.statusTracked) return;
  document.documentElement.dataset.statusTracked = "1";
  document.addEventListener(
    "submit",
    (event) => {
      actedWith = event.submitter ?? (event.target instanceof Element ? event.target : null);
    },
    true,
  );
  document.addEventListener(
    "click",
    (event) => {
      const target = event.target instanceof Element ? event.target.closest("button, a, input") : null;
      if (target) actedWith = target;
    },
    true,
  );
}

/** Whether an element is laid out (a closed dialog and what it holds are not). */
function shown(element: Element): boolean {
  const box = element.getBoundingClientRect();
  return box.width > 0 && box.height > 0;
}

/**
 * What the message must not cover: the form (or open dialog, or island) of the control acted
 * with when it fits below the region, else the nearest of them still shown (a form taller than
 * the screen: the control itself).
 */
function reportedOn(below: number): Element | null {
  if (!actedWith?.isConnected) return null;
  const room = window.innerHeight - below - CLEARANCE_PX;
  const around = [actedWith.closest("form"), actedWith.closest("dialog[open]"), actedWith.closest("bulwark-island")];
  const candidates = [...around.filter((e): e is Element => e !== null && shown(e)), actedWith].filter(shown);
  return candidates.find((e) => e.getBoundingClientRect().height <= room) ?? null;
}

/**
 * The region is sticky, so it lies over whatever is under it: when that is the form the message
 * reports on, the page scrolls just enough for the form to sit below the message.
 */
function keepClear(frame: HTMLElement): void {
  const below = frame.getBoundingClientRect().bottom;
  const target = reportedOn(below);
  if (!target) return;
  const top = target.getBoundingClientRect().top;
  if (top < below + CLEARANCE_PX) window.scrollBy({ top: top - below - CLEARANCE_PX, behavior: "instant" });
}

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
    const frame = text.closest<HTMLElement>(".page-status");
    if (frame) keepClear(frame);
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
    // The island reported on, by its prefix: the reloaded page keeps the message off it too.
    const island = actedWith?.closest("bulwark-island")?.getAttribute("prefix") ?? null;
    window.sessionStorage.setItem(PENDING_KEY, JSON.stringify({ path: window.location.pathname, message, island }));
  } catch {
    // Storage refused (private mode quotas): the page still reloads with fresh data.
  }
  window.location.reload();
}

/**
 * Called once by the hydrator: wires the Dismiss button (it shows only once wired: pages without
 * islands keep a server notice without it), starts noting which control each message reports on
 * (keepClear) and shows a message handed over by reloadWithStatus.
 */
export function showPendingStatus(): void {
  trackActions();
  const text = region();
  if (text) wireDismiss(text);
  let pending: { path?: unknown; message?: unknown; island?: unknown } | null = null;
  try {
    const raw = window.sessionStorage.getItem(PENDING_KEY);
    window.sessionStorage.removeItem(PENDING_KEY);
    pending = raw ? (JSON.parse(raw) as { path?: unknown; message?: unknown; island?: unknown }) : null;
  } catch {
    return;
  }
  if (!pending || pending.path !== window.location.pathname || typeof pending.message !== "string") return;
  if (typeof pending.island === "string") {
    const island = Array.from(document.querySelectorAll("bulwark-island")).find((el) => el.getAttribute("prefix") === pending.island);
    actedWith = island?.querySelector("form") ?? island ?? null;
  }
  announceStatus(pending.message);
}
