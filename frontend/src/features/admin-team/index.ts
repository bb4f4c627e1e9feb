export { default as AdminsPage } from "./AdminsPage";
