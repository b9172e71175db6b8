import type { ErrorMessages } from '../errors';

export const DE_ERROR_MESSAGES: ErrorMessages = {
  validation_failed: 'Einige Felder fehlen oder sind ungültig.',
  bad_request: 'Die Anfrage konnte nicht verstanden werden.',
  control_characters: 'Die Anfrage enthält Steuerzeichen, die nicht angenommen werden.',
  missing_device_id: 'Die Gerätekennung fehlt oder ist ungültig.',
  unsupported_media_type: 'Dieser Inhaltstyp wird nicht unterstützt.',
  payload_too_large: 'Die Anfrage ist zu groß.',
  unknown_host: 'Dieses Portal bedient diesen Hostnamen nicht.',
  invalid_credentials: 'Ungültiger Benutzername/ungültiges Passwort.',
  unknown_client: 'Diese Anwendung ist bei diesem Portal nicht registriert.',
  sms_limit_reached:
    'Diese Nummer hat so viele SMS erhalten, wie wir in einer Stunde senden können. Wählen Sie einen anderen Weg, um Ihren Code zu erhalten.',
  too_many_attempts: 'Zu viele Versuche. Bitte versuchen Sie es später erneut.',
  unauthorized: 'Bitte melden Sie sich erneut an.',
  forbidden: 'Sie dürfen dies nicht tun.',
  not_found: 'Dieses Element existiert nicht.',
  method_not_allowed: 'Diese Methode ist hier nicht erlaubt.',
  account_locked: 'Dieses Konto ist gesperrt. Bitte wenden Sie sich an den Support.',
  maintenance: 'Leider können Sie sich im Moment nicht anmelden. Bitte versuchen Sie es später erneut.',
  invalid_partner:
    'Hoppla. Der Partner, von dem Sie kommen, scheint eine ungültige Konfiguration zu verwenden.',
  reauthentication_required:
    'Bitte melden Sie sich zu Ihrer Sicherheit erneut an, um mit dieser Anwendung fortzufahren.',
  authorization_expired:
    'Diese Autorisierungsanfrage ist abgelaufen. Bitte kehren Sie zur Anwendung zurück und versuchen Sie es erneut.',
  invalid_activation_code: 'Ihr Aktivierungscode ist ungültig.',
  invalid_invitation_code: 'Ihr Einladungscode ist ungültig.',
  invitation_expired: 'Diese Einladung ist abgelaufen. Bitten Sie Ihren Arbeitgeber um eine neue.',
  invitation_used: 'Diese Einladung wurde bereits verwendet. Bitte melden Sie sich bei Ihrem Konto an.',
  card_activation_pending:
    'Diese Karte ist mit einem Konto verknüpft, konnte aber noch nicht aktiviert werden. Melden Sie sich in Ihrem Konto an: Die Karte wird aktiviert, sobald der Herausgeber sie freigibt.',
  card_already_activated: 'Diese Karte wurde bereits aktiviert. Bitte melden Sie sich bei Ihrem Konto an.',
  onboarding_expired: 'Ihre Registrierung ist abgelaufen. Bitte beginnen Sie erneut.',
  onboarding_step: 'Bitte schließen Sie zuerst die vorherigen Schritte ab.',
  onboarding_invalid_email: 'Die angegebene E-Mail-Adresse ist ungültig',
  onboarding_invalid_phone: 'Die angegebene Telefonnummer ist ungültig',
  terms_required:
    'Bitte akzeptieren Sie die Allgemeinen Geschäftsbedingungen und die Datenschutzerklärung, um fortzufahren.',
  terms_outdated: 'Die Bedingungen haben sich geändert. Bitte lesen und akzeptieren Sie die neue Version.',
  account_closing: 'Dieses Konto wird geschlossen. Sie können es bis zum Ende der Bedenkzeit noch behalten.',
  closure_merge_in_progress:
    'Eine Zusammenführung von Konten läuft. Schließen Sie sie ab oder brechen Sie sie ab, bevor Sie Ihr Konto schließen.',
  closure_already_requested: 'Dieses Konto wird bereits geschlossen.',
  closure_link_invalid:
    'Dieser Link ist ungültig. Öffnen Sie den vollständigen Link aus der E-Mail oder melden Sie sich an, um Ihr Konto zu behalten.',
  closure_link_used:
    'Dieser Link wurde bereits verwendet: Die Schließung wurde abgebrochen, das Konto bleibt bestehen. Sie können sich anmelden.',
  closure_link_expired:
    'Die Bedenkzeit ist vorbei: Dieses Konto wurde geschlossen und seine personenbezogenen Daten gelöscht.',
  preferences_changed:
    'Ihre Einstellungen wurden inzwischen anderswo geändert. Prüfen Sie sie und nehmen Sie Ihre Änderung erneut vor.',
  invitation_revoked: 'Diese Einladung wurde zurückgezogen. Bitten Sie Ihren Arbeitgeber um eine neue.',
  invitation_not_pending:
    'Diese Einladung kann nicht mehr zurückgezogen werden: Sie wurde verwendet, zurückgezogen oder ist abgelaufen.',
  already_member: 'Diese Person hat bereits ein Konto in Ihrem Unternehmen.',
  already_invited: 'Diese Person hat bereits eine offene Einladung.',
  cards_csv_invalid:
    'Einige Zeilen der Datei sind ungültig: Es wurde keine Karte importiert. Korrigieren Sie sie und laden Sie die Datei erneut hoch.',
  csv_invalid:
    'Einige Zeilen der Datei sind ungültig: Niemand wurde eingeladen. Korrigieren Sie sie und laden Sie die Datei erneut hoch.',
  locked_by_support:
    'Dieses Konto wurde vom Support gesperrt, nicht von Ihrem Unternehmen: Nur der Support kann es wiederherstellen.',
  already_suspended: 'Dieser Zugang ist bereits gesperrt.',
  not_suspended: 'Dieser Zugang ist nicht gesperrt.',
  webhook_destination_refused:
    'Diese Adresse kann keine Webhooks empfangen: Verwenden Sie eine öffentliche HTTPS-Adresse.',
  webhook_already_delivered:
    'Diese Zustellung hat ihren Empfänger erreicht oder wird noch gesendet: Sie wird nicht erneut gesendet.',
  client_changed:
    'Dieser Client wurde inzwischen von jemand anderem geändert. Prüfen Sie seine aktuelle Registrierung und nehmen Sie Ihre Änderung erneut vor.',
  client_exists: 'Ein Client mit dieser ID ist bereits registriert.',
  client_first_party: 'Die eigenen Clients des Portals können weder deaktiviert noch entfernt werden.',
  client_public_no_secret: 'Ein öffentlicher Client hat kein Geheimnis, das erneuert werden könnte.',
  unavailable: 'Der Dienst ist kurzzeitig nicht verfügbar. Bitte versuchen Sie es gleich noch einmal.',
  server_error: 'Ein Fehler ist aufgetreten. Bitte versuchen Sie es später erneut.',
  mfa_required: 'Bitte bestätigen Sie Ihre Identität mit einem Bestätigungscode.',
  invalid_code: 'Ihr Code ist ungültig, bitte versuchen Sie es erneut.',
  challenge_expired: 'Dieser Code ist nicht mehr gültig. Bitte fordern Sie einen neuen an.',
  resend_too_soon: 'Bitte warten Sie einen Moment, bevor Sie einen neuen Code anfordern.',
  'email-duplicated': 'Diese E-Mail-Adresse wird bereits verwendet. Bitte verwenden Sie eine andere.',
  'phone-duplicated': 'Diese Telefonnummer wird bereits verwendet. Bitte verwenden Sie eine andere.',
  'sms-duplicated': 'Diese Nummer erhält bereits Ihre SMS-Codes. Bitte verwenden Sie eine andere.',
  invalid_email: 'Diese E-Mail-Adresse ist ungültig oder wird bereits verwendet',
  invalid_phone: 'Diese Telefonnummer ist ungültig oder wird bereits verwendet',
  mfa_minimum: 'Sie müssen mindestens eine Bestätigungsmethode per E-Mail und eine per SMS behalten.',
  sudo_required: 'Bitte bestätigen Sie Ihre Identität, um fortzufahren.',
  passkey_invalid:
    'Dieser Passkey wurde nicht akzeptiert. Versuchen Sie es erneut oder bestätigen Sie Ihre Identität auf andere Weise.',
  passkey_duplicated: 'Dieser Passkey ist bereits in Ihrem Konto registriert.',
  mfa_setup_required: 'Bitte richten Sie zuerst die Bestätigung in zwei Schritten ein.',
  weak_password_change_required: 'Bitte wählen Sie zuerst ein neues Passwort.',
  session_not_fresh: 'Bitte melden Sie sich erneut an, um Ihr Passwort zu ändern.',
  password_too_short: 'Ihr Passwort muss mindestens 8 Zeichen enthalten.',
  password_too_long: 'Ihr Passwort darf höchstens 128 Zeichen enthalten.',
  password_common: 'Dieses Passwort ist zu verbreitet. Bitte wählen Sie ein anderes.',
  password_breached: 'Dieses Passwort ist in einem Datenleck aufgetaucht. Bitte wählen Sie ein anderes.',
  password_personal: 'Ihr Passwort darf weder Ihre E-Mail-Adresse noch Ihren Namen enthalten.',
  password_unchanged: 'Ihr neues Passwort muss sich vom aktuellen unterscheiden.',
  current_password_invalid: 'Ihr aktuelles Passwort ist nicht korrekt.',
  invalid_card_number: 'Ihre Kartennummer ist ungültig.',
  invalid_national_register_number: 'Ihre nationale Identifikationsnummer ist ungültig.',
  reset_expired: 'Diese Passwortzurücksetzung ist abgelaufen. Bitte beginnen Sie erneut.',
  captcha_required: 'Bitte bestätigen Sie, dass Sie kein Roboter sind.',
  captcha_failed: 'Die Roboterprüfung ist fehlgeschlagen. Bitte versuchen Sie es erneut.',
  invalid_iban: 'Die angegebene IBAN ist ungültig.',
  profile_changed:
    'Ihre Angaben wurden inzwischen an anderer Stelle geändert. Prüfen Sie die aktuellen Angaben und nehmen Sie Ihre Änderung erneut vor.',
  contact_minimum: 'Sie müssen mindestens eine E-Mail-Adresse und eine Telefonnummer behalten.',
  contact_is_primary:
    'Dies ist Ihr Hauptkontakt und Ihr Benutzername. Machen Sie zuerst einen anderen Kontakt zum Hauptkontakt oder ändern Sie Ihren Benutzernamen.',
  contact_used_by_mfa:
    'Dieser Kontakt empfängt Ihre Bestätigungscodes. Ändern Sie ihn zuerst im Reiter Sicherheit.',
  primary_needs_mfa:
    'Nur ein bestätigter Kontakt mit aktivierter Zwei-Schritt-Bestätigung kann Hauptkontakt werden. Aktivieren Sie sie im Reiter Sicherheit.',
  fuzzion_invalid: 'Die angegebenen Informationen sind ungültig',
  fuzzion_failed: 'Beim Zusammenführen der Konten ist ein technischer Fehler aufgetreten.',
  link_expired: 'Dieser Link ist nicht mehr gültig.',
  staff_mfa_required:
    'Mitarbeitende melden sich mit einer Authenticator-App oder einem Passkey an. Richten Sie zuerst eines in Ihren Sicherheitseinstellungen ein.',
  reason_required: 'Bitte geben Sie an, warum Sie dies tun.',
  search_too_short: 'Bitte geben Sie mindestens 3 Zeichen ein.',
  identity_check_failed: 'Die Kartennummer und das Geburtsdatum passen nicht zu diesem Konto.',
  mfa_reset_pending:
    'Für dieses Konto wartet bereits eine Zurücksetzung der Zwei-Schritt-Verifizierung auf eine Entscheidung.',
  mfa_reset_decided: 'Über diese Anfrage wurde bereits entschieden.',
  self_approval:
    'Sie können nicht über Ihre eigene Anfrage entscheiden: Ein anderer Sicherheitsverantwortlicher muss das tun.',
  no_verified_contact: 'Dieses Konto hat keinen bestätigten Kontakt, an den ein Code gesendet werden kann.',
  staff_self_change:
    'Sie können Ihre eigenen Rollen nicht ändern: Ein anderer Sicherheitsverantwortlicher muss dies tun.',
  last_security_officer:
    'Dies ist der letzte Sicherheitsverantwortliche dieser Edition: Vergeben Sie die Rolle zuerst an jemand anderen.',
  staff_account_unknown:
    'Kein Konto verwendet diese E-Mail-Adresse in dieser Edition: Die Person muss sich zuerst registrieren.',
  staff_company_required: 'Wählen Sie das Unternehmen, das diese Person verwaltet.',
};
