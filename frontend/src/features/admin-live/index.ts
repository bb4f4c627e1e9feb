// The live feed: changes as they happen, the live status, the new-messages and pending-requests badges. Other features use only what is exported here.
export { LiveControls } from "./LiveControls";
export { LiveProvider } from "./LiveProvider";
export { NewMessagesBadge } from "./NewMessagesBadge";
export { PendingRequestsBadge } from "./PendingRequestsBadge";
