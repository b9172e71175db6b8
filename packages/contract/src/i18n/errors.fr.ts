import type { ErrorMessages } from '../errors';

export const FR_ERROR_MESSAGES: ErrorMessages = {
  validation_failed: 'Certains champs sont manquants ou invalides.',
  bad_request: "La demande n'a pas pu être comprise.",
  control_characters: 'La demande contient des caractères de contrôle, qui ne sont pas acceptés.',
  missing_device_id: "L'identifiant de l'appareil est manquant ou invalide.",
  unsupported_media_type: "Ce type de contenu n'est pas pris en charge.",
  payload_too_large: 'La demande est trop volumineuse.',
  unknown_host: 'Ce portail ne sert pas ce nom de domaine.',
  invalid_credentials: "Nom d'utilisateur ou mot de passe invalide.",
  unknown_client: "Cette application n'est pas enregistrée sur ce portail.",
  sms_limit_reached:
    'Ce numéro a reçu autant de SMS que nous pouvons en envoyer en une heure. Choisissez un autre moyen de recevoir votre code.',
  too_many_attempts: 'Trop de tentatives. Veuillez réessayer plus tard.',
  unauthorized: 'Veuillez vous reconnecter.',
  forbidden: "Vous n'êtes pas autorisé à faire ceci.",
  not_found: "Cet élément n'existe pas.",
  method_not_allowed: "Cette méthode n'est pas autorisée ici.",
  account_locked: 'Ce compte est bloqué. Veuillez contacter le support.',
  maintenance: 'Désolé, vous ne pouvez pas vous connecter pour le moment. Veuillez réessayer plus tard.',
  invalid_partner: 'Oups. Il semble que le partenaire dont vous venez utilise une configuration invalide.',
  reauthentication_required:
    'Pour votre sécurité, veuillez vous reconnecter pour continuer vers cette application.',
  authorization_expired:
    "Cette demande d'autorisation a expiré. Veuillez retourner à l'application et réessayer.",
  invalid_activation_code: "Votre code d'activation est invalide.",
  invalid_invitation_code: "Votre code d'invitation est invalide.",
  invitation_expired: 'Cette invitation a expiré. Demandez-en une nouvelle à votre employeur.',
  invitation_used: 'Cette invitation a déjà été utilisée. Connectez-vous à votre compte.',
  card_activation_pending:
    "Cette carte est liée à un compte mais n'a pas encore pu être activée. Connectez-vous à votre compte : la carte est activée dès que l'émetteur la libère.",
  card_already_activated: 'Cette carte a déjà été activée. Connectez-vous à votre compte.',
  onboarding_expired: 'Votre inscription a expiré. Veuillez recommencer.',
  onboarding_step: "Veuillez d'abord terminer les étapes précédentes.",
  onboarding_invalid_email: "L'adresse e-mail fournie est invalide",
  onboarding_invalid_phone: 'Le numéro de téléphone fourni est invalide',
  terms_required:
    'Veuillez accepter les conditions générales et la déclaration de confidentialité pour continuer.',
  terms_outdated: 'Les conditions ont changé. Veuillez lire et accepter la nouvelle version.',
  account_closing:
    "Ce compte est en cours de fermeture. Vous pouvez encore le garder jusqu'à la fin du délai de réflexion.",
  closure_merge_in_progress:
    'Une fusion de comptes est en cours. Terminez-la ou annulez-la avant de fermer votre compte.',
  closure_already_requested: 'Ce compte est déjà en cours de fermeture.',
  closure_link_invalid:
    "Ce lien n'est pas valide. Ouvrez le lien complet de l'e-mail, ou connectez-vous pour garder votre compte.",
  closure_link_used:
    'Ce lien a déjà été utilisé : la fermeture a été annulée et le compte est conservé. Vous pouvez vous connecter.',
  closure_link_expired:
    'Le délai de réflexion est écoulé : ce compte a été fermé et ses données personnelles effacées.',
  preferences_changed:
    'Vos préférences ont été modifiées ailleurs entre-temps. Vérifiez-les et refaites votre modification.',
  invitation_revoked: 'Cette invitation a été retirée. Demandez-en une nouvelle à votre employeur.',
  invitation_not_pending:
    'Cette invitation ne peut plus être retirée : elle a été utilisée, retirée ou elle a expiré.',
  already_member: 'Cette personne a déjà un compte dans votre entreprise.',
  already_invited: 'Cette personne a déjà une invitation en attente.',
  cards_csv_invalid:
    "Certaines lignes du fichier ne sont pas valables : aucune carte n'a été importée. Corrigez-les et envoyez à nouveau le fichier.",
  csv_invalid:
    "Certaines lignes du fichier ne sont pas valables : personne n'a été invité. Corrigez-les et envoyez à nouveau le fichier.",
  locked_by_support:
    'Ce compte a été bloqué par le support, pas par votre entreprise : seul le support peut le rétablir.',
  already_suspended: 'Cet accès est déjà suspendu.',
  not_suspended: "Cet accès n'est pas suspendu.",
  webhook_destination_refused:
    'Cette adresse ne peut pas recevoir de webhooks : utilisez une adresse HTTPS publique.',
  webhook_already_delivered:
    "Cet envoi a atteint son destinataire ou est encore en cours : il n'est pas renvoyé.",
  client_changed:
    "Ce client a été modifié par quelqu'un d'autre entre-temps. Vérifiez son enregistrement actuel et refaites votre modification.",
  client_exists: 'Un client avec cet identifiant est déjà enregistré.',
  client_first_party: 'Les clients propres au portail ne peuvent être ni désactivés ni supprimés.',
  client_public_no_secret: "Un client public n'a pas de secret à renouveler.",
  unavailable: 'Le service est momentanément indisponible. Veuillez réessayer dans un instant.',
  server_error: "Une erreur s'est produite. Veuillez réessayer plus tard.",
  mfa_required: 'Veuillez confirmer votre identité avec un code de vérification.',
  invalid_code: 'Votre code est invalide, réessayez.',
  challenge_expired: "Ce code n'est plus valable. Veuillez en demander un nouveau.",
  resend_too_soon: 'Veuillez patienter un instant avant de demander un nouveau code.',
  'email-duplicated': 'Cette adresse e-mail est déjà utilisée. Veuillez en utiliser une autre.',
  'phone-duplicated': 'Ce numéro de téléphone est déjà utilisé. Veuillez en utiliser un autre.',
  'sms-duplicated': 'Ce numéro reçoit déjà vos codes SMS. Veuillez en utiliser un autre.',
  invalid_email: 'Cet e-mail est invalide ou déjà utilisé',
  invalid_phone: 'Ce numéro de téléphone est invalide ou déjà utilisé',
  mfa_minimum: 'Vous devez garder au moins une méthode de vérification par e-mail et une par SMS.',
  sudo_required: 'Veuillez confirmer votre identité pour continuer.',
  passkey_invalid:
    "Cette clé d'accès n'a pas été acceptée. Réessayez ou confirmez votre identité d'une autre manière.",
  passkey_duplicated: "Cette clé d'accès est déjà enregistrée sur votre compte.",
  mfa_setup_required: "Veuillez d'abord configurer la vérification en deux étapes.",
  weak_password_change_required: "Veuillez d'abord choisir un nouveau mot de passe.",
  session_not_fresh: 'Veuillez vous reconnecter pour changer votre mot de passe.',
  password_too_short: 'Votre mot de passe doit contenir au moins 8 caractères.',
  password_too_long: 'Votre mot de passe peut contenir au maximum 128 caractères.',
  password_common: 'Ce mot de passe est trop courant. Veuillez en choisir un autre.',
  password_breached: 'Ce mot de passe figure dans une fuite de données. Veuillez en choisir un autre.',
  password_personal: 'Votre mot de passe ne doit pas contenir votre adresse e-mail ni votre nom.',
  password_unchanged: "Votre nouveau mot de passe doit être différent de l'actuel.",
  current_password_invalid: "Votre mot de passe actuel n'est pas correct.",
  invalid_card_number: 'Votre numéro de carte est invalide.',
  invalid_national_register_number: 'Votre numéro de registre national est invalide.',
  reset_expired: 'Cette réinitialisation du mot de passe a expiré. Veuillez recommencer.',
  captcha_required: "Veuillez confirmer que vous n'êtes pas un robot.",
  captcha_failed: 'La vérification anti-robot a échoué. Veuillez réessayer.',
  invalid_iban: "L'IBAN fourni est invalide.",
  profile_changed:
    'Vos informations ont été modifiées ailleurs entre-temps. Vérifiez les informations actuelles et refaites votre modification.',
  contact_minimum: 'Vous devez garder au moins une adresse e-mail et un numéro de téléphone.',
  contact_is_primary:
    "C'est votre contact principal et votre identifiant. Rendez d'abord un autre contact principal, ou changez votre identifiant.",
  contact_used_by_mfa:
    "Ce contact reçoit vos codes de vérification. Modifiez-le d'abord dans l'onglet Sécurité.",
  primary_needs_mfa:
    "Seul un contact vérifié avec la vérification en deux étapes activée peut devenir principal. Activez-la dans l'onglet Sécurité.",
  fuzzion_invalid: 'Les informations fournies sont invalides',
  fuzzion_failed: 'Une erreur technique est survenue lors de la fusion des comptes.',
  link_expired: "Ce lien n'est plus valable.",
  staff_mfa_required:
    "Le personnel se connecte avec une application d'authentification ou une clé d'accès. Configurez-en une d'abord dans vos paramètres de sécurité.",
  reason_required: 'Veuillez indiquer pourquoi vous faites ceci.',
  search_too_short: 'Veuillez saisir au moins 3 caractères.',
  identity_check_failed: 'Le numéro de carte et la date de naissance ne correspondent pas à ce compte.',
  mfa_reset_pending:
    "Ce compte a déjà une réinitialisation de la vérification en deux étapes en attente d'une décision.",
  mfa_reset_decided: 'Cette demande a déjà été traitée.',
  self_approval:
    'Vous ne pouvez pas décider de votre propre demande : un autre responsable de la sécurité doit le faire.',
  no_verified_contact: "Ce compte n'a aucun contact vérifié auquel envoyer un code.",
  staff_self_change:
    'Vous ne pouvez pas modifier vos propres rôles : un autre responsable de la sécurité doit le faire.',
  last_security_officer:
    "C'est le dernier responsable de la sécurité de cette édition : accordez d'abord le rôle à quelqu'un d'autre.",
  staff_account_unknown:
    "Aucun compte n'utilise cette adresse e-mail dans cette édition : la personne doit d'abord s'inscrire.",
  staff_company_required: "Choisissez l'entreprise que cette personne gère.",
};
