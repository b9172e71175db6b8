// "Continue as …?" before a login handed over in the URL hash (decision 0068).
export const handoverEn = {
  title: 'Continue as {{firstname}}?',
  titleAnonymous: 'Continue with this account?',
  intro:
    'A link is signing you in to the account of {{firstname}}. Continue only if this is your account and you opened this link yourself.',
  introAnonymous:
    'A link is signing you in to another account. Continue only if this is your account and you opened this link yourself.',
  signedIn:
    'You are signed in as {{firstname}} now: continuing signs you out of that account on this browser.',
  continue: 'Continue as {{firstname}}',
  continueAnonymous: 'Continue',
  cancel: 'No, cancel',
  checking: 'Checking the link…',
  expired: 'This link is no longer valid. Open it again from the application that sent it.',
  back: 'Go on without it',
};
