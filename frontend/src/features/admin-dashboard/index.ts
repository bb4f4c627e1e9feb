// The dashboard. Other features use only what is exported here.
export { default as DashboardPage } from "./DashboardPage";
