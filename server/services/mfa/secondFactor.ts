/**
 * The one seam through which a second factor is checked outside the sign-in challenge (sudo mode's
 * re-authentication, issue #29 item 5): each kind of factor registers a verifier saying whether an
 * admin has it, which methods it offers, and how to check a proof of it. TOTP and recovery codes
 * are built in; passkeys plug in with registerSecondFactor (their proof is an assertion, not a code).
 */
import type { RequestOrigin, ServiceContext } from "../../lib/context";
import type { BudgetedCheck } from "../identity";
import { checkFactorCode } from "./factors";
import { hasSecondFactor } from "./state";

/** What the caller brings as proof of a factor: a code (TOTP or recovery), or a passkey assertion. */
export interface SecondFactorProof {
  code?: string | undefined;
  passkey?: unknown;
}

/** The admin whose factor is checked, as mails and logs name them. */
export interface FactorSubject {
  id: number;
  uid: string;
  username: string;
  firstName: string;
  lang: string;
}

/** One kind of second factor. */
export interface SecondFactorVerifier {
  /** The methods it offers an admin who has it (`totp`, `recovery`, `passkey`). */
  methods: readonly string[];
  /** Whether the admin has this factor set up. */
  enrolled(ctx: ServiceContext, adminId: number): Promise<boolean>;
  /** Checks the proof when it is this factor's (spending the lockout budget); null when it is not. */
  verify(ctx: ServiceContext, admin: FactorSubject, proof: SecondFactorProof, origin: RequestOrigin): Promise<BudgetedCheck | null>;
}

const codeVerifier: SecondFactorVerifier = {
  methods: ["totp", "recovery"],
  enrolled: (ctx, adminId) => hasSecondFactor(ctx, adminId),
  verify: (ctx, admin, proof, origin) =>
    proof.code === undefined ? Promise.resolve(null) : checkFactorCode(ctx, admin, proof.code, origin),
};

const verifiers: SecondFactorVerifier[] = [codeVerifier];

/** Adds a kind of factor (passkeys) to re-authentication; registering the same object twice is harmless. */
export function registerSecondFactor(verifier: SecondFactorVerifier): void {
  if (!verifiers.includes(verifier)) verifiers.push(verifier);
}

/** The methods the admin can re-authenticate with besides the password; empty when they have no factor. */
export async function secondFactorMethods(ctx: ServiceContext, adminId: number): Promise<string[]> {
  const methods: string[] = [];
  for (const verifier of verifiers) if (await verifier.enrolled(ctx, adminId)) methods.push(...verifier.methods);
  return methods;
}

/**
 * Checks a proof against the admin's enrolled factors: the first enrolled verifier that recognises
 * it decides. "wrong" when none does (no proof, or one of a factor the admin does not have).
 */
export async function verifySecondFactor(
  ctx: ServiceContext,
  admin: FactorSubject,
  proof: SecondFactorProof,
  origin: RequestOrigin,
): Promise<BudgetedCheck> {
  for (const verifier of verifiers) {
    if (!(await verifier.enrolled(ctx, admin.id))) continue;
    const outcome = await verifier.verify(ctx, admin, proof, origin);
    if (outcome !== null) return outcome;
  }
  return "wrong";
}
