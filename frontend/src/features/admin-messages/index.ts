// Contact messages and travellers' requests. Other features use only what is exported here.
export { default as MessagesPage } from "./MessagesPage";
export { default as RequestsPage } from "./requests/RequestsPage";
export { messageStatus } from "./messageFlow";
