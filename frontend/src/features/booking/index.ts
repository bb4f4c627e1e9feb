// What other features may use of the booking: the receipt of an order (the
// "My booking" page shows the stored booking with it) and its row.
export { OrderReceipt } from "./OrderReceipt";
export { Row } from "./Row";
