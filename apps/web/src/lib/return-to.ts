import { useLocation } from './router/index.tsx';

/** Where a visitor sent to log in was heading, carried in the navigation state. */
export interface ReturnState {
  from?: string;
}

/** Only paths inside the app are returned to, never another site ('//evil.example'). */
const isAppPath = (path: unknown): path is string => typeof path === 'string' && /^\/(?!\/)/.test(path);

/** The page the visitor was heading to before being asked to log in, if any. */
export function useReturnPath(): string | undefined {
  const state = useLocation().state as ReturnState | null;
  return isAppPath(state?.from) ? state.from : undefined;
}

/** The navigation state that brings the visitor back to the current page after logging in. */
export function useReturnState(): ReturnState {
  const location = useLocation();
  return { from: `${location.pathname}${location.search}` };
}
