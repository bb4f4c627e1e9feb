// Texts of the live feed (moved into the admin catalogue once it is on react-i18next).
export const liveTexts = {
  newBooking: (name: string, car: string) => (car ? `Nouvelle réservation : ${name} — ${car}` : `Nouvelle réservation : ${name}`),
  newMessage: (name: string, subject: string) => `Nouveau message de ${name} : ${subject}`,
  live: "En direct",
  connecting: "Connexion au direct…",
  offline: "Direct interrompu : actualisez la page pour voir les nouveautés",
  sound: "Son des notifications",
  newMessages: (n: number) => (n === 1 ? "1 nouveau message" : `${n} nouveaux messages`),
};
