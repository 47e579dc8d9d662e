import { Island } from "../Island";
import { useRenderState } from "../render-context";
import { ReauthPrompt } from "../../islands/ReauthPrompt";

/**
 * The prompt's island, placed by the layout after the page's content: only on a page that has
 * islands of its own (a page without them sends no script, and makes no API call to refuse).
 */
export function ReauthPromptIsland({ csrfToken }: { csrfToken: string }) {
  const state = useRenderState();
  if (!state || state.islands.size === 0) return null;
  return <Island name="ReauthPrompt" component={ReauthPrompt} props={{ csrfToken }} namespaces={["layout", "validation"]} />;
}
