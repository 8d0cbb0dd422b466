import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CircleCiAdapter, normaliseRepoUrl } from '../../src/integrations/circleci/circleci.adapter.js';
import { UpstreamRefused } from '../../src/integrations/http.js';
import { BadGateway, NotFound, Unavailable } from '../../src/kernel/errors.js';
import { closedPort } from '../fakes/fake-server.js';
import { PAGE_SIZE, circlePipeline, startCircleCiServer, type CircleCiFake } from '../fakes/circleci-server.js';
import { cloudCiContract } from './cloud-ci.contract.js';

cloudCiContract('CircleCI adapter against a CircleCI API v2-shaped server', async () => {
  const server = await startCircleCiServer();
  const at = (baseUrl: string) =>
    CircleCiAdapter.fromCredential({ token: 'circle-token' }, { baseUrl, timeoutMs: 2000 });
  return {
    port: at(server.url),
    addPipeline(slug, url) {
      server.projects.add(slug);
      server.pipelines.push(circlePipeline(slug, url, server.pipelines.length + 1));
    },
    unreachable: () => at('http://127.0.0.1:1'),
    close: () => server.close(),
  };
});

let circle: CircleCiFake;
const adapter = (token = 'circle-token', baseUrl = circle.url, timeoutMs = 2000) =>
  CircleCiAdapter.fromCredential({ token }, { baseUrl, timeoutMs });

beforeAll(async () => {
  circle = await startCircleCiServer();
  // 45 pipelines over three pages: the shop repository's every third one.
  for (let n = 1; n <= 45; n++) {
    const shop = n % 3 === 0;
    const slug = shop ? 'gh/acme/shop' : 'gh/acme/other';
    circle.projects.add(slug);
    circle.pipelines.push(
      circlePipeline(slug, shop ? 'https://github.com/acme/shop' : 'https://github.com/acme/other', n),
    );
  }
});
afterAll(() => circle.close());

describe('CircleCI adapter against a CircleCI API v2-shaped server', () => {
  it('follows next_page_token through every page, newest first', async () => {
    const all = await adapter().listPipelines({});
    expect(all).toHaveLength(45);
    expect(all[0]!.number).toBe(45);
    expect(all.at(-1)!.number).toBe(1);
    const pages = circle.requests.filter((r) => r.url.startsWith('/pipeline'));
    expect(pages.length).toBeGreaterThanOrEqual(Math.ceil(45 / PAGE_SIZE));
    expect(pages.every((r) => r.headers['circle-token'] === 'circle-token')).toBe(true);
  });

  it('filters by repository URL, whatever its spelling', async () => {
    for (const vcsUrl of [
      'https://github.com/acme/shop',
      'https://github.com/Acme/Shop.git/',
      'git@github.com:acme/shop.git',
    ]) {
      const shop = await adapter().listPipelines({ vcsUrl });
      expect(shop).toHaveLength(15);
      expect(shop.every((p) => p.projectSlug === 'gh/acme/shop')).toBe(true);
    }
    expect(normaliseRepoUrl('ssh://git@github.com/acme/shop.git')).toBe('github.com/acme/shop');
    expect(await adapter().listPipelines({ vcsUrl: 'https://github.com/acme/none' })).toEqual([]);
  });

  it('shapes a pipeline keeping its ids', async () => {
    const [p] = await adapter().listPipelines({ vcsUrl: 'https://github.com/acme/shop' });
    expect(p).toMatchObject({
      number: 45,
      projectSlug: 'gh/acme/shop',
      state: 'created',
      vcsUrl: 'https://github.com/acme/shop',
      branch: 'main',
      triggerType: 'webhook',
      actor: 'dev',
    });
    expect(p!.id).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('triggers by project slug; an unknown project is NotFound; invalid input is BadGateway', async () => {
    const res = await adapter().triggerPipeline('gh/acme/shop', { branch: 'release', parameters: { deploy: true } });
    expect(res).toMatchObject({ state: 'pending', projectSlug: 'gh/acme/shop' });
    expect(circle.triggers.at(-1)).toEqual({
      slug: 'gh/acme/shop',
      body: { branch: 'release', parameters: { deploy: true } },
    });
    await expect(adapter().triggerPipeline('gh/acme/missing', {})).rejects.toBeInstanceOf(NotFound);
    await expect(adapter().triggerPipeline('gh/acme/shop', { branch: 'a', tag: 'b' })).rejects.toBeInstanceOf(
      BadGateway,
    );
  });

  it('refused token: UpstreamRefused naming the platform; unreachable or slow: Unavailable', async () => {
    const refused = await adapter('nope')
      .listPipelines({})
      .catch((e) => e);
    expect(refused).toBeInstanceOf(UpstreamRefused);
    expect(refused.message).toContain('cloudci');
    await expect(adapter('circle-token', await closedPort()).listPipelines({})).rejects.toBeInstanceOf(Unavailable);
    circle.hang = true;
    try {
      await expect(adapter('circle-token', circle.url, 300).listPipelines({})).rejects.toBeInstanceOf(Unavailable);
    } finally {
      circle.hang = false;
    }
  });
});
