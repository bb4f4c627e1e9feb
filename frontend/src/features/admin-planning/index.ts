export { default as PlanningPage } from "./PlanningPage";
