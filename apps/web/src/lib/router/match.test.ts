import { describe, expect, it } from 'vitest';
import { createMatcher, type RouteObject } from './match.ts';

const table: RouteObject[] = [
  {
    element: 'layout',
    children: [
      { index: true, element: 'home' },
      { path: 'employers', element: 'for employers' },
      { path: 'employers/:employerId', element: 'employer' },
      { path: 'projects/:projectId', element: 'project' },
      { path: 'projects/:projectId/edit', element: 'edit' },
      { path: 'projects/new', element: 'new' },
      { element: 'guard', children: [{ path: 'dashboard', element: 'dashboard' }] },
      { path: '*', element: 'anything' },
    ],
  },
];

const match = createMatcher(table);
const leafOf = (path: string) => {
  const found = match(path);
  return found && { leaf: found.routes.at(-1)?.element, params: found.params, depth: found.routes.length };
};

describe('route matching', () => {
  it('matches the index at the root and a fixed path exactly', () => {
    expect(leafOf('/')).toEqual({ leaf: 'home', params: {}, depth: 2 });
    expect(leafOf('/employers')).toEqual({ leaf: 'for employers', params: {}, depth: 2 });
    expect(leafOf('/employers/')?.leaf).toBe('for employers');
    expect(leafOf('/Employers')?.leaf).toBe('for employers');
  });

  it('reads parameters, decoded', () => {
    expect(leafOf('/employers/42')).toEqual({ leaf: 'employer', params: { employerId: '42' }, depth: 2 });
    expect(leafOf('/projects/%D9%85%D8%B4%D8%B1%D9%88%D8%B9')?.params).toEqual({ projectId: 'مشروع' });
    expect(leafOf('/projects/%E0%A4%A')?.params).toEqual({ projectId: '%E0%A4%A' });
  });

  it('prefers a fixed segment to a parameter, and both to the catch-all, whatever the table order', () => {
    expect(leafOf('/projects/new')?.leaf).toBe('new');
    expect(leafOf('/projects/7')?.leaf).toBe('project');
    expect(leafOf('/projects/7/edit')).toEqual({ leaf: 'edit', params: { projectId: '7' }, depth: 2 });
    expect(leafOf('/projects/7/edit/more')).toEqual({ leaf: 'anything', params: { '*': 'projects/7/edit/more' }, depth: 2 });
    expect(leafOf('/projects')?.leaf).toBe('anything');
  });

  it('passes through layouts without paths, which never match by themselves', () => {
    expect(leafOf('/dashboard')).toEqual({ leaf: 'dashboard', params: {}, depth: 3 });
    expect(createMatcher([{ element: 'layout', children: [{ path: 'a', element: 'a' }] }])('/')).toBeNull();
  });
});
