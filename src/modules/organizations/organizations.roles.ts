import { DomainError, Forbidden, Invalid } from '../../kernel/errors.js';

/**
 * The role hierarchy (decision 604), as pure functions (unit-tested on their own):
 * 1. only an owner can make someone owner; 2. an admin cannot change another admin's role;
 * 3. an admin cannot remove another admin; 4. the owner role is immutable through update-role;
 * 5. the owner cannot be removed. Each returns the error to throw, or undefined when allowed.
 */
export interface Party {
  userId: string;
  role: string;
}

export const isManager = (role: string | undefined) => role === 'owner' || role === 'admin';

export function checkAssign(caller: Party, role: string): DomainError | undefined {
  if (!isManager(caller.role)) return new Forbidden('Only an organization admin or owner can add members');
  if (role === 'owner' && caller.role !== 'owner') return new Forbidden('Only an owner can assign the owner role');
  return undefined;
}

export function checkRoleChange(caller: Party, target: Party, role: string): DomainError | undefined {
  if (!isManager(caller.role)) return new Forbidden('Only an organization admin or owner can change roles');
  if (target.role === 'owner')
    return new Invalid('The owner role cannot be changed', [{ field: 'role', problem: 'target is the owner' }]);
  if (role === 'owner' && caller.role !== 'owner') return new Forbidden('Only an owner can assign the owner role');
  if (caller.role === 'admin' && target.role === 'admin' && target.userId !== caller.userId) {
    return new Forbidden("An admin cannot change another admin's role");
  }
  return undefined;
}

export function checkRemoval(caller: Party, target: Party): DomainError | undefined {
  if (!isManager(caller.role)) return new Forbidden('Only an organization admin or owner can remove members');
  if (target.role === 'owner') return new Forbidden('The owner cannot be removed');
  if (caller.role === 'admin' && target.role === 'admin' && target.userId !== caller.userId) {
    return new Forbidden('An admin cannot remove another admin');
  }
  return undefined;
}
