/** Every URL of the web app and the API, in one place. */
export const paths = {
  home: '/',
  login: '/login',
  register: (role?: 'professional' | 'employer') => (role ? `/register?role=${role}` : '/register'),
  forgotPassword: '/forgot-password',
  projects: (query?: { country?: string; emirate?: string; city?: string }) => {
    const search = new URLSearchParams(Object.entries(query ?? {}).filter((entry): entry is [string, string] => Boolean(entry[1])));
    const text = search.toString();
    return text ? `/projects?${text}` : '/projects';
  },
  project: (id: string) => `/projects/${id}`,
  professionals: '/professionals',
  professional: (id: string) => `/professionals/${id}`,
  employer: (id: string) => `/employers/${id}`,
  dashboard: '/dashboard',
  editProfile: '/profile/edit',
  expertProfile: (id: string) => `/experts/${id}`,
  about: '/about',
  contact: '/contact',
  help: '/help',
  privacy: '/privacy',
  terms: '/terms',
  devMailbox: '/dev/mailbox',
} as const;

export const apiPaths = {
  interfaceSettings: '/api/public/interface-settings',
  me: '/api/users/me',
  contactMessage: '/api/contact/send-message',
  newsletterSubscribe: '/api/newsletter/subscribe',
  outbox: '/api/dev/outbox',
  register: '/api/auth/register',
  checkRegistration: (email: string) => `/api/auth/check-registration/${encodeURIComponent(email)}`,
  completeRegistration: '/api/auth/complete-registration',
  resendVerification: '/api/auth/resend-verification',
  login: '/api/auth/enhanced-login',
  loginStatus: (email: string) => `/api/auth/login-status/${encodeURIComponent(email)}`,
  sendLoginCode: '/api/auth/send-login-code',
  captcha: '/api/auth/captcha',
  verifyCaptcha: '/api/auth/captcha/verify',
  logout: '/api/auth/logout',
  forgotPassword: '/api/auth/forgot-password',
  updateUser: (id: string) => `/api/users/${id}`,
  uploadPicture: '/api/profile/picture/upload',
  deletePicture: '/api/profile/picture',
  resetPassword: '/api/auth/reset-password',
} as const;
