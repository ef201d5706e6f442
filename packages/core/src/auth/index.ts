export * from './authClient.js';
export * from './resetPasswordLink.js';
