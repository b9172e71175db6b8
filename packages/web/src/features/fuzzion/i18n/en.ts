// Account merge texts (SPEC §2 duplicated, §4 Fuzzion, §8 merge texts), wired into i18n/areas/en.ts as
// `fuzzion`. The other locales mirror these keys exactly (i18n/bundles.test.ts).

export const fuzzionEn = {
  title: 'We found another account',
  bannerEmail: 'The e-mail address {{target}} already belongs to another account.',
  bannerSms: 'The phone number {{target}} already belongs to another account.',
  loading: 'Loading…',
  ignore: 'Ignore for now',
  code: {
    intro:
      'To merge or separate the accounts, first confirm that you can use the other account. Choose where to receive a code.',
    listLabel: 'Contacts of the other account',
    methodSms: 'Text message to {{target}}',
    methodEmail: 'E-mail to {{target}}',
    none: 'The other account has no contact we can send a code to. Please contact support.',
    sent: 'We sent a code to {{target}}.',
    label: 'Verification code',
    hint: '{{length}} digits',
    submit: 'Confirm',
    submitting: 'Checking…',
    invalid: 'Your code is invalid, try again.',
    required: 'Enter the code you received.',
    another: 'Choose another contact',
  },
  ownership: {
    intro: 'Is the other account yours? Prove it with one of these, or tell us it is not yours.',
    legend: 'How do you want to prove it?',
    card: 'The number of a card of that account',
    passwordClient: 'The password of that account on the client area',
    passwordEmployee: 'The password of that account on the employee area',
    cardLabel: 'Card number',
    cardHint: '16 digits, starting with 5065',
    passwordLabel: 'Password of the other account',
    submit: 'Continue',
    submitting: 'Checking…',
    notMe: 'This account is not mine',
    required: 'Fill in this field.',
  },
  decision: {
    intro: 'Both accounts are yours. Merge them into the account you are using now?',
    what1:
      'Your current password becomes the only password, for all your e-mail addresses and phone numbers.',
    what2: 'Contacts, verification methods, cards, consents and app access move to this account.',
    what3: 'The other account is closed and logged out everywhere.',
    merge: 'Merge the accounts',
    merging: 'Merging…',
    refuse: 'Keep them separate',
  },
  reject: {
    title: 'Keep the accounts separate',
    intro:
      'We will remove {{target}} from the other account and keep it on yours. The other account keeps its other details and password.',
    confirm: 'Remove it from the other account',
    confirming: 'Removing…',
    done: '{{target}} now belongs to your account only.',
  },
  errors: {
    invalid: 'The information you provided is invalid',
    technical: 'A technical error occurred during the merging of the accounts.',
    missing: 'There is no merge in progress.',
    home: 'Go to my dashboard',
  },
  success: {
    title: 'Your accounts are merged',
    intro: 'Everything is now in one account. Log in with your current password from now on.',
    home: 'Go to my dashboard',
  },
};
