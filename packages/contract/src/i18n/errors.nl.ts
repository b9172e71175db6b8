import type { ErrorMessages } from '../errors';

export const NL_ERROR_MESSAGES: ErrorMessages = {
  validation_failed: 'Sommige velden ontbreken of zijn ongeldig.',
  bad_request: 'Het verzoek kon niet worden begrepen.',
  control_characters: 'Het verzoek bevat stuurtekens; die worden niet aanvaard.',
  missing_device_id: 'De apparaat-ID ontbreekt of is ongeldig.',
  unsupported_media_type: 'Dit inhoudstype wordt niet ondersteund.',
  payload_too_large: 'Het verzoek is te groot.',
  unknown_host: 'Dit portaal bedient deze hostnaam niet.',
  invalid_credentials: 'Ongeldige gebruikersnaam/wachtwoord.',
  unknown_client: 'Deze toepassing is niet geregistreerd bij dit portaal.',
  sms_limit_reached:
    'Dit nummer heeft zoveel sms-berichten gekregen als we er in een uur kunnen sturen. Kies een andere manier om je code te ontvangen.',
  too_many_attempts: 'Te veel pogingen. Probeer het later opnieuw.',
  unauthorized: 'Meld je opnieuw aan.',
  forbidden: 'Je mag dit niet doen.',
  not_found: 'Dit item bestaat niet.',
  method_not_allowed: 'Deze methode is hier niet toegestaan.',
  account_locked: 'Dit account is geblokkeerd. Neem contact op met de klantendienst.',
  maintenance: 'Sorry, je kunt je op dit moment niet aanmelden. Probeer het later opnieuw.',
  invalid_partner: 'Oeps. De partner waarvan je komt, lijkt een ongeldige configuratie te gebruiken.',
  reauthentication_required: 'Meld je voor je veiligheid opnieuw aan om verder te gaan naar deze toepassing.',
  authorization_expired:
    'Dit autorisatieverzoek is verlopen. Ga terug naar de toepassing en probeer het opnieuw.',
  invalid_activation_code: 'Je activeringscode is ongeldig.',
  invalid_invitation_code: 'Je uitnodigingscode is ongeldig.',
  invitation_expired: 'Deze uitnodiging is verlopen. Vraag je werkgever om een nieuwe.',
  invitation_used: 'Deze uitnodiging is al gebruikt. Meld je aan bij je account.',
  card_activation_pending:
    'Deze kaart is aan een account gekoppeld maar kon nog niet worden geactiveerd. Meld je aan op je account: de kaart wordt geactiveerd zodra de uitgever ze vrijgeeft.',
  card_already_activated: 'Deze kaart is al geactiveerd. Meld je aan bij je account.',
  onboarding_expired: 'Je registratie is verlopen. Begin opnieuw.',
  onboarding_step: 'Rond eerst de vorige stappen af.',
  onboarding_invalid_email: 'Het opgegeven e-mailadres is ongeldig',
  onboarding_invalid_phone: 'Het opgegeven telefoonnummer is ongeldig',
  terms_required: 'Aanvaard de algemene voorwaarden en de privacyverklaring om verder te gaan.',
  terms_outdated: 'De voorwaarden zijn gewijzigd. Lees en aanvaard de nieuwe versie.',
  account_closing: 'Dit account wordt gesloten. Je kunt het nog behouden tot het einde van de bedenktijd.',
  closure_merge_in_progress:
    'Er loopt een samenvoeging van accounts. Rond die af of annuleer ze voordat je je account sluit.',
  closure_already_requested: 'Dit account wordt al gesloten.',
  closure_link_invalid:
    'Deze link is niet geldig. Open de volledige link uit de e-mail, of meld je aan om je account te behouden.',
  closure_link_used:
    'Deze link is al gebruikt: de sluiting is geannuleerd en het account blijft bestaan. Je kunt je aanmelden.',
  closure_link_expired:
    'De bedenktijd is voorbij: dit account is gesloten en de persoonsgegevens zijn gewist.',
  preferences_changed:
    'Je voorkeuren zijn intussen elders gewijzigd. Controleer ze en voer je wijziging opnieuw uit.',
  invitation_revoked: 'Deze uitnodiging is ingetrokken. Vraag je werkgever om een nieuwe.',
  invitation_not_pending:
    'Deze uitnodiging kan niet meer worden ingetrokken: ze is gebruikt, ingetrokken of verlopen.',
  already_member: 'Deze persoon heeft al een account in je bedrijf.',
  already_invited: 'Deze persoon heeft al een openstaande uitnodiging.',
  cards_csv_invalid:
    'Sommige regels van het bestand zijn ongeldig: er is geen kaart geïmporteerd. Verbeter ze en stuur het bestand opnieuw.',
  csv_invalid:
    'Sommige rijen van het bestand zijn niet geldig: niemand is uitgenodigd. Verbeter ze en upload het bestand opnieuw.',
  locked_by_support:
    'Dit account is geblokkeerd door de klantendienst, niet door je bedrijf: alleen de klantendienst kan het herstellen.',
  already_suspended: 'Deze toegang is al geschorst.',
  not_suspended: 'Deze toegang is niet geschorst.',
  webhook_destination_refused: 'Dit adres kan geen webhooks ontvangen: gebruik een openbaar HTTPS-adres.',
  webhook_already_delivered:
    'Deze levering heeft haar ontvanger bereikt of wordt nog verstuurd: ze wordt niet opnieuw verstuurd.',
  client_changed:
    'Deze client is intussen door iemand anders gewijzigd. Controleer de huidige registratie en voer je wijziging opnieuw uit.',
  client_exists: 'Er is al een client met deze id geregistreerd.',
  client_first_party: 'De eigen clients van het portaal kunnen niet worden uitgeschakeld of verwijderd.',
  client_public_no_secret: 'Een publieke client heeft geen geheim om te vernieuwen.',
  unavailable: 'De dienst is even niet beschikbaar. Probeer het zo meteen opnieuw.',
  server_error: 'Er is een fout opgetreden. Probeer het later opnieuw.',
  mfa_required: 'Bevestig je identiteit met een verificatiecode.',
  invalid_code: 'Je code is ongeldig, probeer opnieuw.',
  challenge_expired: 'Deze code is niet meer geldig. Vraag een nieuwe aan.',
  resend_too_soon: 'Wacht even voordat je een nieuwe code aanvraagt.',
  'email-duplicated': 'Dit e-mailadres is al in gebruik. Gebruik een ander adres.',
  'phone-duplicated': 'Dit telefoonnummer is al in gebruik. Gebruik een ander nummer.',
  'sms-duplicated': 'Dit nummer ontvangt al je sms-codes. Gebruik een ander nummer.',
  invalid_email: 'Dit e-mailadres is ongeldig of al in gebruik',
  invalid_phone: 'Dit telefoonnummer is ongeldig of al in gebruik',
  mfa_minimum: 'Je moet minstens één verificatiemethode via e-mail en één via sms behouden.',
  sudo_required: 'Bevestig je identiteit om verder te gaan.',
  passkey_invalid:
    'Deze passkey werd niet aanvaard. Probeer opnieuw of bevestig je identiteit op een andere manier.',
  passkey_duplicated: 'Deze passkey is al geregistreerd op je account.',
  mfa_setup_required: 'Stel eerst de verificatie in twee stappen in.',
  weak_password_change_required: 'Kies eerst een nieuw wachtwoord.',
  session_not_fresh: 'Log opnieuw in om je wachtwoord te wijzigen.',
  password_too_short: 'Je wachtwoord moet minstens 8 tekens bevatten.',
  password_too_long: 'Je wachtwoord mag maximaal 128 tekens bevatten.',
  password_common: 'Dit wachtwoord is te gewoon. Kies een ander.',
  password_breached: 'Dit wachtwoord kwam voor in een datalek. Kies een ander.',
  password_personal: 'Je wachtwoord mag je e-mailadres of naam niet bevatten.',
  password_unchanged: 'Je nieuwe wachtwoord moet verschillen van het huidige.',
  current_password_invalid: 'Je huidige wachtwoord is niet juist.',
  invalid_card_number: 'Je kaartnummer is ongeldig.',
  invalid_national_register_number: 'Je rijksregisternummer is ongeldig.',
  reset_expired: 'Deze wachtwoordherstelling is verlopen. Begin opnieuw.',
  captcha_required: 'Bevestig dat je geen robot bent.',
  captcha_failed: 'De robotcontrole is mislukt. Probeer het opnieuw.',
  invalid_iban: 'Het opgegeven IBAN is ongeldig.',
  profile_changed:
    'Je gegevens zijn intussen ergens anders gewijzigd. Bekijk de huidige gegevens en voer je wijziging opnieuw uit.',
  contact_minimum: 'Je moet minstens één e-mailadres en één telefoonnummer behouden.',
  contact_is_primary:
    'Dit is je primaire contact en je gebruikersnaam. Maak eerst een ander contact primair, of wijzig je gebruikersnaam.',
  contact_used_by_mfa:
    'Dit contact ontvangt je verificatiecodes. Wijzig het eerst in het tabblad Beveiliging.',
  primary_needs_mfa:
    'Alleen een geverifieerd contact met tweestapsverificatie kan primair worden. Zet die aan in het tabblad Beveiliging.',
  fuzzion_invalid: 'De opgegeven informatie is ongeldig',
  fuzzion_failed: 'Er is een technische fout opgetreden bij het samenvoegen van de accounts.',
  link_expired: 'Deze link is niet meer geldig.',
  staff_mfa_required:
    'Medewerkers melden zich aan met een authenticator-app of een passkey. Stel er eerst een in bij je beveiligingsinstellingen.',
  reason_required: 'Geef aan waarom je dit doet.',
  search_too_short: 'Typ minstens 3 tekens.',
  identity_check_failed: 'Het kaartnummer en de geboortedatum komen niet overeen met deze account.',
  mfa_reset_pending: 'Voor deze account wacht al een reset van de tweestapsverificatie op een beslissing.',
  mfa_reset_decided: 'Over deze aanvraag is al beslist.',
  self_approval:
    'Je kunt niet over je eigen aanvraag beslissen: een andere beveiligingsverantwoordelijke moet dat doen.',
  no_verified_contact: 'Deze account heeft geen geverifieerd contact om een code naar te sturen.',
  staff_self_change:
    'Je kunt je eigen rollen niet wijzigen: een andere beveiligingsverantwoordelijke moet dat doen.',
  last_security_officer:
    'Dit is de laatste beveiligingsverantwoordelijke van deze editie: geef de rol eerst aan iemand anders.',
  staff_account_unknown:
    'Geen account gebruikt dit e-mailadres in deze editie: de persoon moet zich eerst registreren.',
  staff_company_required: 'Kies het bedrijf dat deze persoon beheert.',
};
