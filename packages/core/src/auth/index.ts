export {
  login,
  verifySms,
  customToken,
  renewSession,
  userInfo,
  logout,
  requestResetPassword,
  resetPassword,
  type CallOptions,
} from './authClient.js';
export { parseResetPasswordHash } from './resetPasswordLink.js';
