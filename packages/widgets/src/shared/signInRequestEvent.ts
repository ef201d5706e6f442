/**
 * `varde-sign-in-request`: a signed-out widget asks for a sign-in (SignedOutPrompt.tsx); <varde-session>
 * opens its form. Declared in its own module, exported from src/index.ts, so the published declarations
 * carry the event: an augmentation only in a component file is in no .d.ts an app imports.
 */

/** The detail of `varde-sign-in-request`: nothing beyond the event itself. */
export type SignInRequestDetail = Record<string, never>;

declare module './events.js' {
  interface VardeEventMap {
    /** A widget asks for a sign-in; <varde-session> opens its form. */
    'varde-sign-in-request': SignInRequestDetail;
  }
}
