// The organization context (the `X-Organization-Id` header). The chosen id is a preference, not a secret,
// so it is remembered in localStorage (decision 141); an id the user no longer belongs to is ignored.
const KEY = 'hangar.organization';
let current: string | undefined = read();
const listeners = new Set<() => void>();

function read(): string | undefined {
  try {
    return localStorage.getItem(KEY) ?? undefined;
  } catch {
    return undefined;
  }
}

export const organization = {
  get: () => current,
  set(id: string | undefined) {
    current = id;
    try {
      if (id) localStorage.setItem(KEY, id);
      else localStorage.removeItem(KEY);
    } catch {
      // storage disabled: the choice lasts until reload
    }
    for (const l of listeners) l();
  },
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => void listeners.delete(listener);
  },
};
