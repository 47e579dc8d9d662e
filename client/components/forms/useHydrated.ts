/**
 * Whether this render runs in a hydrated island: false on the server and during hydration, true
 * from the first render after it (and at once for anything mounted later, such as a dialog).
 * A form that carries a secret uses it to stay unsubmittable until its island can hash and post
 * the secret itself (docs/DECISIONS.md "Console: forms that carry secrets").
 */
export { useHydrated } from "../hooks";
