import type { AdminTasksResponse } from '@mihna/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../i18n/index.ts';
import { answer, jsonResponse, loadTranslations, mockApi } from '../../../test/testing.tsx';
import { TasksTab } from './tasks-tab.tsx';

const overview = (dead: AdminTasksResponse['dead']): AdminTasksResponse => ({
  tasks: [
    { name: 'payments.auto-approve', schedule: '*/15 * * * *', queued: 0, active: 1, dead: 0 },
    { name: 'payments.retry-events', schedule: '* * * * *', queued: 0, active: 0, dead: dead.length },
    { name: 'maintenance.prune', schedule: '7 * * * *', queued: 0, active: 0, dead: 0 },
  ],
  dead,
});
const deadRun = {
  id: '6f1c2a8e-6a0e-4f37-9d1c-1a2b3c4d5e6f',
  task: 'payments.retry-events',
  error: 'the payment provider did not answer',
  attempts: 6,
  failed_at: '2026-12-02T08:30:00.000Z',
  first_queued_at: '2026-12-02T08:00:00.000Z',
};

function renderTab() {
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <TasksTab />
    </QueryClientProvider>,
  );
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the console’s Tasks tab', () => {
  it('shows each task in staff’s words with its schedule, and a dead run with its error, which Send again sends again', async () => {
    await loadTranslations('en');
    let isDead = true;
    const { callsTo } = mockApi(
      answer('GET', '/api/admin/tasks', () => jsonResponse(200, overview(isDead ? [deadRun] : []))),
      answer('POST', `/api/admin/tasks/dead/${deadRun.id}/retry`, () => {
        isDead = false;
        return jsonResponse(200, { message: 'The run was sent again. It starts within a few seconds.' });
      }),
    );
    renderTab();
    const tasks = within(await screen.findByRole('region', { name: 'Background tasks' }));
    expect(await tasks.findByText('Approve milestones after 14 days')).toBeInTheDocument();
    expect(tasks.getByText('Every 15 minutes')).toBeInTheDocument();
    expect(tasks.getByText('Every hour')).toBeInTheDocument();
    const dead = within(screen.getByRole('region', { name: 'Dead runs' }));
    expect(await dead.findByText('the payment provider did not answer')).toBeInTheDocument();
    expect(dead.getByText('Apply waiting payment events')).toBeInTheDocument();

    fireEvent.click(dead.getByRole('button', { name: 'Send again' }));
    expect(await screen.findByText('The run was sent again. It starts within a few seconds.')).toBeInTheDocument();
    expect(callsTo('POST', `/api/admin/tasks/dead/${deadRun.id}/retry`)).toHaveLength(1);
    await waitFor(() => expect(dead.getByText('No dead runs. Every task’s last runs succeeded or are being retried.')).toBeInTheDocument());
  });

  it('reads in Arabic', async () => {
    await loadTranslations('ar');
    mockApi(answer('GET', '/api/admin/tasks', () => jsonResponse(200, overview([deadRun]))));
    renderTab();
    expect(await screen.findByText('اعتماد المراحل بعد 14 يومًا')).toBeInTheDocument();
    expect(screen.getByText('كل 15 دقيقة')).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'إعادة الإرسال' })).toBeInTheDocument();
    await i18n.changeLanguage('en');
  });
});
