import type { Executor } from '../../db/client.js';
import type { OidcProviderConfig } from '../../config/identity.js';
import type { Caller } from '../../kernel/caller.js';
import { authRepository as users, type PublicUser } from './auth.repository.js';
import { SignInRefused, type OidcIdentity } from './auth.ports.js';
import { identityRepository as identities } from './identity.repository.js';

/** The teams module's verb (in this transaction): memberships a groups claim grants and takes back. */
export interface GroupMemberships {
  syncGroupMemberships(
    caller: Caller,
    input: { userId: string; source: string; groups: readonly string[] },
    tx: Executor,
  ): Promise<{ added: string[]; removed: string[] }>;
}

/** What marks a membership a sign-in through this provider added (decision 834). */
export const membershipSource = (providerId: string) => `oidc:${providerId}`;

const USERNAME = /^[^\s\p{Cc}]{2,50}$/u;

function groupsOf(claims: Record<string, unknown>, claim: string): string[] {
  const value = claims[claim];
  if (typeof value === 'string') return [value];
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
}

function emailDomainAllowed(provider: OidcProviderConfig, identity: OidcIdentity): boolean {
  if (provider.allowedEmailDomains.length === 0) return true;
  // An unverified address proves nothing about the domain (a multi-tenant provider lets anyone type one).
  if (!identity.email || !identity.emailVerified) return false;
  const domain = identity.email.slice(identity.email.lastIndexOf('@') + 1);
  return provider.allowedEmailDomains.includes(domain);
}

/** `preferred_username` when it is a valid username, else the email's local part; `-2`, `-3`… until free. */
async function freeUsername(tx: Executor, identity: OidcIdentity): Promise<string> {
  const wanted =
    identity.preferredUsername && USERNAME.test(identity.preferredUsername) ? identity.preferredUsername : undefined;
  const local = (identity.email ?? '').split('@')[0]!.replace(/[\s\p{Cc}]/gu, '');
  let base = (wanted ?? local).slice(0, 44);
  if (base.length < 2) base = `user-${identity.subject.replace(/[^A-Za-z0-9]/g, '').slice(0, 8) || 'sso'}`;
  const candidates = [base, ...Array.from({ length: 19 }, (_, i) => `${base}-${i + 2}`)];
  const taken = await users.usernamesTaken(tx, candidates);
  return candidates.find((c) => !taken.has(c)) ?? `${base}-${Math.random().toString(36).slice(2, 8)}`;
}

/**
 * Who the person is (decision 832), in this order: the identity already linked (issuer + subject);
 * else a person with the same email, only when the provider says the email is verified (then the
 * identity is linked); else a new user. Then the groups claim's team memberships. One transaction.
 */
export async function resolveSignIn(
  tx: Executor,
  caller: Caller,
  provider: OidcProviderConfig,
  identity: OidcIdentity,
  teams: GroupMemberships,
): Promise<{ user: PublicUser; created: boolean; linked: boolean }> {
  if (!emailDomainAllowed(provider, identity)) {
    throw new SignInRefused(
      'domain',
      `email ${identity.email ?? '(none)'} (verified: ${identity.emailVerified}) is outside ${provider.allowedEmailDomains.join(', ')}`,
    );
  }
  let user: PublicUser | undefined;
  let created = false;
  let linked = false;
  const known = await identities.findIdentity(tx, identity.issuer, identity.subject);
  if (known) {
    user = await users.findById(tx, known.userId);
    await identities.touchIdentity(tx, known.id, identity.email ?? null);
  } else {
    if (!identity.email)
      throw new SignInRefused('token', 'the ID token has no email claim, needed to find or create the account');
    const sameEmail = await users.findPersonByEmail(tx, identity.email);
    if (sameEmail && !identity.emailVerified) {
      // Linking on an unverified address would let anyone who types a colleague's email into their own account take over hers.
      throw new SignInRefused(
        'token',
        `email ${identity.email} belongs to an existing account but the provider does not say it is verified`,
      );
    }
    if (sameEmail) {
      user = sameEmail;
      linked = true;
    } else {
      const username = await freeUsername(tx, identity);
      user = await users.insertUser(tx, {
        username,
        email: identity.email,
        displayName: identity.name?.trim().slice(0, 100) || username,
        passwordHash: null,
        roles: ['user'],
      });
      created = true;
    }
    await identities.insertIdentity(tx, {
      userId: user.id,
      provider: provider.id,
      issuer: identity.issuer,
      subject: identity.subject,
      email: identity.email,
      lastSignInAt: new Date(),
    });
  }
  if (!user) throw new SignInRefused('token', 'the linked account no longer exists');
  if (user.deactivatedAt) throw new SignInRefused('disabled', `account ${user.id} is deactivated`);
  if (user.type === 'service') throw new SignInRefused('disabled', `account ${user.id} is a service account`);
  if (provider.groupsClaim) {
    await teams.syncGroupMemberships(
      caller,
      {
        userId: user.id,
        source: membershipSource(provider.id),
        groups: groupsOf(identity.claims, provider.groupsClaim),
      },
      tx,
    );
  }
  return { user, created, linked };
}
