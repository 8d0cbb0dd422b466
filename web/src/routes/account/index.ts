// The account area's public face: what other areas and the shell may import from it (decision 941).
// Everything else in routes/account/ is internal; keys.ts (the live map) and routes.tsx (the router) are public too.
export {
  useCreateServiceAccount,
  useCreateServiceAccountToken,
  useDeleteServiceAccount,
  useRevokeToken,
  useServiceAccounts,
  useSignInProviders,
  useTokens,
} from './queries';
export type { ServiceAccount } from './queries';
export { NewTokenDialog } from './token-dialog';
export { TokensTable } from './tokens-table';
