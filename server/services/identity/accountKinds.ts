import type { TokenPurpose, UserTokenPurpose } from "../../db/types";

/**
 * The two kinds of account identity serves: console administrators and the end users of the
 * communications service. Their tokens and password histories live in tables of their own; the
 * logic over them is one.
 */
export type AccountKind = "admin" | "user";

/** What a one-time token of each kind may be for. */
export interface TokenPurposes {
  admin: TokenPurpose;
  user: UserTokenPurpose;
}
