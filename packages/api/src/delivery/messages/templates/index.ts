import type { ReactElement } from 'react';
import type { MessageContext } from '../context';
import type { Purpose } from '../purposes';
import { AccessRestored } from './access-restored';
import { AccessSuspended } from './access-suspended';
import { AccountClosing } from './account-closing';
import { AppApproved } from './app-approved';
import { ContactAdded } from './contact-added';
import { ContactChanged } from './contact-changed';
import { ContactRemoved } from './contact-removed';
import { ContactVerification } from './contact-verification';
import { DataExported } from './data-exported';
import { IbanChanged } from './iban-changed';
import { Invitation } from './invitation';
import { InvitationUsed } from './invitation-used';
import { LoginChanged } from './login-changed';
import { LoginCode } from './login-code';
import { MergeCompleted } from './merge-completed';
import { MergeOffered } from './merge-offered';
import { MergeRefused } from './merge-refused';
import { MfaMethodAdded } from './mfa-method-added';
import { MfaMethodRemoved } from './mfa-method-removed';
import { MfaReset } from './mfa-reset';
import { NewSignIn } from './new-sign-in';
import { PasskeyRemoved } from './passkey-removed';
import { PasswordChanged } from './password-changed';
import { PasswordResetCode } from './password-reset-code';
import { PrimaryChanged } from './primary-changed';
import { RecoveryKeysRegenerated } from './recovery-keys-regenerated';
import { SignupCompleted } from './signup-completed';
import { StaffEnrolment } from './staff-enrolment';
import { StaffPasswordReset } from './staff-password-reset';
import { StepUpCode } from './step-up-code';

/** The e-mail template of each purpose (purposes.ts). */
export const TEMPLATES: { [P in Purpose]: (m: MessageContext<P>) => ReactElement } = {
  access_restored: AccessRestored,
  access_suspended: AccessSuspended,
  app_approved: AppApproved,
  contact_added: ContactAdded,
  contact_changed: ContactChanged,
  contact_removed: ContactRemoved,
  contact_verification: ContactVerification,
  account_closing: AccountClosing,
  data_exported: DataExported,
  iban_changed: IbanChanged,
  invitation: Invitation,
  invitation_used: InvitationUsed,
  login_changed: LoginChanged,
  login_code: LoginCode,
  merge_completed: MergeCompleted,
  merge_offered: MergeOffered,
  merge_refused: MergeRefused,
  mfa_method_added: MfaMethodAdded,
  mfa_method_removed: MfaMethodRemoved,
  mfa_reset: MfaReset,
  new_sign_in: NewSignIn,
  passkey_removed: PasskeyRemoved,
  password_changed: PasswordChanged,
  password_reset_code: PasswordResetCode,
  primary_changed: PrimaryChanged,
  recovery_keys_regenerated: RecoveryKeysRegenerated,
  signup_completed: SignupCompleted,
  staff_enrolment: StaffEnrolment,
  staff_password_reset: StaffPasswordReset,
  step_up_code: StepUpCode,
};
