// The administrators and settings screen. Other features use only what is exported here.
export { default as AdminsPage } from "./AdminsPage";
