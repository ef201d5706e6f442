import { recordFailedSignIn } from '../auth/signInAudit.js';
import type { CloudContext } from '../context.js';
import { checkPassword, findAccount, resendSmsCode, sendSmsCode, smsCodeStatus, verifySmsCode } from '../auth/credentials.js';
import type { OidcIdentity } from './identity.js';

/** The provider's view of the cloud's accounts: the same checks (and throttling) as the auth server. */
export function cloudIdentity(ctx: CloudContext): OidcIdentity {
  return {
    checkPassword: (piscadaId, password, client) => checkPassword(ctx, piscadaId, password, client),
    sendSmsCode: (uid) => sendSmsCode(ctx, uid),
    resendSmsCode: (uid) => resendSmsCode(ctx, uid),
    smsCodeStatus: (uid) => smsCodeStatus(ctx, uid),
    verifySmsCode: (uid, code) => verifySmsCode(ctx, uid, code),
    findAccount: async (uid) => {
      const account = await findAccount(ctx, uid);
      return account ? { uid: account.uid, name: account.name, email: account.email } : undefined;
    },
    recordRefused: (request, who, why) => recordFailedSignIn(ctx, request, who, why),
  };
}
