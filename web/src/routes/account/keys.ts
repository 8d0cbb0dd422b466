// The account area's query keys. Every key starts with the area a live event invalidates (live/event-keys.ts),
// so an open page follows the server with a prefix match.
export const accountKeys = {
  all: () => ['account'] as const,
  providers: () => ['account', 'providers'] as const,
  me: () => ['account', 'me'] as const,
  tokens: (userId?: string) => ['account', 'tokens', userId ?? 'mine'] as const,
  serviceAccounts: (params: object) => ['account', 'service-accounts', params] as const,
};
