/**
 * False on the server and while the browser hydrates, true from the render after: what only the
 * browser knows (window, history, media queries) may show from then on without a hydration
 * mismatch. One implementation for React and Preact: client/components/hooks.tsx.
 */
export { useHydrated } from "./hooks";
