export { LiveControls } from "./LiveControls";
export { LiveProvider } from "./LiveProvider";
export { NewMessagesBadge } from "./NewMessagesBadge";
