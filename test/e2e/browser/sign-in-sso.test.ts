import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../helpers/free-port.js';
import { startOidcProvider, type OidcTestProvider } from '../../helpers/oidc-provider.js';
import { ADMIN, expectAccessible, portalFixture, settled, signIn, type PortalFixture } from './helpers/index.js';

/**
 * Single sign-on in Chromium against a real OpenID provider (oidc-provider 9): the button, the provider's
 * own page, back on returnTo signed in; the account page's identities and tokens (the secret once, a copy
 * button, revocation); the service accounts' administration; the refusals in words. axe on each of
 * Hangar's new pages, in both themes.
 */
let idp: OidcTestProvider;
let portal: PortalFixture;
const person = {
  sub: 'carol-sub',
  password: 'carol-pw',
  email: 'carol@example.com',
  email_verified: true,
  name: 'Carol Danvers',
  preferred_username: 'carol',
};

beforeAll(async () => {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  idp = await startOidcProvider({ redirectUris: [`${url}/api/v1/auth/oidc/corp/callback`], users: [person] });
  portal = await portalFixture({
    env: { PORT: String(port), PUBLIC_URL: url, OIDC_PROVIDERS: JSON.stringify([idp.entry()]) },
  });
}, 120_000);
afterAll(async () => {
  await portal?.close();
  await idp?.close();
});

describe('single sign-on in the browser', () => {
  it(
    'click the button, sign in at the provider, land signed in on returnTo; then the account page',
    { timeout: 120_000 },
    async () => {
      const { context, page } = await portal.newPage();
      await page.goto('/sign-in?redirect=%2Fteams');
      const button = page.getByRole('link', { name: 'Sign in with Corp SSO' });
      await button.waitFor();
      await expectAccessible(page, 'sign-in with providers (light)');
      await button.click();

      // The provider's own page.
      await page.getByLabel('Username').fill(person.sub);
      await page.getByLabel('Password').fill(person.password);
      await page.getByRole('button', { name: 'Continue' }).click();

      await page.getByRole('navigation', { name: 'Main' }).waitFor();
      expect(new URL(page.url()).pathname).toBe('/teams');
      const cookies = await context.cookies();
      expect(cookies.find((c) => c.name === 'hangar_refresh')).toMatchObject({ httpOnly: true });
      expect(await page.evaluate(() => JSON.stringify(localStorage) + JSON.stringify(sessionStorage))).not.toMatch(
        /hgr_pat_|eyJ/,
      );

      await page.goto('/account');
      await page.getByRole('heading', { name: 'Your account' }).waitFor();
      await page.getByRole('cell', { name: 'Corp SSO', exact: true }).waitFor();
      await page.getByText('Carol Danvers (carol, carol@example.com)').waitFor();
      await settled(page);
      await expectAccessible(page, 'account page (light)');

      // A token: the secret once, with a copy button.
      await page.getByRole('button', { name: 'New token' }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByLabel('Name').fill('laptop script');
      await dialog.getByLabel('Scope').selectOption('write');
      await expectAccessible(page, 'new token dialog (light)');
      await dialog.getByRole('button', { name: 'Create token' }).click();
      const secret = await dialog.getByRole('textbox', { name: 'Token laptop script' }).inputValue();
      expect(secret).toMatch(/^hgr_pat_[0-9A-Za-z]{40}$/);
      await context.grantPermissions(['clipboard-read', 'clipboard-write']);
      await dialog.getByRole('button', { name: 'Copy the token' }).click();
      await dialog.getByRole('button', { name: 'Copy the token' }).getByText('Copied').waitFor();
      await expectAccessible(page, 'token secret shown once (light)');
      const me = await portal.server.api('GET', '/api/v1/auth/me', undefined, secret);
      expect(me.status).toBe(200);
      expect(me.body.user.username).toBe('carol');
      await dialog.getByRole('button', { name: 'Done' }).click();

      const row = page.getByRole('row', { name: /laptop script/ });
      await row.waitFor();
      expect(await page.content()).not.toContain(secret);
      await row.getByRole('button', { name: 'Revoke token laptop script' }).click();
      await page.getByRole('dialog').getByRole('button', { name: 'Revoke token' }).click();
      await page.getByText('No tokens yet').waitFor();
      expect((await portal.server.api('GET', '/api/v1/auth/me', undefined, secret)).status).toBe(401);
      await context.close();
    },
  );

  it('the account page and the refusals in dark theme', { timeout: 90_000 }, async () => {
    const { page } = await portal.signedIn('/account', { theme: 'dark', viewport: 'mobile' });
    await page.getByRole('heading', { name: 'Your account' }).waitFor();
    await settled(page);
    await expectAccessible(page, 'account page (dark, mobile)');

    const { page: out } = await portal.newPage({ theme: 'dark' });
    for (const [reason, words] of [
      ['domain', 'not from a domain allowed'],
      ['state', 'took too long or was started in another window'],
      ['disabled', 'deactivated'],
    ] as const) {
      await out.goto(`/sign-in?error=${reason}`);
      await out.getByRole('alert').getByText(words).waitFor();
    }
    await out.getByRole('link', { name: 'Sign in with Corp SSO' }).waitFor();
    await expectAccessible(out, 'sign-in with an error (dark)');
  });

  it('administration: service accounts and their tokens', { timeout: 90_000 }, async () => {
    for (const theme of ['light', 'dark'] as const) {
      const { page } = await portal.newPage({ theme });
      await signIn(page, ADMIN, '/admin/service-accounts');
      await page.getByRole('heading', { name: 'Service accounts', level: 1 }).waitFor();
      const name = `ci-bot-${theme}`;
      await page.getByRole('button', { name: 'New service account' }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByLabel('Name').fill(name);
      await dialog.getByLabel('Description').fill('Records deployments from CI');
      await dialog.getByRole('button', { name: 'Create service account' }).click();
      await page.getByRole('row', { name: new RegExp(name) }).waitFor();
      await settled(page);
      await expectAccessible(page, `service accounts (${theme})`);

      await page.getByRole('button', { name: `Tokens of ${name}` }).click();
      await page.getByRole('button', { name: `New token for ${name}` }).click();
      const tokenDialog = page.getByRole('dialog', { name: `New token for ${name}` });
      await tokenDialog.getByLabel('Name').fill('deploys');
      await tokenDialog.getByRole('button', { name: 'Create token' }).click();
      const secret = await page.getByRole('textbox', { name: 'Token deploys' }).inputValue();
      expect((await portal.server.api('GET', '/api/v1/auth/me', undefined, secret)).body.user).toMatchObject({
        username: name,
        type: 'service',
      });
      await expectAccessible(page, `service account token (${theme})`);
      await page.getByRole('button', { name: 'Done' }).click();
      await page.getByRole('row', { name: /deploys/ }).waitFor();
    }
  });
});
