import { describe, expect, it } from 'vitest';
import { checkAssign, checkRemoval, checkRoleChange } from '../../../src/modules/organizations/organizations.roles.js';

const owner = { userId: 'o', role: 'owner' };
const admin = { userId: 'a', role: 'admin' };
const admin2 = { userId: 'a2', role: 'admin' };
const member = { userId: 'm', role: 'member' };
const status = (e: { statusCode: number } | undefined) => e?.statusCode ?? 'ok';

describe('organization role hierarchy', () => {
  it('assign: only owners assign owner; members assign nothing', () => {
    expect(status(checkAssign(owner, 'owner'))).toBe('ok');
    expect(status(checkAssign(admin, 'owner'))).toBe(403);
    expect(status(checkAssign(admin, 'admin'))).toBe('ok');
    expect(status(checkAssign(member, 'member'))).toBe(403);
    expect(status(checkAssign({ userId: 'x', role: '' }, 'member'))).toBe(403);
  });

  it('role change: owner immutable (400), admin vs admin (403), owner promotion by owner only', () => {
    expect(status(checkRoleChange(owner, owner, 'member'))).toBe(400);
    expect(status(checkRoleChange(admin, owner, 'member'))).toBe(400);
    expect(status(checkRoleChange(admin, admin2, 'member'))).toBe(403);
    expect(status(checkRoleChange(admin, admin, 'member'))).toBe('ok');
    expect(status(checkRoleChange(admin, member, 'owner'))).toBe(403);
    expect(status(checkRoleChange(owner, member, 'owner'))).toBe('ok');
    expect(status(checkRoleChange(owner, admin, 'member'))).toBe('ok');
    expect(status(checkRoleChange(member, member, 'admin'))).toBe(403);
  });

  it('removal: owner never, admin not another admin', () => {
    expect(status(checkRemoval(owner, owner))).toBe(403);
    expect(status(checkRemoval(admin, owner))).toBe(403);
    expect(status(checkRemoval(admin, admin2))).toBe(403);
    expect(status(checkRemoval(admin, admin))).toBe('ok');
    expect(status(checkRemoval(admin, member))).toBe('ok');
    expect(status(checkRemoval(owner, admin))).toBe('ok');
    expect(status(checkRemoval(member, member))).toBe(403);
  });
});
