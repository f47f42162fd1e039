import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { i18n, initI18n } from '../../../i18n/index.ts';
import { jsonResponse, renderScreen, stubApi } from '../test-support.tsx';
import { InviteToJobDialog } from './invite-to-job-dialog.tsx';

const professionalId = '8c0a4a4e-0000-4000-8000-000000000001';
const job = (id: string, title: string, status: string) => ({ id, title, status });

function renderDialog() {
  renderScreen(<InviteToJobDialog professionalId={professionalId} professionalName="Layla Haddad" isOpen onOpenChange={() => undefined} />);
}

describe('InviteToJobDialog', () => {
  beforeAll(async () => {
    await initI18n('en');
    // Loaded up front so that the first test does not spend its time budget fetching the page's texts.
    await i18n.loadNamespaces('professionals');
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('offers only open projects, the first chosen, and sends the invitation with the message', async () => {
    const calls = stubApi(({ method }) =>
      method === 'POST'
        ? jsonResponse(201, { success: true, message: 'Invitation sent' })
        : jsonResponse(200, {
            jobs: [
              job('j1', 'Villa AC service', 'assigned'),
              job('j2', 'Company website', 'open'),
              job('j3', 'Logo', 'completed'),
              job('j4', 'Mobile app', 'open'),
            ],
          }),
    );
    renderDialog();

    const project = await screen.findByLabelText<HTMLSelectElement>('Project');
    expect(
      within(project)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Company website', 'Mobile app']);
    expect(project.value).toBe('j2');
    expect(calls[0]!.url.pathname).toBe('/api/jobs/employer/my');

    fireEvent.change(project, { target: { value: 'j4' } });
    fireEvent.change(screen.getByLabelText('Message (optional)'), { target: { value: '  Your portfolio fits our app.  ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send Invitation' }));

    expect(await screen.findByText('Invitation sent')).toBeInTheDocument();
    const post = calls.find((call) => call.method === 'POST')!;
    expect(post.url.pathname).toBe('/api/jobs/j4/invitations');
    expect(post.body).toEqual({ professional_id: professionalId, message: 'Your portfolio fits our app.' });
  });

  it("shows the server's reason when the invitation is refused", async () => {
    stubApi(({ method }) =>
      method === 'POST'
        ? jsonResponse(409, { detail: 'You have already invited this professional to this project', code: 'conflict' })
        : jsonResponse(200, { jobs: [job('j2', 'Company website', 'open')] }),
    );
    renderDialog();
    fireEvent.click(await screen.findByRole('button', { name: 'Send Invitation' }));
    expect((await screen.findByRole('alert')).textContent).toBe('You have already invited this professional to this project');
  });

  it('says there is no open project and links to posting one', async () => {
    stubApi(() => jsonResponse(200, { jobs: [job('j1', 'Villa AC service', 'assigned')] }));
    renderDialog();
    expect(await screen.findByText('You have no open projects to invite professionals to. Post a project first.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Post a Project' }).getAttribute('href')).toBe('/post-job');
    expect(screen.queryByLabelText('Project')).toBeNull();
  });
});
