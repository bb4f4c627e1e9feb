export { default as CarsPage } from "./CarsPage";
