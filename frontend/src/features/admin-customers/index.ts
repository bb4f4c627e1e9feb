export { default as CustomersPage } from "./CustomersPage";
