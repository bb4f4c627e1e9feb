// The travellers' reviews screen. Other features use only what is exported here.
export { default as ReviewsPage } from "./ReviewsPage";
