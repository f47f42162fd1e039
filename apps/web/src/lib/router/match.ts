import type { ComponentType, ReactNode } from 'react';

export type Params = Readonly<Record<string, string | undefined>>;

/** One entry of the route table: a layout (`element` with children), a page, or a forward. */
export interface RouteObject {
  /** Relative to the parent's path; `:name` is a parameter, `*` the rest of the address. No path: a layout. */
  path?: string;
  /** Matches exactly its parent's path. */
  index?: boolean;
  element?: ReactNode;
  /** A page whose code loads when its route is first visited. */
  page?: () => Promise<{ default: ComponentType }>;
  /** A route that only forwards: the address to go to instead, decided before anything renders. */
  redirect?: (match: { params: Params; search: string }) => string;
  children?: RouteObject[];
}

/** A route chain from the table's root to the route that matched, with the address's parameters. */
export interface RouteMatch {
  routes: RouteObject[];
  params: Params;
}

interface Branch {
  routes: RouteObject[];
  segments: string[];
  score: number;
}

const segmentsOf = (path: string) => path.split('/').filter(Boolean);

/**
 * The order in which routes are tried, as React Router ranks them: more segments first, and among
 * those a fixed segment before a parameter before `*`, so `/projects/:id/edit` wins over `/projects/*`
 * and `/employers` over `/employers/:id` for `/employers`.
 */
function scoreOf(segments: string[], index: boolean) {
  let score = segments.length + (index ? 2 : 0);
  for (const segment of segments) score += segment === '*' ? -2 : segment.startsWith(':') ? 3 : 10;
  return score;
}

function flatten(routes: RouteObject[], parents: RouteObject[] = [], parentSegments: string[] = [], into: Branch[] = []) {
  for (const route of routes) {
    const chain = [...parents, route];
    const segments = [...parentSegments, ...segmentsOf(route.path ?? '')];
    if (route.children?.length) flatten(route.children, chain, segments, into);
    // A layout matches only through its children; a route with a path or an index matches itself.
    if (route.index || route.path !== undefined) into.push({ routes: chain, segments, score: scoreOf(segments, !!route.index) });
  }
  return into;
}

/** A percent-encoded part of an address, decoded; as written when it is not valid encoding. */
export const safeDecode = (value: string) => {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
};

function matchBranch(branch: Branch, parts: string[]): Params | null {
  const params: Record<string, string> = {};
  for (let i = 0; i < branch.segments.length; i++) {
    const segment = branch.segments[i]!;
    if (segment === '*') {
      params['*'] = parts.slice(i).map(safeDecode).join('/');
      return params;
    }
    const part = parts[i];
    if (part === undefined) return null;
    if (segment.startsWith(':')) params[segment.slice(1)] = safeDecode(part);
    else if (segment.toLowerCase() !== safeDecode(part).toLowerCase()) return null;
  }
  return parts.length === branch.segments.length ? params : null;
}

/** Prepares a route table for matching: call once per table. */
export function createMatcher(routes: RouteObject[]) {
  const branches = flatten(routes)
    .map((branch, order) => ({ branch, order }))
    .sort((a, b) => b.branch.score - a.branch.score || a.order - b.order)
    .map(({ branch }) => branch);
  return (pathname: string): RouteMatch | null => {
    const parts = segmentsOf(pathname);
    for (const branch of branches) {
      const params = matchBranch(branch, parts);
      if (params) return { routes: branch.routes, params };
    }
    return null;
  };
}
