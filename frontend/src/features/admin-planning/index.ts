// The planning screen. Other features use only what is exported here.
export { default as PlanningPage } from "./PlanningPage";
