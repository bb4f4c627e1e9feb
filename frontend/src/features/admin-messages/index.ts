export { default as MessagesPage } from "./MessagesPage";
export { default as RequestsPage } from "./requests/RequestsPage";
export { messageStatus } from "./messageFlow";
