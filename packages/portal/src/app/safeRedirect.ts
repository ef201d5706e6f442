/** Only same-origin paths are followed after sign-in (an open redirect would hand sessions away). */
export function safeRedirect(value: string | null): string | undefined {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return undefined;
  return value;
}
