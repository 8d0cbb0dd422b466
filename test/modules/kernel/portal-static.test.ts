import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildTestApp, expectError, type TestApp } from '../../helpers/app.js';

const INDEX =
  '<!doctype html><html><head><script type="module" src="/assets/index-abc123.js"></script></head><body><div id="root"></div></body></html>';
const SCRIPT = `console.log(${JSON.stringify('hangar '.repeat(200))});`;
const HTML = { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' };

function writeBuild(): string {
  const dir = mkdtempSync(join(tmpdir(), 'hangar-portal-'));
  mkdirSync(join(dir, 'assets'));
  writeFileSync(join(dir, 'index.html'), INDEX);
  writeFileSync(join(dir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  writeFileSync(join(dir, 'assets', 'index-abc123.js'), SCRIPT);
  writeFileSync(join(dir, 'assets', 'index-abc123.js.br'), brotliCompressSync(SCRIPT));
  writeFileSync(join(dir, 'assets', 'index-abc123.js.gz'), gzipSync(SCRIPT));
  return dir;
}

describe('portal: web/dist served by the API process', () => {
  let t: TestApp;
  let dir: string;
  beforeAll(async () => {
    dir = writeBuild();
    t = await buildTestApp({ PORTAL_DIR: dir });
  });
  afterAll(async () => {
    await t?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('serves index.html at / without caching it', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/', headers: HTML });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.body).toBe(INDEX);
  });

  it('serves hashed assets immutably, precompressed when accepted', async () => {
    const br = await t.app.inject({
      method: 'GET',
      url: '/assets/index-abc123.js',
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(br.statusCode).toBe(200);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(SCRIPT);

    const gz = await t.app.inject({
      method: 'GET',
      url: '/assets/index-abc123.js',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(SCRIPT);

    const plain = await t.app.inject({
      method: 'GET',
      url: '/assets/index-abc123.js',
      headers: { 'accept-encoding': 'identity' },
    });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(SCRIPT);
  });

  it('answers the SPA for HTML navigations to portal paths (deep links)', async () => {
    for (const url of ['/catalog', '/catalog/component/default/payments?tab=apis', '/teams/platform']) {
      const res = await t.app.inject({ method: 'GET', url, headers: HTML });
      expect(res.statusCode, url).toBe(200);
      expect(res.body).toBe(INDEX);
      expect(res.headers['cache-control']).toBe('no-cache');
    }
    const head = await t.app.inject({ method: 'HEAD', url: '/catalog', headers: HTML });
    expect(head.statusCode).toBe(200);
  });

  it('keeps the JSON 404 and 405 for server paths and non-HTML requests', async () => {
    for (const url of [
      '/api/v1/nothing-here',
      '/api/nothing',
      '/events/x',
      '/socket.io/x',
      '/metrics/x',
      '/health/x',
    ]) {
      const res = await t.app.inject({ method: 'GET', url, headers: HTML });
      expect(expectError(res, 404).message, url).toContain('not found');
    }
    expectError(await t.app.inject({ method: 'GET', url: '/catalog', headers: { accept: 'application/json' } }), 404);
    expectError(await t.app.inject({ method: 'GET', url: '/assets/missing-123.js', headers: { accept: '*/*' } }), 404);
    expectError(await t.app.inject({ method: 'POST', url: '/catalog', headers: HTML }), 404);
    const notAllowed = await t.app.inject({ method: 'GET', url: '/api/v1/auth/login', headers: HTML });
    expectError(notAllowed, 405);
    expect(notAllowed.headers.allow).toBe('POST');
    expectError(await t.app.inject({ method: 'DELETE', url: '/assets/index-abc123.js' }), 405);
  });

  it('sends a strict Content-Security-Policy the portal and /api/docs work under', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/', headers: HTML });
    const csp = String(res.headers['content-security-policy']);
    const directives = Object.fromEntries(
      csp.split(';').map((d) => {
        const [name, ...values] = d.trim().split(/\s+/);
        return [name, values.join(' ')];
      }),
    );
    expect(directives['default-src']).toBe("'self'");
    expect(directives['script-src']).toBe("'self'");
    expect(directives['style-src']).toBe("'self' 'unsafe-inline'");
    expect(directives['worker-src']).toBe("'self' blob:");
    expect(directives['connect-src']).toBe("'self'");
    expect(directives['img-src']).toBe("'self' data:");
    expect(directives['object-src']).toBe("'none'");
    expect(csp).not.toMatch(/https:|http:|upgrade-insecure-requests|unsafe-eval/);
    // Swagger UI's page loads only same-origin scripts and styles.
    const docs = await t.app.inject({ method: 'GET', url: '/api/docs' });
    expect(docs.statusCode).toBe(200);
    expect(docs.headers['content-security-policy']).toBe(csp);
    expect(docs.body).not.toMatch(/<script>(?!\s*<\/script>)|src="https?:|href="https?:/);
  });

  it('leaves the API as it was', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/teams', headers: bearer(await t.adminToken()) });
    expect(res.statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/docs/openapi.json' })).statusCode).toBe(200);
  });
});

describe('portal: no build', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ PORTAL_DIR: join(tmpdir(), 'hangar-portal-missing-' + process.pid) });
  });
  afterAll(async () => t?.close());

  it('answers 503 at / and on deep links, saying how to build it', async () => {
    const html = await t.app.inject({ method: 'GET', url: '/', headers: HTML });
    expect(html.statusCode).toBe(503);
    expect(html.headers['content-type']).toMatch(/^text\/html/);
    expect(html.body).toContain('npm run build');
    const json = await t.app.inject({ method: 'GET', url: '/' });
    expect(expectError(json, 503).message).toContain('npm run build');
    expect((await t.app.inject({ method: 'GET', url: '/catalog', headers: HTML })).statusCode).toBe(503);
    expectError(await t.app.inject({ method: 'GET', url: '/api/v1/nothing', headers: HTML }), 404);
  });
});
