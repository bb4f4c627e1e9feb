// The contact form, the public entry of this feature (eslint.layers.js).
export { ContactForm } from "./ContactForm";
