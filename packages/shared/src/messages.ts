/** Validation texts (docs/product-decisions.md#validation-messages), defined once for the server and the web app. */
export const VALIDATION = {
  emailRequired: 'Email is required',
  emailInvalid: 'Invalid email address',
  passwordRequired: 'Password is required',
  passwordTooShort: 'Password must be at least 8 characters',
  passwordTooLong: 'Password must be at most 256 characters',
  /** A new password found in the list of the most common ones (checked by the server only). */
  passwordTooCommon: 'This password is one of the most commonly used, so it is easy to guess. Choose another.',
  firstNameRequired: 'First name is required',
  lastNameRequired: 'Last name is required',
  nameControlCharacters: 'The name cannot contain control characters (such as line breaks)',
  confirmPasswordRequired: 'Please confirm your password',
  termsRequired: 'You must accept the terms',
  passwordsDoNotMatch: 'Passwords do not match',
  imageUrlRequired: 'Please enter an image URL',
  imageUrlsRequired: 'Please enter at least one image URL',
  imageUrlInvalid: 'Image URL must be an http or https address',
  demoInputRequired: 'Please upload an image or enter an image URL',
  deleteConfirmation: 'Please type DELETE to confirm',
} as const;

export const PASSWORD_MIN_LENGTH = 8;
export const DELETE_CONFIRMATION_WORD = 'DELETE';
