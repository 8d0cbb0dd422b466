import { describe, expect, it } from 'vitest';
import { matchPages } from '../search/page-matches';
import { navItemsFor } from './nav-items';

describe('admin-only nav items (decision 780)', () => {
  it('are listed for the admin role only', () => {
    expect(navItemsFor(['user', 'admin']).map((i) => i.to)).toContain('/admin');
    expect(navItemsFor(['user']).map((i) => i.to)).not.toContain('/admin');
    expect(navItemsFor(undefined).map((i) => i.to)).not.toContain('/admin');
  });

  it('are matched in the command palette for admins only', () => {
    expect(matchPages('admin', ['user', 'admin']).map((i) => i.label)).toEqual(['Administration']);
    expect(matchPages('admin', ['user'])).toEqual([]);
    expect(matchPages('', ['user']).map((i) => i.to)).not.toContain('/admin');
  });
});
