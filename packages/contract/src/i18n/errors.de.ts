import type { ErrorMessages } from '../errors';

export const DE_ERROR_MESSAGES: ErrorMessages = {
  validation_failed: 'Einige Felder fehlen oder sind ungültig.',
  bad_request: 'Die Anfrage konnte nicht verstanden werden.',
  missing_device_id: 'Die Gerätekennung fehlt oder ist ungültig.',
  unsupported_media_type: 'Dieser Inhaltstyp wird nicht unterstützt.',
  payload_too_large: 'Die Anfrage ist zu groß.',
  unknown_host: 'Dieses Portal bedient diesen Hostnamen nicht.',
  invalid_credentials: 'Ungültiger Benutzername/ungültiges Passwort.',
  too_many_attempts: 'Zu viele Versuche. Bitte versuchen Sie es später erneut.',
  unauthorized: 'Bitte melden Sie sich erneut an.',
  forbidden: 'Sie dürfen dies nicht tun.',
  not_found: 'Dieses Element existiert nicht.',
  method_not_allowed: 'Diese Methode ist hier nicht erlaubt.',
  account_locked: 'Dieses Konto ist gesperrt. Bitte wenden Sie sich an den Support.',
  maintenance: 'Leider können Sie sich im Moment nicht anmelden. Bitte versuchen Sie es später erneut.',
  server_error: 'Ein Fehler ist aufgetreten. Bitte versuchen Sie es später erneut.',
};
