import { EN_ERROR_MESSAGES } from '@vestibule/contract/errors';

// The English bundle defines the keys (CONVENTIONS i18n): every other locale must have exactly
// these keys and keep every {{placeholder}} (checked by bundles.test.ts).
export const en = {
  head: { title: '{{brand}} · My account' },
  common: {
    skipToContent: 'Skip to main content',
    close: 'Close',
    loading: 'Loading…',
    notifications: 'Notifications',
  },
  languages: {
    en: 'English',
    fr: 'Français',
    nl: 'Nederlands',
    en_LU: 'English',
    fr_LU: 'Français',
    de_LU: 'Deutsch',
  },
  topBar: {
    home: '{{brand}}, go to the dashboard',
    language: 'Language',
    logout: 'Log out',
    loggingOut: 'Logging out…',
  },
  nav: {
    label: 'Account',
    dashboard: 'Dashboard',
    profile: 'Profile',
    security: 'Security',
    access: 'Access',
    notifications: 'Notifications',
  },
  login: {
    title: 'Log in',
    platform: {
      ca: 'Log in to your client area.',
      mm: 'Log in to your employee area.',
      default: 'Log in to manage your {{brand}} account.',
    },
    methods: 'Log in with',
    tabEmail: 'E-mail',
    tabPhone: 'Phone',
    email: 'E-mail address',
    phone: 'Phone number',
    phoneHint: 'For example 0470 12 34 56 or +32 470 12 34 56.',
    password: 'Password',
    showPassword: 'Show password',
    submit: 'Log in',
    submitting: 'Logging in…',
    forgotPassword: 'Forgot your password?',
    forgotUsername: 'Forgot your username?',
    required: {
      email: 'Enter your e-mail address.',
      phone: 'Enter your phone number.',
      password: 'Enter your password.',
    },
    invalid: {
      email: 'Enter a valid e-mail address, like name@example.com.',
      phone: 'Enter a valid phone number.',
    },
    cardBanner: {
      title: 'Received a card?',
      text: 'Activate it and create your account in a few steps.',
      link: 'Activate your card',
    },
  },
  dashboard: {
    welcome: 'Welcome, {{firstname}}',
    welcomeAnonymous: 'Welcome',
    intro: 'Everything you can do with your account, in one place.',
    services: 'Your services',
    noServices: 'No service is linked to your account yet.',
    external: 'opens an external site',
    clientArea: { name: 'Client area', description: 'Order vouchers and manage your company account.' },
    myArea: { name: 'Employee area', description: 'Check your balance, cards and transactions.' },
    fridom: { name: 'Fridom', description: 'Manage your mobility and benefits budget.' },
    deals: { name: 'Deals', description: 'Discover discounts from our partner.' },
    loadError: 'Your account could not be loaded.',
    retry: 'Try again',
  },
  logout: { error: 'Something went wrong. Unable to log out.' },
  maintenance: {
    title: 'Maintenance',
    heading: 'We are doing some maintenance',
    message: 'Sorry, you cannot log in at the moment. Please try again later.',
  },
  errorPage: {
    title: 'Something went wrong',
    text: 'An error has occurred. Please try again later.',
    home: 'Go to the dashboard',
  },
  errors: EN_ERROR_MESSAGES,
};

export type Messages = typeof en;
