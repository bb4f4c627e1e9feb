// The fleet screen. Other features use only what is exported here.
export { default as CarsPage } from "./CarsPage";
