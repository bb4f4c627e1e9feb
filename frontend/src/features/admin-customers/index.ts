// The customers screen. Other features use only what is exported here.
export { default as CustomersPage } from "./CustomersPage";
