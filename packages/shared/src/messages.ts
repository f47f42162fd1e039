/** The specification's validation messages, word for word: the server and the forms share them. */
export const messages = {
  required: 'This field is required',
  minLength: (n: number) => `Must be at least ${n} characters` as const,
  maxLength: (n: number) => `Must be no more than ${n} characters` as const,
  validNumber: 'Must be a valid number',
  validWholeNumber: 'Must be a valid whole number',
  min: (n: number) => `Must be at least ${n}` as const,
  max: (n: number) => `Must be no more than ${n}` as const,
  invalidFormat: 'Invalid format',
  /** An amount finer than the currency's smallest coin (0.005 AED, 1.0005 KWD). */
  tooManyDecimals: (n: number) => `Must have no more than ${n} decimal places` as const,
  invalidEmail: 'Please enter a valid email address',
  mobileRequired: 'Mobile number is required',
  /** A code asked for by SMS with something that is no mobile number (an e-mail address). */
  enterMobileNumber: 'Please enter your mobile number',
  invalidPhone: 'Please enter a valid phone number (7-15 digits)',
  weakPassword: 'Password must be at least 8 characters long and contain both letters and numbers.',
  passwordsDoNotMatch: 'Passwords do not match.',
  unexpectedError: 'An unexpected error occurred.',
} as const;
