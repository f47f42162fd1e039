import { useSyncExternalStore } from 'react';
import { storage } from '../../../lib/storage.ts';

/** Admin spec §7, §9: the console keeps its token in local storage under this key. */
export const ADMIN_TOKEN_KEY = 'admin_token';

const listeners = new Set<() => void>();
const notify = () => {
  for (const listener of listeners) listener();
};

/**
 * The console's session, apart from the marketplace's: a stored token marks the admin as signed in
 * and is restored on load (§4 Session); signing out, or any call the server refuses for want of a live
 * session, removes it.
 */
export const adminToken = {
  read: () => storage.get(ADMIN_TOKEN_KEY),
  write: (token: string) => {
    storage.set(ADMIN_TOKEN_KEY, token);
    notify();
  },
  clear: () => {
    storage.remove(ADMIN_TOKEN_KEY);
    notify();
  },
  subscribe: (listener: () => void) => {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};

export const useAdminToken = () => useSyncExternalStore(adminToken.subscribe, adminToken.read, () => null);
