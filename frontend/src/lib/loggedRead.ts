/**
 * A read the public site can do without (SPEC section 8): its failure, thrown or
 * answered as an error (postgrest-js's `{ data, error }`), is logged under `what`
 * and `fallback` stands in, as it does for no data.
 */
export async function loggedRead<T>(what: string, fallback: T, read: () => PromiseLike<{ data: T | null; error: unknown }>): Promise<T> {
  try {
    const { data, error } = await read();
    if (error) throw error;
    return data ?? fallback;
  } catch (e) {
    console.error(what, e);
    return fallback;
  }
}
