import type { ErrorMessages } from '../errors';

export const FR_ERROR_MESSAGES: ErrorMessages = {
  validation_failed: 'Certains champs sont manquants ou invalides.',
  bad_request: "La demande n'a pas pu être comprise.",
  missing_device_id: "L'identifiant de l'appareil est manquant ou invalide.",
  unsupported_media_type: "Ce type de contenu n'est pas pris en charge.",
  payload_too_large: 'La demande est trop volumineuse.',
  unknown_host: 'Ce portail ne sert pas ce nom de domaine.',
  invalid_credentials: "Nom d'utilisateur ou mot de passe invalide.",
  too_many_attempts: 'Trop de tentatives. Veuillez réessayer plus tard.',
  unauthorized: 'Veuillez vous reconnecter.',
  forbidden: "Vous n'êtes pas autorisé à faire ceci.",
  not_found: "Cet élément n'existe pas.",
  method_not_allowed: "Cette méthode n'est pas autorisée ici.",
  account_locked: 'Ce compte est bloqué. Veuillez contacter le support.',
  maintenance: 'Désolé, vous ne pouvez pas vous connecter pour le moment. Veuillez réessayer plus tard.',
  server_error: "Une erreur s'est produite. Veuillez réessayer plus tard.",
};
