import type { ManagedUser } from '@varde/core/contract';
import { INVITATION_TTL_MS, createResetTicketWithCommit } from '../auth/resetTickets.js';
import { resetPasswordLink } from '../auth/resetPasswordRoutes.js';
import type { CloudContext } from '../context.js';
import { invitationMail } from '../outbox/messageTexts.js';
import type { Tx } from '../storage/transaction.js';

/**
 * Invites a user created without a password: an e-mail in their language, from the person who added
 * them, with a link (the password page's ticket, valid for 7 days, once) to choose a password.
 */
export async function sendInvitation(ctx: CloudContext, user: Pick<ManagedUser, 'uid' | 'username' | 'name' | 'language'>, invitedBy: string, tx: Tx): Promise<void> {
  // Both rows go with the batch's other invitations, in one INSERT each, just before its commit.
  const ticket = await createResetTicketWithCommit(tx, user.uid, ctx.clock.now(), INVITATION_TTL_MS);
  const link = resetPasswordLink(ctx.config.publicOrigin, user.uid, ticket);
  const days = INVITATION_TTL_MS / 86_400_000;
  // The language the user was just created with (no need to read it back).
  await ctx.outbox.sendWithCommit({ channel: 'email', to: user.username, ...invitationMail(user.language, { name: user.name, invitedBy, link, days }) }, tx);
}
