import { describe, expect, it } from 'vitest';
import type { Caller } from '../../src/kernel/caller.js';
import { pageOf } from '../../src/kernel/pagination.js';
import { entityPermissionsDecorator } from '../../src/modules/catalog/catalog.permissions.js';
import type { Component } from '../../src/modules/catalog/catalog.schemas.js';
import {
  ADMIN_VIEW,
  compileEntityView,
  entityViews,
  type EntityPermissionsView,
} from '../../src/modules/permissions/permissions.entity-view.js';
import { can, type Subject, type TeamRole } from '../../src/modules/permissions/permissions.policy.js';

/** The compiled view of a page's `permissions` (decision 1140) answers what the policy answers, row by row. */
const OURS = '00000000-0000-4000-8000-000000000001';
const MEMBER_OF = '00000000-0000-4000-8000-000000000002';
const OTHER = '00000000-0000-4000-8000-000000000003';
const OWNERS = [OURS, MEMBER_OF, OTHER, null];

const subject = (memberships: [string, TeamRole][], flags: Partial<Subject> = {}): Subject => ({
  userId: 'u',
  isAdmin: false,
  memberships: new Map(memberships),
  ...flags,
});
const SUBJECTS: [string, Subject][] = [
  [
    'maintainer of one team, member of another',
    subject([
      [OURS, 'maintainer'],
      [MEMBER_OF, 'member'],
    ]),
  ],
  ['member only', subject([[MEMBER_OF, 'member']])],
  ['no team role', subject([])],
  ['admin', subject([], { isAdmin: true })],
  ['admin with a read-only token', subject([], { isAdmin: true, readOnly: true })],
  ['maintainer with a read-only token', subject([[OURS, 'maintainer']], { readOnly: true })],
];

describe('compiled entity permissions', () => {
  it.each(SUBJECTS)('%s: every owner answers as the policy does', (_, s) => {
    const view = compileEntityView(s);
    for (const ownerTeamId of OWNERS)
      expect(view.of(ownerTeamId)).toEqual({
        update: can(s, 'entity.update', { ownerTeamId }).allowed,
        delete: can(s, 'entity.delete', { ownerTeamId }).allowed,
      });
  });

  it('equal rights give equal keys; other rights another key', () => {
    const a = compileEntityView(subject([[OURS, 'maintainer']]));
    expect(compileEntityView(subject([[OURS, 'maintainer']])).key).toBe(a.key);
    expect(compileEntityView(subject([[OURS, 'member']])).key).not.toBe(a.key);
    expect(compileEntityView(subject([])).key).not.toBe(a.key);
    expect(ADMIN_VIEW.of(null)).toEqual({ update: true, delete: true });
  });

  it('one cached membership list is compiled once; a shared: false subject every time', () => {
    const viewOf = entityViews();
    const pairs: [string, TeamRole][] = [[OURS, 'member']];
    let compiled = 0;
    const subjectOf = (m: ReadonlyMap<string, TeamRole>) => (
      compiled++,
      { userId: 'u', isAdmin: false, memberships: m }
    );
    const first = viewOf(pairs, subjectOf, true);
    expect(viewOf(pairs, subjectOf, true)).toBe(first);
    expect(compiled).toBe(1);
    viewOf(pairs, subjectOf, false);
    expect(compiled).toBe(2);
    expect(viewOf([[OURS, 'member']], subjectOf, true)).not.toBe(first); // another list (Redis): compiled again
  });
});

describe('the page decorator', () => {
  const component = (name: string, teamId: string | null) => ({ id: name, name, teamId }) as unknown as Component;
  const page = pageOf([component('a', OURS), component('b', OTHER), component('c', null)], 3, { skip: 0, take: 20 });
  const views = new Map<string, EntityPermissionsView>();
  const port = {
    entityView: async (caller: Caller) => views.get(caller.actor.userId)!,
    require: async () => {},
    decideMany: async () => ({ admin: false, teamRoles: false, decisions: [] }),
  };

  it('keeps one answer per view and per pattern, so a repeated page keeps its identity', () => {
    const decorate = entityPermissionsDecorator(port);
    const maintainer = compileEntityView(subject([[OURS, 'maintainer']]));
    const first = decorate.page(maintainer, page);
    expect(first.data.map((c) => c.permissions)).toEqual([
      { update: true, delete: true },
      { update: false, delete: false },
      { update: false, delete: false },
    ]);
    expect(decorate.page(maintainer, page)).toBe(first);
    // Another caller with the same answers on this page (a maintainer of the same team) shares the object.
    expect(
      decorate.page(
        compileEntityView(
          subject([
            [OURS, 'maintainer'],
            [OTHER + 'x', 'member'],
          ]),
        ),
        page,
      ),
    ).toBe(first);
    const plain = decorate.page(compileEntityView(subject([])), page);
    expect(plain).not.toBe(first);
    expect(plain.data.every((c) => c.permissions?.update === false)).toBe(true);
    expect(page.data[0]).not.toHaveProperty('permissions'); // the cached page itself is never changed
  });
});
