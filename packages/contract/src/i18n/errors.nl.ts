import type { ErrorMessages } from '../errors';

export const NL_ERROR_MESSAGES: ErrorMessages = {
  validation_failed: 'Sommige velden ontbreken of zijn ongeldig.',
  bad_request: 'Het verzoek kon niet worden begrepen.',
  missing_device_id: 'De apparaat-ID ontbreekt of is ongeldig.',
  unsupported_media_type: 'Dit inhoudstype wordt niet ondersteund.',
  payload_too_large: 'Het verzoek is te groot.',
  unknown_host: 'Dit portaal bedient deze hostnaam niet.',
  invalid_credentials: 'Ongeldige gebruikersnaam/wachtwoord.',
  too_many_attempts: 'Te veel pogingen. Probeer het later opnieuw.',
  unauthorized: 'Meld je opnieuw aan.',
  forbidden: 'Je mag dit niet doen.',
  not_found: 'Dit item bestaat niet.',
  method_not_allowed: 'Deze methode is hier niet toegestaan.',
  account_locked: 'Dit account is geblokkeerd. Neem contact op met de klantendienst.',
  maintenance: 'Sorry, je kunt op dit moment niet inloggen. Probeer het later opnieuw.',
  server_error: 'Er is een fout opgetreden. Probeer het later opnieuw.',
};
