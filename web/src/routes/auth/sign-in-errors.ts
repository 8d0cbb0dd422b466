/**
 * What `/sign-in?error=<reason>` means, in words a person understands (decision 838). The server's
 * details stay in its log; these say what to do next.
 */
const MESSAGES: Record<string, string> = {
  state: 'The sign-in took too long or was started in another window. Please try again.',
  denied:
    'Your identity provider did not sign you in (perhaps you cancelled). Try again, or ask your administrator for access.',
  exchange: 'Hangar could not finish the sign-in with your identity provider. Please try again in a moment.',
  token:
    'Hangar could not confirm who you are from your identity provider’s answer. If you already have a Hangar account with this email, ask an administrator to link it.',
  domain: 'Your email address is not from a domain allowed to sign in to this Hangar.',
  disabled: 'Your Hangar account is deactivated. Ask an administrator to reactivate it.',
  unavailable: 'Your identity provider cannot be reached right now. Please try again in a moment.',
};

export const signInErrorMessage = (reason: string) =>
  MESSAGES[reason] ?? 'The sign-in did not complete. Please try again.';
