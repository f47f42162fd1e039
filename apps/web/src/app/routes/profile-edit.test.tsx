import type { CurrentUser } from '@mihna/shared';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { expertProfile, publicUser } from '../../features/professionals/test-support.tsx';
import { answer, baseUser, jsonResponse, loadTranslations, mockApi, renderRoutes, signedInAs } from '../../test/testing.tsx';
import EmployerProfilePage from './employer-profile.tsx';
import EditProfilePage from './profile-edit.tsx';
import ProfessionalProfilePage from './professional-profile.tsx';

const routes = [
  { path: '/profile/edit', element: <EditProfilePage /> },
  { path: '/professionals/:professionalId', element: <ProfessionalProfilePage /> },
  { path: '/employers/:employerId', element: <EmployerProfilePage /> },
];

/** The signed-in user, their profile update and their public profile, answered as the server would. */
function profileApi(user: CurrentUser) {
  return mockApi(
    signedInAs(user),
    answer('PUT', `/api/users/${user.id}`, (call) => jsonResponse(200, { ...user, ...(call.body as object), moderation_messages: [] })),
    answer('GET', `/api/experts/${user.id}/profile`, () =>
      jsonResponse(200, expertProfile({}, publicUser({ id: user.id, first_name: user.first_name, last_name: user.last_name }))),
    ),
  );
}

describe('/profile/edit', () => {
  beforeAll(() => loadTranslations('en'));
  afterEach(() => {
    cleanup();
    localStorage.clear();
    vi.unstubAllGlobals();
  });

  it.each([
    ['en', 'Save changes', 'Profile updated successfully!'],
    ['ar', 'حفظ التغييرات', 'تم تحديث الملف الشخصي بنجاح!'],
  ] as const)('says the profile was updated in %s, then opens the profile, which says it too', async (language, save, saved) => {
    await loadTranslations(language);
    try {
      const api = profileApi(baseUser);
      const router = renderRoutes(routes, '/profile/edit');
      fireEvent.click(await screen.findByRole('button', { name: save }));
      expect(await screen.findByText(saved)).toBeInTheDocument();
      expect(api.callsTo('PUT', `/api/users/${baseUser.id}`)).toHaveLength(1);

      await waitFor(() => expect(router.state.location.pathname).toBe(`/professionals/${baseUser.id}`), { timeout: 3000 });
      expect(await screen.findByRole('heading', { level: 1, name: 'Aisha Khan' })).toBeInTheDocument();
      expect(screen.getByRole('status')).toHaveTextContent(saved);
    } finally {
      await loadTranslations('en');
    }
  });

  it('says nothing of a save on a profile opened any other way', async () => {
    profileApi(baseUser);
    renderRoutes(routes, `/professionals/${baseUser.id}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Aisha Khan' })).toBeInTheDocument();
    expect(screen.queryByText('Profile updated successfully!')).not.toBeInTheDocument();
  });
});
