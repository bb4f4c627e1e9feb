import { check, db as supabase } from "../admin-kit";
import { toCustomer, type Customer } from "./customerView";

/** The agency's customers with their bookings and money received, latest first (admin_customers, administrators only). */
export async function listCustomers(): Promise<Customer[]> {
  return check(await supabase.rpc("admin_customers")).map(toCustomer);
}
