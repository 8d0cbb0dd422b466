import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGit } from '../../src/integrations/git/git.adapter.js';
import { GitError, GitUrlRefused } from '../../src/integrations/git/git.port.js';
import { Invalid } from '../../src/kernel/errors.js';

/**
 * Git as an attack surface (issue 9), each fault injected from the outside: a remote that accepts
 * and never answers, a planted .gitconfig, URLs to private addresses, redirects, port-scan oracles,
 * local paths outside GIT_LOCAL_ROOT.
 */
const root = mkdtempSync(join(tmpdir(), 'hangar-git-hardening-'));
// The temp folder git used to take as HOME: a config planted there must not reach git.
const plantedTmp = join(root, 'tmp');
mkdirSync(plantedTmp);
const previousTmp = process.env.TMPDIR;
process.env.TMPDIR = plantedTmp;

const servers: net.Server[] = [];
const listen = (srv: net.Server) =>
  new Promise<number>((resolve) => {
    servers.push(srv);
    srv.listen(0, '127.0.0.1', () => resolve((srv.address() as net.AddressInfo).port));
  });

function sh(cwd: string, ...args: string[]) {
  const r = spawnSync('git', ['-c', 'user.name=T', '-c', 'user.email=t@t', '-c', 'commit.gpgsign=false', ...args], {
    cwd,
    encoding: 'utf8',
  });
  if (r.status !== 0) throw new Error(r.stderr);
  return r.stdout;
}

function realRepo(name: string): { dir: string; url: string } {
  const dir = join(root, name);
  mkdirSync(dir);
  sh(dir, 'init', '--quiet', '-b', 'main');
  writeFileSync(join(dir, 'README.md'), 'hello\n');
  sh(dir, 'add', '--all');
  sh(dir, 'commit', '--quiet', '-m', 'one');
  return { dir, url: pathToFileURL(dir).href };
}

const base = { allowFileUrls: true, timeoutMs: 30_000, maxBytes: 10 * 1024 * 1024 };

afterAll(() => {
  for (const s of servers) s.close();
  // Assigning undefined would store the text "undefined": remove the variable when it was unset.
  if (previousTmp === undefined) delete process.env.TMPDIR;
  else process.env.TMPDIR = previousTmp;
  rmSync(root, { recursive: true, force: true });
});

describe('GIT_TIMEOUT_S holds for every transport', () => {
  let silentPort: number;
  const sockets: net.Socket[] = [];
  beforeAll(async () => {
    // Accepts the connection and never answers: git's remote-http helper would wait forever.
    silentPort = await listen(net.createServer((s) => sockets.push(s)));
  });
  afterAll(() => sockets.forEach((s) => s.destroy()));

  it('kills the whole process group of an http(s) call that never gets an answer', async () => {
    const git = createGit({ ...base, timeoutMs: 1000, allowedHosts: ['127.0.0.1'] });
    const started = Date.now();
    const err = await git.listTags(`http://127.0.0.1:${silentPort}/repo.git`).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(GitError);
    expect((err as GitError).reason).toBe('timed out after 1 s');
    expect(Date.now() - started).toBeLessThan(5000);
  }, 15_000);

  it('kills git when the caller aborts (a job timeout or cancel)', async () => {
    const git = createGit({ ...base, allowedHosts: ['127.0.0.1'] });
    const ctl = new AbortController();
    setTimeout(() => ctl.abort(new Error('job cancelled')), 300);
    const err = await git
      .shallowClone(`http://127.0.0.1:${silentPort}/repo.git`, join(root, 'never'), undefined, { signal: ctl.signal })
      .catch((e: unknown) => e);
    expect((err as GitError).reason).toBe('cancelled');
  }, 15_000);
});

describe('isolated configuration', () => {
  it('ignores a .gitconfig planted in the temp folder (fsmonitor, insteadOf, credential helpers)', async () => {
    const marker = join(root, 'fsmonitor-ran');
    const hook = join(root, 'hook.sh');
    writeFileSync(hook, `#!/bin/sh\ntouch '${marker}'\nexit 1\n`);
    chmodSync(hook, 0o755);
    const repo = realRepo('isolated');
    const target = realRepo('isolated-target');
    sh(target.dir, 'checkout', '--quiet', '--detach');
    const planted = `[core]\n\tfsmonitor = ${hook}\n[url "file:///nonexistent/"]\n\tinsteadOf = file://\n[credential]\n\thelper = !touch '${marker}'\n`;
    writeFileSync(join(plantedTmp, '.gitconfig'), planted);
    mkdirSync(join(plantedTmp, '.config', 'git'), { recursive: true });
    writeFileSync(join(plantedTmp, '.config', 'git', 'config'), planted);
    const git = createGit(base);
    await git.shallowClone(repo.url, join(root, 'isolated-clone'));
    expect(existsSync(join(root, 'isolated-clone', 'README.md'))).toBe(true);
    await git.commitFiles(target.url, [{ path: 'a.txt', content: 'a' }], 'add a');
    expect(existsSync(marker)).toBe(false);
  });
});

describe('SSRF: user URLs may not reach internal addresses', () => {
  let hits = 0;
  let port: number;
  beforeAll(async () => {
    port = await listen(net.createServer((s) => (hits++, s.destroy())));
  });

  it.each([
    'http://127.0.0.1:PORT/x.git',
    'https://169.254.169.254/latest/meta-data',
    'http://10.1.2.3/x.git',
    'http://192.168.1.1/x.git',
    'http://172.16.0.1/x.git',
    'http://100.64.0.1/x.git',
    'http://[::1]:PORT/x.git',
    'http://[fd00::1]/x.git',
    'http://[::ffff:127.0.0.1]:PORT/x.git',
    'http://0x7f.1:PORT/x.git',
    'http://localhost:PORT/x.git',
    'ssh://git@127.0.0.1:PORT/x.git',
    'git@10.0.0.5:org/x.git',
    'git://169.254.169.254/x.git',
  ])('refuses %s before any network call', async (template) => {
    const url = template.replace('PORT', String(port));
    const git = createGit(base);
    expect(() => git.assertUrl(url, 'sourceRepoUrl')).toThrow(Invalid);
    await expect(git.checkUrl(url, 'sourceRepoUrl')).rejects.toThrow(/sourceRepoUrl may not point to/);
    const err = await git.listTags(url).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(GitUrlRefused);
    expect(hits).toBe(0);
  });

  it('resolves names and checks every address', async () => {
    const git = createGit({
      ...base,
      resolver: async (h) => (h === 'mixed.example' ? ['93.184.216.34', '10.0.0.1'] : ['93.184.216.34']),
    });
    await expect(git.checkUrl('https://mixed.example/x.git', 'url')).rejects.toThrow(/resolves to a private address/);
    await expect(git.checkUrl('https://public.example/x.git', 'url')).resolves.toBeUndefined();
    // A name that does not resolve is not refused here: git fails on it the same way, later.
    const offline = createGit({ ...base, resolver: async () => Promise.reject(new Error('ENOTFOUND')) });
    await expect(offline.checkUrl('https://github.com/acme/repo.git', 'url')).resolves.toBeUndefined();
  });

  it('lets GIT_ALLOWED_HOSTS through (names, addresses, CIDR ranges, *.suffix)', async () => {
    const git = createGit({
      ...base,
      allowedHosts: ['127.0.0.1', 'git.internal', '10.0.0.0/8', '*.corp.example'],
      resolver: async () => ['10.1.1.1'],
    });
    for (const url of [
      'http://127.0.0.1:1/x',
      'https://git.internal/x',
      'https://10.2.3.4/x',
      'https://scm.corp.example/x',
      'https://resolves-to-ten.example/x',
    ]) {
      await expect(git.checkUrl(url, 'url')).resolves.toBeUndefined();
    }
    await expect(git.checkUrl('http://192.168.0.1/x', 'url')).rejects.toThrow(Invalid);
  });

  it('does not follow redirects and does not quote connection diagnostics', async () => {
    let redirected = 0;
    const target = http.createServer((_req, res) => (redirected++, res.writeHead(404).end()));
    const targetPort = await listen(target);
    const redirector = http.createServer((_req, res) =>
      res
        .writeHead(301, { location: `http://127.0.0.1:${targetPort}/other.git/info/refs?service=git-upload-pack` })
        .end(),
    );
    const redirectPort = await listen(redirector);
    const git = createGit({ ...base, allowedHosts: ['127.0.0.1'] });
    const err = (await git.listTags(`http://127.0.0.1:${redirectPort}/x.git`).catch((e: unknown) => e)) as GitError;
    expect(err).toBeInstanceOf(GitError);
    expect(redirected).toBe(0);
    const closed = await new Promise<number>((resolve) => {
      const s = net.createServer();
      s.listen(0, '127.0.0.1', () => {
        const p = (s.address() as net.AddressInfo).port;
        s.close(() => resolve(p));
      });
    });
    const refused = (await git.listTags(`http://127.0.0.1:${closed}/x.git`).catch((e: unknown) => e)) as GitError;
    expect(refused.reason).toBe('the repository could not be reached');
    expect(refused.reason).not.toMatch(/port|refused|connect/i);
  });
});

describe('local repositories', () => {
  it('are refused when off, and confined to GIT_LOCAL_ROOT when set', async () => {
    const repo = realRepo('local-root');
    const off = createGit({ ...base, allowFileUrls: false });
    expect(() => off.assertUrl(repo.url, 'url')).toThrow(/GIT_ALLOW_FILE_URLS is off/);
    expect(() => off.assertUrl(repo.dir, 'url')).toThrow(/GIT_ALLOW_FILE_URLS is off/);
    expect(await off.shallowClone(repo.url, join(root, 'off-clone')).catch((e: unknown) => e)).toBeInstanceOf(
      GitUrlRefused,
    );
    const confined = createGit({ ...base, localRoot: join(root, 'local-root') });
    expect(() => confined.assertUrl(repo.url, 'url')).not.toThrow();
    expect(() => confined.assertUrl(pathToFileURL(join(root, 'local-root', '..', 'isolated')).href, 'url')).toThrow(
      /outside GIT_LOCAL_ROOT/,
    );
    expect(() => confined.assertUrl('/etc', 'url')).toThrow(/outside GIT_LOCAL_ROOT/);
    // A symbolic link inside the root that points outside it is outside.
    symlinkSync(join(root, 'isolated'), join(root, 'local-root', 'escape'));
    expect(() => confined.assertUrl(join(root, 'local-root', 'escape'), 'url')).toThrow(/outside GIT_LOCAL_ROOT/);
  });
});
