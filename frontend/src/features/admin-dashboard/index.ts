export { default as DashboardPage } from "./DashboardPage";
