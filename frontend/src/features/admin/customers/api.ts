import { db as supabase } from "../lib/db";
import { check } from "../lib/errors";
import { toCustomer, type Customer } from "./customerView";

/** The agency's customers with their bookings and money received, latest first (admin_customers, administrators only). */
export async function listCustomers(): Promise<Customer[]> {
  return check(await supabase.rpc("admin_customers")).map(toCustomer);
}
