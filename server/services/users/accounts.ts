/**
 * Creating and editing end users (`POST /v2/user`, `PUT /v2/user`): usernames and aliases are
 * stored lowercase and share one namespace; a user belongs to exactly one team, which must be
 * within the caller's scope. Every change writes its access-log entry in the same transaction.
 */
import { randomUUID } from "node:crypto";
import type { UserCreateReq, UserUpdateReq } from "../../../shared/schemas/user";
import { accessLevelFromStored, accessLevelToStored } from "../../../shared/domain/accessLevels";
import { isUniqueViolation } from "../../db/errors";
import { toFlag } from "../../db/flags";
import { runTransaction } from "../../db/transaction";
import type { Database, RowUpdate } from "../../db/types";
import type { Transaction } from "kysely";
import { AppError } from "../../errors";
import { recordAccess } from "../accessLog";
import type { RequestOrigin, ServiceContext } from "../../lib/context";
import { refusedUsernames } from "../domains";
import { reserveSeats } from "../licenses";
import { hashPassword } from "../identity";
import { actorOf, teamInScope, type Scope } from "../access";
import { loadUserDetails, type UserRecord } from "./details";
import { findScopedUser, nameConflict, normalizeAliases, replaceAliases, takenNames } from "./shared";
import { email } from "../../../shared/schemas/primitives";
import { enqueueMail } from "../../mail/outbox";
import { VALID_MINUTES_PARAM } from "../../mail/templates";
import { emailingEnabled, readSettings } from "../settings";
import { userRegistrationLink } from "./reset";
import { isRecentPassword, issueToken, setPassword } from "../identity";

/**
 * Creates a user in a team of the caller's scope: 501 `userCreate501` when the team does not
 * exist or is outside the scope (answered alike, so existence cannot be probed), 409
 * `userCreate409` when the username or an alias is taken, 400 `notEnoughLicenses` when the team
 * has no free seat (the seat is taken in the same transaction as the user's row), 502
 * `userCreate502` when the team white-lists domains and the username is an e-mail address outside
 * them. With a password (SHA-512 hex from the client, stored as argon2id) the user is active at once, otherwise pending until they complete registration: when the username
 * is an e-mail address and e-mailing is on, a `register` token ('user registration token expiry'
 * minutes) is issued and the `userRegistration` e-mail with `https://<my host>/register/<token>`
 * queued in the team's language, in the same transaction; otherwise the user just stays pending.
 * The answer never carries the token.
 */
export async function createUser(ctx: ServiceContext, scope: Scope, input: UserCreateReq, origin: RequestOrigin): Promise<UserRecord> {
  const { db, config } = ctx;
  const team = await db.selectFrom("teams").select(["id", "slug", "language"]).where("slug", "=", input.team).executeTakeFirst();
  // Outside the scope is answered as unknown (not userCreate502), so it cannot probe for teams.
  if (!team || !teamInScope(scope, team.id)) throw new AppError("userCreate501", 501);
  const username = input.username.trim().toLowerCase();
  const aliases = normalizeAliases(input.aliases, username);
  const taken = await takenNames(db, [username, ...aliases]);
  if (taken.size) throw nameConflict("userCreate409", taken, username, aliases);
  const passwordHash = input.password ? await hashPassword(config.secrets.passwordPepper, input.password) : null;
  // Only a pending user with an e-mail address can be sent the link to choose a password.
  const register = !passwordHash && email.safeParse(username).success && (await emailingEnabled(db, ctx.mail));
  const settings = register ? await readSettings(db) : null;
  const uid = randomUUID();
  const now = Date.now();
  try {
    // The answer is read in the transaction, on its connection: read after the commit it waited
    // for a pool connection again, and a full pool's 503 then reported as not done a user that
    // was created (the client's retry got 409 userCreate409).
    return await runTransaction(db, async (trx) => {
      // The seat and the user row it pays for commit together (DESIGN §11).
      await reserveSeats(trx, team.id, 1, now);
      // Read after the seat counter's lock, so the team's white-list is the one this insert meets.
      if ((await refusedUsernames(trx, team.id, [username])).size > 0) throw new AppError("userCreate502", 502);
      const user = await trx
        .insertInto("users")
        .values({
          uid,
          username,
          firstName: input.firstName,
          lastName: input.lastName,
          teamId: team.id,
          status: passwordHash ? "active" : "pending",
          isEcs: toFlag(input.ecs),
          isSip: toFlag(input.sip),
          isCellcrypt: toFlag(input.cellcrypt),
          accessLevel: accessLevelToStored(input.accessLevel ?? null),
          passwordHash,
          createdAt: now,
          updatedAt: now,
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      await replaceAliases(trx, user.id, aliases);
      if (passwordHash) await trx.insertInto("userPasswordHistory").values({ userId: user.id, passwordHash, createdAt: now }).execute();
      if (settings) {
        const { general, security } = settings;
        const token = await issueToken(trx, "user", user.id, "register", security.userRegistrationTokenExpiryMinutes, now);
        await enqueueMail(trx, {
          to: username,
          template: "userRegistration",
          lang: team.language,
          params: {
            firstName: input.firstName || username,
            link: userRegistrationLink(config.publicUrl, general.urlPrefixes.my, token),
            [VALID_MINUTES_PARAM]: String(security.userRegistrationTokenExpiryMinutes),
          },
        });
      }
      await recordAccess(
        trx,
        { actor: actorOf(scope), ...origin },
        {
          action: "user.create",
          target: { type: "user", id: uid },
          teamId: team.id,
          details: {
            username,
            team: team.slug,
            status: passwordHash ? "active" : "pending",
            aliases: aliases.length,
            registrationMail: register,
            accessLevel: input.accessLevel ?? null,
          },
        },
      );
      return loadUserDetails({ ...ctx, db: trx }, scope, uid);
    });
  } catch (error) {
    // A concurrent create took the name between the check and the insert.
    if (isUniqueViolation(error)) throw new AppError("userCreate409", 409);
    throw error;
  }
}

/** A user's access level as it stands before an edit, for the access log. */
async function storedLevel(trx: Transaction<Database>, userId: number): Promise<number | null> {
  const row = await trx.selectFrom("users").select("accessLevel").where("id", "=", userId).executeTakeFirst();
  return accessLevelFromStored(row?.accessLevel ?? null);
}

/** The editable fields of `PUT /v2/user`, as the access log names them. */
const EDITABLE = ["firstName", "lastName", "aliases", "ecs", "sip", "cellcrypt", "accessLevel", "password"] as const;

/**
 * Edits a user's names, aliases (the whole set is replaced), flags, access level and password;
 * absent fields stay as they are. A changed access level is logged with its old and new values
 * (the service acts on it, so the log says what it was). 404 `userEdit404` for an unknown or out-of-scope user, 409 `userEdit409` for an
 * alias that is another user's username or alias, 422 `userEdit422` for a password among the
 * user's last 'user password history' ones (nothing is written). A new password is recorded in
 * the history, trimmed to that many; the access log names the field, never the value.
 */
export async function updateUser(ctx: ServiceContext, scope: Scope, input: UserUpdateReq, origin: RequestOrigin): Promise<UserRecord> {
  const { db, config } = ctx;
  const user = await findScopedUser(db, scope, input.uid, "userEdit404");
  const historySize = input.password === undefined ? 0 : (await readSettings(db)).security.userPasswordHistory;
  const newHash = input.password === undefined ? null : await hashPassword(config.secrets.passwordPepper, input.password);
  const changes: RowUpdate<"users"> = {};
  if (input.firstName !== undefined) changes.firstName = input.firstName;
  if (input.lastName !== undefined) changes.lastName = input.lastName;
  if (input.ecs !== undefined) changes.isEcs = toFlag(input.ecs);
  if (input.sip !== undefined) changes.isSip = toFlag(input.sip);
  if (input.cellcrypt !== undefined) changes.isCellcrypt = toFlag(input.cellcrypt);
  if (input.accessLevel !== undefined) changes.accessLevel = accessLevelToStored(input.accessLevel);
  const aliases = input.aliases === undefined ? undefined : normalizeAliases(input.aliases, user.username);
  if (aliases) {
    const taken = await takenNames(db, aliases, user.id);
    if (taken.size) throw nameConflict("userEdit409", taken, null, aliases);
  }
  const fields = EDITABLE.filter((field) => input[field] !== undefined);
  try {
    // The answer is read inside the transaction, as in createUser.
    return await runTransaction(db, async (trx) => {
      const answer = () => loadUserDetails({ ...ctx, db: trx }, scope, user.uid, "userEdit404");
      if (fields.length === 0) return answer();
      if (input.password !== undefined && newHash !== null) {
        if (await isRecentPassword(trx, "user", config.secrets.passwordPepper, user.id, input.password, historySize))
          throw new AppError("userEdit422", 422);
        await setPassword(trx, "user", user.id, newHash, { keep: historySize });
      }
      const levelChange =
        input.accessLevel === undefined ? {} : { accessLevel: { from: await storedLevel(trx, user.id), to: input.accessLevel } };
      // The user's row first (locked by the update), then its aliases: the order bulk actions use.
      const updated = await trx
        .updateTable("users")
        .set({ ...changes, updatedAt: Date.now() })
        .where("id", "=", user.id)
        .executeTakeFirst();
      if (Number(updated.numUpdatedRows) === 0) throw new AppError("userEdit404", 404);
      if (aliases) await replaceAliases(trx, user.id, aliases);
      await recordAccess(
        trx,
        { actor: actorOf(scope), ...origin },
        {
          action: "user.update",
          target: { type: "user", id: user.uid },
          teamId: user.teamId,
          details: { fields, ...levelChange },
        },
      );
      return answer();
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError("userEdit409", 409);
    throw error;
  }
}
