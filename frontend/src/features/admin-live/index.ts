// The live feed: changes as they happen, the live status, the new-messages badge. Other features use only what is exported here.
export { LiveControls } from "./LiveControls";
export { LiveProvider } from "./LiveProvider";
export { NewMessagesBadge } from "./NewMessagesBadge";
